// Problem replies: the RFC 9457 body of a status the contract documents.
import type { Contract } from '../contract/contract.js';
import { TOO_DEEP } from '../contract/jsonDepth.js';
import type { ValidationIssue } from '../contract/types.js';
import type { ContractOperation } from '../contract/router.js';
import type { JsonReply, Reply } from './types.js';

export function problemReply(
  contract: Contract,
  status: number,
  detail: string,
  headers?: Record<string, string>,
  validation?: ValidationIssue[],
): JsonReply {
  return { status, body: contract.problem(status, detail, validation), ...(headers ? { headers } : {}) };
}

/** An answer of a status the operation documents with no body (the Petstore's `404: Pet not found`, a `200: User
 * deleted`), or of one HTTP gives none (204, 304), is sent without one, as documented: a refusal without its problem
 * body, an example answer (`Prefer: code=`) without the `null` that stands for no example. */
export function asDocumented(contract: Contract, operation: ContractOperation | undefined, reply: Reply): Reply {
  if (!('body' in reply)) return reply;
  const none = reply.status === 204 || reply.status === 304;
  // A success with a body to send is as its handler made it: no lookup on the way of every answer.
  if (!none && reply.status < 400 && reply.body !== null) return reply;
  const documented = contract.responseFor(operation, reply.status);
  if (!none && (!documented || documented.response.content)) return reply;
  return { status: reply.status, encoded: [], ...(reply.headers ? { headers: reply.headers } : {}) };
}

/** The detail of the 500 that stands in for an answer that would break the contract. */
export const BREAKS_CONTRACT = 'The server produced a response that breaks its own contract.';

/**
 * The 422 of a body nested past the bound every mode reads (jsonDepth.ts), whatever its schema: the same `maxDepth`
 * issue a contract's own x-max-depth gives.
 */
export function tooDeepReply(contract: Contract): JsonReply {
  return problemReply(contract, 422, `The request body ${TOO_DEEP}.`, undefined, [
    { location: ['body'], code: 'maxDepth', message: TOO_DEEP },
  ]);
}

/** An answer its executor found breaking the contract (one Prism made, checked as it was made): a 500, logged. */
export class BrokenAnswerError extends Error {
  override name = 'BrokenAnswerError';
}

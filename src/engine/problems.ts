// Problem replies: the RFC 9457 body of a status the contract documents.
import type { Contract } from '../contract/contract.js';
import type { ValidationIssue } from '../contract/types.js';
import type { JsonReply } from './types.js';

export function problemReply(
  contract: Contract,
  status: number,
  detail: string,
  headers?: Record<string, string>,
  validation?: ValidationIssue[],
): JsonReply {
  return { status, body: contract.problem(status, detail, validation), ...(headers ? { headers } : {}) };
}

/** The detail of the 500 that stands in for an answer that would break the contract. */
export const BREAKS_CONTRACT = 'The server produced a response that breaks its own contract.';

// Problem replies: the RFC 9457 body of a status the contract documents.
import type { Contract } from '../contract/contract.js';
import type { ValidationIssue } from '../contract/types.js';
import type { Reply } from './types.js';

export function problemReply(
  contract: Contract,
  status: number,
  detail: string,
  headers?: Record<string, string>,
  validation?: ValidationIssue[],
): Reply {
  return { status, body: contract.problem(status, detail, validation), ...(headers ? { headers } : {}) };
}

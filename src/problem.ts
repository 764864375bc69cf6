// RFC 9457 problem details. The type and title of each status come from the
// examples in openapi.yaml (components.responses), so the server and the Prism
// mock name every problem the same way.
import { contractRules } from './spec.js';
import type { Problem, ValidationIssue } from './types.js';

const kinds = contractRules().problemKinds;

export function problem(status: number, detail: string, validation?: ValidationIssue[]): Problem {
  const kind = kinds.get(status);
  if (!kind) throw new Error(`openapi.yaml documents no problem with status ${status}`);
  return validation ? { ...kind, status, detail, validation } : { ...kind, status, detail };
}

/** What a handler answers: sent as JSON, or as problem+json for a status of 400 and above. */
export interface Reply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
  /** The handler returns this same body object until the data behind it changes,
   * so it is checked against the contract and serialized only once. */
  stable?: boolean;
}

export function problemReply(status: number, detail: string, headers?: Record<string, string>): Reply {
  return { status, body: problem(status, detail), headers };
}

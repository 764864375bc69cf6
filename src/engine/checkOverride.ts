// An override is checked against the contract when it is set, never when it answers: its operation must exist, its
// status be documented for it, and its body and headers be what that response's schemas allow. An override marked
// unchecked skips the checks, and its answers say so.
import type { Contract } from '../contract/contract.js';
import { ComposedTooLarge } from '../contract/composedExample.js';
import { exampleAnswer, exampleHeaders, type ExampleAnswer } from '../contract/exampleAnswer.js';
import type { ContractOperation } from '../contract/router.js';
import { headerFaults } from '../contract/httpHeaders.js';
import { jsonLength, nestingDepth } from '../contract/limits.js';
import { responseViolations } from '../contract/check.js';

/** Milliseconds: exactly, or drawn evenly from min to max for each answer. */
export type OverrideDelay = number | { min: number; max: number };

/** What a test asks for: an operation answered otherwise, for everyone or for one account or key. */
export interface OverrideSpec {
  operationId: string;
  /** A status the operation documents. Without one, the operation answers as it would, after `delay`. */
  status?: number;
  /** The answer's body; by default, the example the contract documents for the status. */
  body?: unknown;
  headers?: Record<string, string>;
  /** How long to wait before answering. */
  delay?: OverrideDelay;
  /** How many answers it gives before it is gone; by default, until it is removed or reset. */
  times?: number;
  /** Answer only every Nth request it fits (3: the third, sixth, …); the others go on as if it were not there. */
  every?: number;
  /** Only the requests of this account… */
  account?: string;
  /** …or only those sent with this key. */
  key?: string;
  /** Skip the contract's checks; each answer then carries `Override-Unchecked: true`. */
  unchecked?: boolean;
}

/** An override the contract accepted, ready to answer. */
export interface CheckedOverride extends OverrideSpec {
  body: unknown;
  headers: Record<string, string>;
}

export class OverrideError extends Error {
  override name = 'OverrideError';
  constructor(readonly reasons: string[]) {
    super(`the override does not fit the contract: ${reasons.join('; ')}`);
  }
}

const MAX_DELAY_MS = 60_000;
/** An override's body is held as long as it is in force, and listed by the admin API and page. */
export const MAX_OVERRIDE_BODY = { bytes: 64 * 1024, depth: 64 };

export function checkOverride(contract: Contract, spec: OverrideSpec): CheckedOverride {
  const reasons: string[] = [];
  const operation = contract.operations.find((candidate) => candidate.operationId === spec.operationId);
  if (!operation) reasons.push(`no operation ${JSON.stringify(spec.operationId)} in the contract`);
  const { status } = spec;
  if (status === undefined) {
    if (spec.delay === undefined) reasons.push('give a status, a delay, or both');
    if (spec.body !== undefined || spec.headers !== undefined) reasons.push('a body or headers need a status');
  } else if (!Number.isInteger(status) || status < 200 || status > 599)
    // A 1xx is not an answer: the client would wait on for one.
    reasons.push(`status ${String(status)} is not a status an override can answer (200 to 599)`);
  // Checked even when unchecked: Node and Fetch refuse to send what HTTP does not allow in a header.
  if (spec.headers !== undefined) reasons.push(...headerFaults(spec.headers));
  if (spec.delay !== undefined && !validDelay(spec.delay))
    reasons.push(`delay must be from 0 to ${MAX_DELAY_MS} ms, or { min, max } within that, min first`);
  for (const count of ['times', 'every'] as const) {
    const value = spec[count];
    if (value !== undefined && !(Number.isInteger(value) && value > 0))
      reasons.push(`${count} must be a whole number above 0`);
  }
  if (spec.account !== undefined && spec.key !== undefined) reasons.push('name an account or a key, not both');
  if (spec.body !== undefined) reasons.push(...bodyFaults(spec.body));
  if (reasons.length > 0 || !operation) throw new OverrideError(reasons);
  if (status === undefined) return { ...spec, body: undefined, headers: {} };
  const documented = contract.responseFor(operation, status);
  const example = composedAnswer(contract, operation, status, spec.body !== undefined, reasons);
  const body = spec.body === undefined ? example?.body : spec.body;
  const headers = { ...example?.headers, ...spec.headers };
  reasons.push(...headerFaults(example?.headers ?? {}));
  if (reasons.length > 0) throw new OverrideError(reasons);
  if (!spec.unchecked) {
    if (!documented) reasons.push(`${spec.operationId} documents no ${status} answer`);
    else {
      // The answer as a client would receive it, judged as every answer in the tests is (src/contract/check.ts); the
      // contract's own example as the contract made it, its patterns never on RegExp.
      const mediaType = Object.keys(documented.response.content ?? {})[0];
      const sent = new Headers(headers);
      if (mediaType && !sent.has('content-type')) sent.set('content-type', mediaType);
      const text = mediaType === undefined || body === undefined ? '' : JSON.stringify(body);
      const observed = { method: operation.method, path: operation.path, status, headers: sent, text };
      const made = spec.body === undefined;
      for (const violation of responseViolations(contract, observed, made)) reasons.push(violation.message);
    }
    if (reasons.length > 0) throw new OverrideError(reasons);
  }
  return { ...spec, body, headers };
}

/**
 * The example answer an override falls back on. One whose body cannot be composed (ComposedTooLarge) gives its headers
 * alone when the override brings its own body, and else a reason.
 */
function composedAnswer(
  contract: Contract,
  operation: ContractOperation,
  status: number,
  ownBody: boolean,
  reasons: string[],
): Pick<ExampleAnswer, 'body' | 'headers'> | undefined {
  try {
    return exampleAnswer(contract, operation, status);
  } catch (error) {
    if (!(error instanceof ComposedTooLarge)) throw error;
    const documented = contract.responseFor(operation, status);
    if (ownBody && documented)
      return { body: undefined, headers: exampleHeaders(contract.document, documented.response) };
    reasons.push(`give a body: the ${status} answer of ${operation.operationId} has no example, and ${error.message}`);
    return undefined;
  }
}

/** Why a body cannot be held and listed: deeper or longer, as JSON, than MAX_OVERRIDE_BODY. */
function bodyFaults(body: unknown): string[] {
  const { bytes, depth } = MAX_OVERRIDE_BODY;
  if (nestingDepth(body, depth) > depth) return [`the body nests deeper than ${depth} levels`];
  if (jsonLength(body, bytes) > bytes) return [`the body is longer than ${bytes} bytes as JSON`];
  return [];
}

function validDelay(delay: OverrideDelay): boolean {
  const within = (ms: unknown) => typeof ms === 'number' && ms >= 0 && ms <= MAX_DELAY_MS;
  return typeof delay === 'object' && delay !== null
    ? within(delay.min) && within(delay.max) && delay.min <= delay.max
    : within(delay);
}

/** The milliseconds to wait for one answer. */
export function delayOf(delay: OverrideDelay | undefined): number {
  if (delay === undefined) return 0;
  return typeof delay === 'number' ? delay : delay.min + Math.random() * (delay.max - delay.min);
}

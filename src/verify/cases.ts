// What `verify` sends and what it gets back: one request (a case), the answer,
// and the roles of the keys it was given.

export type Phase = 'examples' | 'coverage' | 'fuzz' | 'stateful';
export const PHASES: readonly Phase[] = ['examples', 'coverage', 'fuzz', 'stateful'];

/** The keys `verify` is given: its own, another project's of the same account, another account's. */
export type KeyRole = 'main' | 'sameAccount' | 'otherAccount';

/**
 * Which check judges the status of a case, when it is not the usual one for its expectation: a missing header's, or
 * the lifecycle's, for a record that is not the caller's (another account's, or one deleted), which the contract alone
 * cannot tell.
 */
export type CaseFocus = 'missing_required_header' | 'record_not_found';

export interface TestCase {
  /** The phase of `verify` that made it, or the proxy that saw it. */
  phase: Phase | 'proxy';
  /** What the case tries, e.g. "settings.theme at maxLength + 1 (101 characters)". */
  label: string;
  /** Upper case. */
  method: string;
  /** Below the base URL, query included, e.g. /chatbots?limit=1. */
  path: string;
  headers: Record<string, string>;
  body?: Uint8Array;
  /** The key it sends, when it sends one of the keys given. */
  role?: KeyRole;
  /** The contract example it sends, as a JSON pointer. */
  example?: string;
  focus?: CaseFocus;
}

export interface Answer {
  status: number;
  headers: Headers;
  /** The body as text, decompressed if it came compressed. */
  text: string;
  /** Milliseconds from sending to the whole body. */
  ms: number;
  /** The body's bytes as they came, and the headers as name, value pairs: what a proxy passes on. */
  bytes: Uint8Array;
  rawHeaders: string[];
}

const encoder = new TextEncoder();

export function jsonBody(value: unknown): Uint8Array {
  return encoder.encode(JSON.stringify(value));
}

export function textBody(text: string): Uint8Array {
  return encoder.encode(text);
}

/** The body as the JSON it holds; undefined when it holds none. */
export function parsedBody(testCase: TestCase): unknown {
  if (!testCase.body) return undefined;
  try {
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(testCase.body)) as unknown;
  } catch {
    return undefined;
  }
}

/** The path without its query string. */
export function pathOnly(path: string): string {
  return path.replace(/\?.*$/s, '');
}

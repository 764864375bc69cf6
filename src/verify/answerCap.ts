// How much of an answer `verify` and `proxy` read. The service they judge is
// untrusted: an answer buffered whole, then decoded, ends the process at a few
// hundred MB (ERR_STRING_TOO_LONG) before any report is written. So reading
// stops past a cap, and that exchange is a finding of its own check. An answer
// nested past the depth read of one (jsonDepth.ts) is judged no further either:
// every check that reads it would recurse through it.
import { ANSWER_TOO_DEEP, MAX_ANSWER_DEPTH, textDeeperThan } from '../contract/jsonDepth.js';
import type { Answer } from './cases.js';
import type { Failure } from './checks/types.js';

/**
 * 10 MiB. A default run leaves a list of 71 kB (174 chatbots, about 400 bytes each), and a staging account holds
 * about 50 runs: 3.6 MB. A list of the contract's 10,000 chatbots at its 16,384-character settings limit is about
 * 170 MB: such a service needs the cap raised.
 */
export const DEFAULT_MAX_RESPONSE_BYTES = 10 * 1024 * 1024;

/** From 1 KiB (any problem fits) to 256 MiB, half of the longest string Node can make of a body. */
const MIN = 1024;
const MAX = 256 * 1024 * 1024;

export const MAX_RESPONSE_BYTES_ALLOWED = `a whole number of bytes from ${MIN} to ${MAX}`;

/** The cap, from a number or its text (a flag, a variable, the config file); undefined when it is none allowed. */
export function responseBytesOf(value: unknown): number | undefined {
  const number = typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
  return typeof number === 'number' && Number.isSafeInteger(number) && number >= MIN && number <= MAX
    ? number
    : undefined;
}

/** The cap given in code (runProxy, runVerify), or the default; a RangeError naming `owner` when refused. */
export function checkResponseBytes(value: unknown, owner: string): number {
  if (value === undefined) return DEFAULT_MAX_RESPONSE_BYTES;
  const cap = responseBytesOf(value);
  if (cap === undefined)
    throw new RangeError(`${owner}: maxResponseBytes: expected ${MAX_RESPONSE_BYTES_ALLOWED}, not ${String(value)}`);
  return cap;
}

/** An answer past the cap: nothing more of it was read. `head` holds its status and headers, and no body. */
export class AnswerTooLarge extends Error {
  override name = 'AnswerTooLarge';
  constructor(
    message: string,
    readonly head: Answer,
    readonly cap: number,
  ) {
    super(message);
  }
}

/** The finding of an answer past the cap; `pointer`: where the contract documents the answer expected. */
export function tooLargeFailure(error: AnswerTooLarge, pointer: string): Failure {
  return {
    check: 'max_response_size',
    message: error.message,
    expected: `an answer of at most ${error.cap} bytes, as sent and decompressed (the size read of an answer)`,
    pointer,
  };
}

/** The finding of an answer nested past the depth read of one, or undefined; `pointer` as for tooLargeFailure. */
export function tooDeepFailure(answer: Answer, pointer: string): Failure | undefined {
  if (!textDeeperThan(answer.text, MAX_ANSWER_DEPTH)) return undefined;
  return {
    check: 'max_response_depth',
    message: `the answer's body ${ANSWER_TOO_DEEP}: it was judged no further`,
    expected: `an answer nested at most ${MAX_ANSWER_DEPTH} levels (the depth read of an answer)`,
    pointer,
  };
}

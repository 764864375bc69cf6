// Latency and faults for frontends to test loading and error states. None is on
// by default, and all act after routing but before the body, the key or the
// store are looked at:
//   delay [MIN, MAX] ms         every answer waits
//   fault rate R                that fraction of requests fails: a 500 problem or a dropped connection
//   Prefer: delay=MS            this answer waits (at most 30 s)
//   Prefer: code=NNN            this answer is the documented status NNN with its example body (nothing is stored)
//   Prefer: fault=reset         the connection is dropped
// A Prefer that is applied is named in Preference-Applied (RFC 7240); one that
// cannot be (a code the operation does not document) is ignored.
import type { Contract } from '../../contract/contract.js';
import { exampleAnswer } from '../../contract/exampleAnswer.js';
import { problemReply } from '../problems.js';
import type { Step } from '../types.js';

/** Latency added to every answer: milliseconds, or [min, max]. */
export type Delay = number | [number, number];

export interface FaultOptions {
  delay?: Delay;
  /** The fraction of requests that fail, 0 to 1. */
  faultRate?: number;
}

const MAX_PREFER_DELAY_MS = 30_000;

export function parsePreferences(header: string | undefined): Map<string, string> {
  const preferences = new Map<string, string>();
  for (const part of (header ?? '').split(',')) {
    const [name, value = ''] = part
      .replace(/;.*$/s, '')
      .split('=')
      .map((token) => token.trim().replace(/^"|"$/g, ''));
    if (name) preferences.set(name.toLowerCase(), value);
  }
  return preferences;
}

export function faultsStep(contract: Contract, options: FaultOptions): Step {
  const [min, max] = typeof options.delay === 'number' ? [options.delay, options.delay] : (options.delay ?? [0, 0]);
  const always = Boolean(max || options.faultRate);
  return async (context, next) => {
    const preferHeader = context.request.headers.prefer;
    // The common case (nothing asked for) costs one comparison.
    if (!always && preferHeader === undefined) return next();
    const prefer = parsePreferences(preferHeader);
    let wait = 0;
    if (max) wait += min + Math.random() * (max - min);
    const preferDelay = Number(prefer.get('delay'));
    if (prefer.has('delay') && Number.isFinite(preferDelay) && preferDelay >= 0) {
      wait += Math.min(preferDelay, MAX_PREFER_DELAY_MS);
      context.applied.push(`delay=${prefer.get('delay')}`);
    }
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));

    if (prefer.get('fault') === 'reset') return { drop: true };
    if (options.faultRate && Math.random() < options.faultRate) {
      if (Math.random() < 0.5) return { drop: true };
      return problemReply(
        contract,
        500,
        'A fault injected on purpose: this server is set to fail a share of its requests (fault injection).',
      );
    }
    const code = Number(prefer.get('code'));
    // A 1xx is not an answer a client can end on: it is not asked for that way.
    const final = Number.isInteger(code) && code >= 200 && code <= 599;
    const example = final && context.operation ? exampleAnswer(contract, context.operation, code) : undefined;
    if (example) {
      context.applied.push(`code=${code}`);
      return example;
    }
    return next();
  };
}

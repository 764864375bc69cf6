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
import { composedExample } from '../../contract/composedExample.js';
import type { OpenAPIV3 } from 'openapi-types';
import type { Contract } from '../../contract/contract.js';
import type { ContractOperation } from '../../contract/router.js';
import { problemReply } from '../problems.js';
import type { JsonReply, Step } from '../types.js';

export interface FaultOptions {
  /** [min, max] milliseconds added to every answer. */
  delay?: [number, number];
  /** 0 to 1. */
  faultRate?: number;
}

const MAX_PREFER_DELAY_MS = 30_000;

export function parseDelay(value: string): [number, number] {
  const match = /^(\d+)(?:-(\d+))?$/.exec(value.trim());
  const min = Number(match?.[1]);
  const max = match?.[2] === undefined ? min : Number(match[2]);
  if (!match || max < min) throw new Error(`expected MS or MIN-MAX milliseconds, not "${value}"`);
  return [min, max];
}

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

/** The example answer the contract documents for this operation and status, if it documents one. */
export function exampleReply(contract: Contract, operation: ContractOperation, status: number): JsonReply | undefined {
  const documented = contract.responseFor(operation, status);
  if (!documented) return undefined;
  const { response } = documented;
  const media = Object.values(response.content ?? {})[0];
  // The single example, or else the first of the named ones (Prism's choice too).
  const named = Object.values(media?.examples ?? {})[0] as OpenAPIV3.ExampleObject | undefined;
  const headers: Record<string, string> = {};
  for (const [name, header] of Object.entries(response.headers ?? {})) {
    const example = ((header as OpenAPIV3.HeaderObject).schema as OpenAPIV3.SchemaObject | undefined)?.example;
    if (example !== undefined) headers[name] = String(example);
  }
  // No example at all: one composed from the schema's own examples, as Prism does.
  const composed = media?.schema ? composedExample(media.schema as OpenAPIV3.SchemaObject) : null;
  return { status, body: media?.example ?? named?.value ?? composed, headers };
}

export function faultsStep(contract: Contract, options: FaultOptions): Step {
  const always = Boolean(options.delay || options.faultRate);
  return async (context, next) => {
    const preferHeader = context.request.headers.prefer;
    // The common case (nothing asked for) costs one comparison.
    if (!always && preferHeader === undefined) return next();
    const prefer = parsePreferences(preferHeader);
    let wait = 0;
    if (options.delay) wait += options.delay[0] + Math.random() * (options.delay[1] - options.delay[0]);
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
    const example =
      prefer.has('code') && context.operation ? exampleReply(contract, context.operation, code) : undefined;
    if (example) {
      context.applied.push(`code=${code}`);
      return example;
    }
    return next();
  };
}

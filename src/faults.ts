// Latency and faults for frontends to test loading and error states. None is on
// by default, and all act before the request is routed, checked or stored:
//   --delay MS | MIN-MAX        every /api answer waits
//   --fault-rate R              that fraction of /api requests fails: a 500 problem or a dropped connection
//   Prefer: delay=MS            this answer waits (at most 30 s)
//   Prefer: code=NNN            this answer is the documented status NNN with its example body (nothing is stored)
//   Prefer: fault=reset         the connection is dropped
// A Prefer that is applied is named in Preference-Applied (RFC 7240); one that
// cannot be (a code the operation does not document) is ignored.
import type { Request, Response } from 'express';
import type { OpenAPIV3 } from 'openapi-types';
import { problemReply, type Reply } from './problem.js';
import { loadSpec } from './spec.js';

export interface FaultOptions {
  /** [min, max] milliseconds added to every /api answer. */
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
    const [name, value = ''] = part.split(';')[0]!.split('=').map((token) => token.trim().replace(/^"|"$/g, ''));
    if (name) preferences.set(name.toLowerCase(), value);
  }
  return preferences;
}

/** The example answer the contract documents for this request and status, if it documents one. */
export function exampleReply(method: string, path: string, status: number): Reply | undefined {
  const spec = loadSpec();
  const operation = (spec.paths[path] as Record<string, OpenAPIV3.OperationObject> | undefined)?.[method.toLowerCase()];
  let response = operation?.responses[String(status)] as OpenAPIV3.ResponseObject | OpenAPIV3.ReferenceObject | undefined;
  if (response && '$ref' in response) {
    response = spec.components?.responses?.[response.$ref.split('/').pop()!] as OpenAPIV3.ResponseObject;
  }
  if (!response) return undefined;
  const media = Object.values(response.content ?? {})[0];
  const headers: Record<string, string> = {};
  for (const [name, header] of Object.entries(response.headers ?? {})) {
    const example = ((header as OpenAPIV3.HeaderObject).schema as OpenAPIV3.SchemaObject | undefined)?.example;
    if (example !== undefined) headers[name] = String(example);
  }
  return { status, body: media?.example ?? null, headers };
}

/**
 * Applies the latency and faults asked for, before the request is routed. Returns
 * false at once when nothing is asked (no promise, so the common case costs
 * nothing); otherwise a promise of whether the request has been answered (or
 * dropped) here. Called on the base path, so req.path is the contract's path.
 */
export type FaultInjector = (req: Request, res: Response) => false | Promise<boolean>;

export function createFaultInjector(options: FaultOptions, send: (res: Response, reply: Reply) => void): FaultInjector {
  const always = Boolean(options.delay || options.faultRate);
  return (req, res) => {
    if (!always && req.headers.prefer === undefined) return false;
    return inject(req, res);
  };

  async function inject(req: Request, res: Response): Promise<boolean> {
    const prefer = parsePreferences(req.get('prefer'));
    const applied: string[] = [];
    let wait = 0;
    if (options.delay) wait += options.delay[0] + Math.random() * (options.delay[1] - options.delay[0]);
    const preferDelay = Number(prefer.get('delay'));
    if (prefer.has('delay') && Number.isFinite(preferDelay) && preferDelay >= 0) {
      wait += Math.min(preferDelay, MAX_PREFER_DELAY_MS);
      applied.push(`delay=${prefer.get('delay')}`);
    }
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));

    if (prefer.get('fault') === 'reset') {
      req.socket.destroy();
      return true;
    }
    if (options.faultRate && Math.random() < options.faultRate) {
      if (Math.random() < 0.5) req.socket.destroy();
      else send(res, problemReply(500, 'A fault injected by --fault-rate (chaos mode).'));
      return true;
    }
    const code = Number(prefer.get('code'));
    const example = prefer.has('code') ? exampleReply(req.method, req.path, code) : undefined;
    if (example) {
      res.set('Preference-Applied', [...applied, `code=${code}`].join(', '));
      send(res, example);
      return true;
    }
    if (applied.length > 0) res.set('Preference-Applied', applied.join(', '));
    return false;
  }
}

// What a check works with: typed clients for the keys it was given, raw requests
// for what a typed client will not send, and a record of every exchange, each
// checked against openapi.yaml as it arrives.
import type { Middleware } from 'openapi-fetch';
import { createChatbotClient, type ChatbotClient } from './client.js';
import { contractViolations } from '../contract/check.js';
import type { Contract } from '../contract/contract.js';

export interface VerifyTarget {
  /** The service address, ending in /api. */
  baseUrl: string;
  key: string;
  keySameAccount?: string;
  keyOtherAccount?: string;
}

export interface Exchange {
  method: string;
  path: string;
  status: number;
  /** How the answer breaks the contract; empty when it honours it. */
  violations: string[];
}

export interface RawAnswer {
  status: number;
  headers: Headers;
  text: string;
}

/** Thrown by a check that found a defect. */
export class CheckFailed extends Error {
  override name = 'CheckFailed';
}

export function must(condition: unknown, reason: string): asserts condition {
  if (!condition) throw new CheckFailed(reason);
}

export class CheckContext {
  readonly exchanges: Exchange[] = [];
  readonly #basePath: string;
  readonly #recorder: Middleware = {
    onResponse: async ({ request, response }) => {
      await this.#record(request.method, new URL(request.url).pathname, response.clone());
    },
  };

  constructor(
    readonly target: VerifyTarget,
    readonly runId: string,
    readonly contract: Contract,
    /** Each request is given up after this long (--timeout), and all of them at the run's deadline (--max-time). */
    readonly limits: { requestMs: number; deadline: AbortSignal } = { requestMs: 10_000, deadline: new AbortController().signal },
  ) {
    this.#basePath = new URL(target.baseUrl).pathname.replace(/\/+$/, '');
  }

  /** A typed client sending `key` (the main key by default; null sends none). */
  client(key: string | null = this.target.key): ChatbotClient {
    return createChatbotClient({
      baseUrl: this.target.baseUrl,
      ...(key === null ? {} : { apiKey: key }),
      middleware: [this.#recorder],
      fetch: (request) => fetch(request, { signal: this.#signal() }),
    });
  }

  /** A request exactly as given: any method, path, headers and body. */
  async raw(method: string, path: string, init: { headers?: Record<string, string>; body?: string } = {}): Promise<RawAnswer> {
    const url = this.target.baseUrl.replace(/\/+$/, '') + path;
    const response = await fetch(url, { method, headers: init.headers, body: init.body, signal: this.#signal() });
    const text = await this.#record(method, new URL(url).pathname, response);
    return { status: response.status, headers: response.headers, text };
  }

  #signal(): AbortSignal {
    return AbortSignal.any([AbortSignal.timeout(this.limits.requestMs), this.limits.deadline]);
  }

  /** A name no earlier run used, so a shared deployment's other data never confuses a check. */
  name(label: string): string {
    return `verify ${this.runId} ${label}`;
  }

  async #record(method: string, fullPath: string, response: Response): Promise<string> {
    const text = await response.text();
    const path = fullPath.startsWith(this.#basePath) ? fullPath.slice(this.#basePath.length) || '/' : fullPath;
    const violations = contractViolations(this.contract, { method, path, status: response.status, headers: response.headers, text });
    this.exchanges.push({ method, path, status: response.status, violations });
    return text;
  }
}

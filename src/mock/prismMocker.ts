// Prism's HTTP mocker (@stoplight/prism-http) on one contract document: makes
// the success answer of an operation, from the contract's examples or
// (dynamic) from its schemas. It runs in the mock's generator process
// (prismProcess.ts), where what a contract asks Prism to generate is bounded
// in time and memory.
import { createRequire } from 'node:module';
import type * as PrismHttp from '@stoplight/prism-http';
import type { IHttpConfig, IHttpRequest } from '@stoplight/prism-http';
import { pino } from 'pino';

/** One request to mock, as the engine has already checked it. */
export interface MockCall {
  method: string;
  /** The operation's path template, below the base path, e.g. /chatbots/{id}. */
  path: string;
  params: Record<string, string>;
  headers: Record<string, string>;
  body: unknown;
  /** Generate from the schemas rather than serve the examples (`--dynamic`, or `Prefer: dynamic=`). */
  dynamic: boolean;
  /** From `Prefer: example=`, when the request names one. */
  exampleKey?: string;
}

export interface MockAnswer {
  status: number;
  /** As Prism made them: a header's example or generated value may be a number (prismExecutor.ts writes them). */
  headers: Record<string, unknown>;
  body: unknown;
}

export type PrismMocker = (call: MockCall) => Promise<MockAnswer>;

/** prismHttp: the path of this package's own bundle of Prism (tools/build-bin.mjs). */
export async function createPrismMocker(document: object, prismHttp: string): Promise<PrismMocker> {
  const { createInstance, getHttpOperationsFromSpec } = createRequire(import.meta.url)(prismHttp) as typeof PrismHttp;
  // Prism routes the operations' own paths; the engine hands it the path below the base.
  const { servers: _servers, ...withoutServers } = document as { servers?: unknown };
  const operations = await getHttpOperationsFromSpec(withoutServers);
  const config: IHttpConfig = {
    mock: { dynamic: false },
    // The engine checks requests, keys and answers: Prism only mocks.
    validateRequest: false,
    validateResponse: false,
    checkSecurity: false,
    errors: false,
    upstreamProxy: undefined,
    isProxy: false,
  };
  // Prism logs at its own `success` level too; nothing of it is needed here.
  const logger = pino({ enabled: false, customLevels: { success: 32 } });
  const prism = createInstance(config, { logger: logger as never });

  return async (call) => {
    const input: IHttpRequest = {
      method: call.method.toLowerCase() as IHttpRequest['method'],
      url: { path: fillTemplate(call.path, call.params) },
      headers: call.headers,
      body: call.body,
    };
    const mock = { dynamic: call.dynamic };
    let result = await prism.request(input, operations, {
      ...config,
      mock: call.exampleKey ? { ...mock, exampleKey: call.exampleKey } : mock,
    })();
    // A preference that cannot be honoured (no example of that name) is ignored, as RFC 7240 asks.
    if (result._tag === 'Left' && call.exampleKey)
      result = await prism.request(input, operations, { ...config, mock })();
    if (result._tag === 'Left') throw result.left;
    const { statusCode, headers = {}, body } = result.right.output;
    // The engine sets Content-Type and Cache-Control itself.
    const { 'Content-type': _type, 'content-type': _lower, ...rest } = headers as Record<string, unknown>;
    return { status: statusCode, headers: rest, body: withFullMilliseconds(body) };
  };
}

function fillTemplate(template: string, params: Record<string, string>): string {
  return template.replace(/\{([^}]+)\}/g, (_whole, name: string) => encodeURIComponent(params[name] ?? ''));
}

// json-schema-faker, which Prism generates with, trims trailing zeros of the
// milliseconds of a date-time (…:41.0Z); the contract wants three digits.
const SHORT_MILLISECONDS = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d{1,2}))?Z$/;

function withFullMilliseconds(value: unknown): unknown {
  if (typeof value === 'string') {
    const match = SHORT_MILLISECONDS.exec(value);
    return match ? `${match[1]}.${(match[2] ?? '').padEnd(3, '0')}Z` : value;
  }
  if (Array.isArray(value)) return value.map(withFullMilliseconds);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, withFullMilliseconds(inner)]));
  }
  return value;
}

// Prism's HTTP mocker (@stoplight/prism-http), in this process, as the engine's
// executor: the engine has already answered every request-level case (404 to
// 422) exactly as the reference server does, so Prism only makes the success
// answer, from the contract's examples or (dynamic) from its schemas.
// `Prefer: example=NAME` and `Prefer: dynamic=true|false` reach it as they do
// with Prism's own server; `Prefer: code=` is the engine's faults step.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type * as PrismHttp from '@stoplight/prism-http';
import type { IHttpConfig, IHttpRequest } from '@stoplight/prism-http';
import { pino } from 'pino';
import type { Contract } from '../contract/contract.js';
import { packageRoot } from '../contract/load.js';
import { parsePreferences } from '../engine/steps/faults.js';
import type { Executor, Reply } from '../engine/types.js';

export interface PrismExecutorOptions {
  /** Generate data from the schemas instead of serving the examples. */
  dynamic?: boolean;
}

/** Prism's HTTP mocker, from this package's own bundle of it (tools/build-bin.mjs): loaded on first use. */
function loadPrism(): typeof PrismHttp {
  return createRequire(import.meta.url)(join(packageRoot, 'dist', 'vendor', 'prism-http.cjs')) as typeof PrismHttp;
}

export async function createPrismExecutor(contract: Contract, options: PrismExecutorOptions = {}): Promise<Executor> {
  const { createInstance, getHttpOperationsFromSpec } = loadPrism();
  // Prism routes the operations' own paths; the engine hands it the path below the base.
  const document = structuredClone(contract.document);
  delete document.servers;
  const operations = await getHttpOperationsFromSpec(document);
  const config: IHttpConfig = {
    mock: { dynamic: options.dynamic ?? false },
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

  return async ({ operation, params, body, request }) => {
    const prefer = parsePreferences(request.headers.prefer);
    const dynamic = prefer.get('dynamic');
    const input: IHttpRequest = {
      method: operation.method.toLowerCase() as IHttpRequest['method'],
      url: { path: fillTemplate(operation.path, params) },
      headers: Object.fromEntries(
        Object.entries(request.headers).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
      ),
      body,
    };
    const mock = {
      ...config.mock,
      ...(dynamic === 'true' || dynamic === 'false' ? { dynamic: dynamic === 'true' } : {}),
    };
    const exampleKey = prefer.get('example');
    let result = await prism.request(input, operations, {
      ...config,
      mock: exampleKey ? { ...mock, exampleKey } : mock,
    })();
    // A preference that cannot be honoured (no example of that name) is ignored, as RFC 7240 asks.
    if (result._tag === 'Left' && exampleKey) result = await prism.request(input, operations, { ...config, mock })();
    if (result._tag === 'Left') throw result.left;
    const { statusCode, headers = {}, body: answer } = result.right.output;
    // The engine sets Content-Type and Cache-Control itself.
    const { 'Content-type': _type, 'content-type': _lower, ...rest } = headers as Record<string, string>;
    return { status: statusCode, body: withFullMilliseconds(answer), headers: rest } satisfies Reply;
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

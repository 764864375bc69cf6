// MSW handlers that run the reference behaviour in the page or test process:
// the same engine, store, keys, validation, errors, Prefer faults and
// Cache-Control as `serve`, with no server and no port. Works with
// setupServer (msw/node) and setupWorker (msw/browser). No node: module.
import { http, HttpResponse, type HttpHandler } from 'msw';
import type { Contract } from '../contract/contract.js';
import { BodyReadError, type BodyReader } from '../engine/types.js';
import { createReferenceFrom, type ReferenceSettings } from '../reference/reference.js';
import type { ApiKey } from '../state/keys.js';
import { testControls, type TestControls } from '../reference/controls.js';

export interface MswOptions extends ReferenceSettings {
  /** The API's base URL, ending in /api: absolute (http://localhost:3000/api), or a path (/api) for any origin. */
  baseUrl: string;
}

/** The handlers, and what a test drives them with: override, seed, requests, useScenario and reset. */
export interface MswMock extends TestControls {
  /** For setupServer(...handlers) or setupWorker(...handlers). */
  handlers: HttpHandler[];
  keys: readonly ApiKey[];
}

export function createMswHandlersFor(contract: Contract, options: MswOptions): MswMock {
  const base = options.baseUrl.replace(/\/+$/, '');
  const absolute = /^[a-z][a-z0-9+.-]*:\/\//i.test(base);
  const basePath = absolute ? new URL(base).pathname.replace(/\/+$/, '') : base;
  // The base itself and everything below it; MSW tests a RegExp against the whole URL.
  const prefix = absolute ? escapeRegExp(base) : `[a-z][a-z0-9+.-]*://[^/]+${escapeRegExp(base)}`;
  const matches = new RegExp(`^${prefix}(?:[/?#].*)?$`, 'i');

  const reference = createReferenceFrom(contract, options, { basePath, coverageSource: 'msw' });

  const handler = http.all(matches, async ({ request }) => {
    const url = new URL(request.url);
    const response = await reference.engine.handle({
      method: request.method.toUpperCase(),
      path: url.pathname,
      query: url.search.slice(1),
      headers: Object.fromEntries(request.headers),
      body: bodyReader(request),
    });
    if (response.kind === 'drop') return HttpResponse.error();
    const { status, headers } = response;
    // A 204 (a CORS preflight) has no body at all: a Response refuses even an empty one.
    if (status === 204) return new HttpResponse(null, { status, headers });
    if (response.streamed) return new HttpResponse(streamOf(response.body), { status, headers });
    // The cast is needed under the DOM's types (packages/msw/tsconfig.types.json), not under Node's.
    const body = Array.isArray(response.body)
      ? // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- see the line above
        new Blob(response.body as ConstructorParameters<typeof Blob>[0])
      : response.body;
    return new HttpResponse(body, { status, headers });
  });
  return { handlers: [handler], keys: reference.keys, ...testControls(reference) };
}

/** A streamed answer's items (OpenAPI 3.2's sequential media types), each a chunk of its own as the page reads it. */
function streamOf(body: string | Uint8Array | (string | Uint8Array)[]): ReadableStream<Uint8Array> {
  const items = (Array.isArray(body) ? body : [body]).map((item) =>
    typeof item === 'string' ? new TextEncoder().encode(item) : item,
  );
  let next = 0;
  return new ReadableStream({
    pull(controller) {
      const item = items[next++];
      if (item) controller.enqueue(item);
      else controller.close();
    },
  });
}

/** Reads the body as a stream, and stops as soon as it passes the limit. */
function bodyReader(request: Request): BodyReader | undefined {
  const { body } = request;
  if (body === null) return undefined;
  return async (limit) => {
    const encoding = request.headers.get('content-encoding')?.trim().toLowerCase();
    if (encoding && encoding !== 'identity')
      throw new BodyReadError('unsupported-encoding', `Content-Encoding: ${encoding}`);
    const reader = body.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        // Not awaited: msw hands the handler one branch of a tee, whose cancel settles only once the other is too.
        void reader.cancel().catch(() => undefined);
        throw new BodyReadError('too-large', 'the body is over the limit');
      }
      chunks.push(value);
    }
    if (size === 0) return undefined;
    const bytes = new Uint8Array(size);
    let offset = 0;
    for (const chunk of chunks) {
      bytes.set(chunk, offset);
      offset += chunk.byteLength;
    }
    return bytes;
  };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

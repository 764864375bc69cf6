// Sends one case over HTTP, exactly as built: no header or body is added that
// the case does not hold, and any method may carry a body (the contract counts
// a GET's body against the size limit too), so node:http rather than fetch.
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import type { Answer, TestCase } from './cases.js';

/** Why a run stops when its time is up (the runner adds how long, and in which phase). */
export const TIME_LIMIT = 'the run reached its time limit';

export interface SendLimits {
  /** Each request is given up after this long (the request timeout). */
  requestMs: number;
  /** All of them at the run's end (its time limit). */
  deadline: AbortSignal;
}

/** Nothing listens at the address, or the run's time is up: every further case would fail alike, so the run stops. */
export class RunStopped extends Error {
  override name = 'RunStopped';
}

export class RequestFailed extends Error {
  override name = 'RequestFailed';
}

const UNREACHABLE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

export function send(baseUrl: string, testCase: TestCase, limits: SendLimits): Promise<Answer> {
  const url = new URL(baseUrl.replace(/\/+$/, '') + testCase.path);
  const started = performance.now();
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<Answer>((resolve, reject) => {
    if (limits.deadline.aborted) return reject(new RunStopped(TIME_LIMIT));
    const signal = AbortSignal.any([AbortSignal.timeout(limits.requestMs), limits.deadline]);
    // Content-Length always: Node sends a GET's body without one otherwise.
    const headers = testCase.body
      ? { ...testCase.headers, 'Content-Length': String(testCase.body.length) }
      : testCase.headers;
    const outgoing = request(url, { method: testCase.method, headers, signal }, (response: IncomingMessage) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', (error) => reject(failed(error, limits)));
      response.on('end', () => {
        const headers = new Headers();
        for (const [name, value] of Object.entries(response.headers)) {
          for (const one of [value ?? []].flat()) headers.append(name, one);
        }
        const bytes = Buffer.concat(chunks);
        const text = decode(bytes, response.headers['content-encoding']).toString('utf8');
        resolve({
          status: response.statusCode ?? 0,
          headers,
          text,
          ms: performance.now() - started,
          bytes,
          rawHeaders: response.rawHeaders,
        });
      });
    });
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code && UNREACHABLE.has(error.code)
          ? new RunStopped(`nothing answers at ${baseUrl} (${error.code})`)
          : failed(error, limits),
      );
    });
    outgoing.end(testCase.body ? Buffer.from(testCase.body) : undefined);
  });
}

function failed(error: NodeJS.ErrnoException, limits: SendLimits): Error {
  if (limits.deadline.aborted) return new RunStopped(TIME_LIMIT);
  if (error.name === 'AbortError')
    return new RequestFailed(`no whole answer within the request timeout (${limits.requestMs / 1000} s)`);
  return new RequestFailed(`the request failed: ${error.code ?? error.message}`);
}

/** The body as sent before compression; as it came when it does not decompress (the checks then say it is not JSON). */
function decode(bytes: Buffer, encoding: string | undefined): Buffer {
  const decompress = { gzip: gunzipSync, 'x-gzip': gunzipSync, deflate: inflateSync, br: brotliDecompressSync }[
    encoding?.trim().toLowerCase() ?? ''
  ];
  if (!decompress) return bytes;
  try {
    return decompress(bytes, { maxOutputLength: 64 * 1024 * 1024 });
  } catch {
    return bytes;
  }
}

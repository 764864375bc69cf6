// Sends one case over HTTP, exactly as built: no header or body is added that
// the case does not hold, and any method may carry a body (the contract counts
// a GET's body against the size limit too), so node:http rather than fetch.
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { sequentialKind } from '../contract/sequential.js';
import { AnswerTooLarge } from './answerCap.js';
import type { Answer, TestCase } from './cases.js';
import { TargetRefused, targetUrl } from './targetUrl.js';

/** Why a run stops when its time is up (the runner adds how long, and in which phase). */
export const TIME_LIMIT = 'the run reached its time limit';

export interface SendLimits {
  /** Each request is given up after this long (the request timeout). */
  requestMs: number;
  /** All of them at the run's end (its time limit). */
  deadline: AbortSignal;
  /** The most bytes of a body read, as sent and decompressed (answerCap.ts); past it, AnswerTooLarge. */
  maxResponseBytes: number;
  /**
   * Takes a streamed answer (a sequential media type, sequential.ts, not compressed) as it arrives: its head first,
   * then each chunk (`pause` holds the upstream back until the taker is ready), then its end. The request timeout is
   * then the longest wait for the next chunk, and the size cap is the taker's to keep. Without it, a stream is read
   * for at most the request timeout, and what came is the answer.
   */
  onStream?: (head: Answer) => StreamTaker;
}

export interface StreamTaker {
  chunk(bytes: Buffer, pause: () => () => void): void;
  end(): void;
  /** Stops reading: the taker has what it needs. */
  readonly stopped?: boolean;
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
  const started = performance.now();
  return new Promise<Answer>((resolve, reject) => {
    if (limits.deadline.aborted) return reject(new RunStopped(TIME_LIMIT));
    let url: URL;
    try {
      url = targetUrl(baseUrl, testCase.path);
    } catch (error) {
      // A refusal, not a request: the case is a failed request, as one nothing answered.
      return reject(error instanceof TargetRefused ? new RequestFailed(error.message) : error);
    }
    const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const timeout = new AbortController();
    // A stream that is still going when the time is up is cut there, and what came of it is its answer.
    let cut: (() => void) | undefined;
    const timer = setTimeout(() => (cut ? cut() : timeout.abort()), limits.requestMs);
    // The run's deadline ends the request too, by a listener let go with the request: AbortSignal.any would tie a
    // signal to the deadline for every request, for as long as the deadline lives (the proxy's never ends).
    const atDeadline = () => timeout.abort();
    limits.deadline.addEventListener('abort', atDeadline, { once: true });
    const { signal } = timeout;
    const settle =
      <T>(finish: (value: T) => void) =>
      (value: T) => {
        clearTimeout(timer);
        limits.deadline.removeEventListener('abort', atDeadline);
        finish(value);
      };
    const done = settle(resolve);
    const fail = settle(reject);
    // Content-Length always: Node sends a GET's body without one otherwise.
    const headers = testCase.body
      ? { ...testCase.headers, 'Content-Length': String(testCase.body.length) }
      : testCase.headers;
    const outgoing = request(url, { method: testCase.method, headers, signal }, (response: IncomingMessage) => {
      const cap = limits.maxResponseBytes;
      const head = (): Answer => ({
        status: response.statusCode ?? 0,
        headers: headersOf(response),
        text: '',
        ms: performance.now() - started,
        bytes: new Uint8Array(),
        rawHeaders: response.rawHeaders,
      });
      // Past the cap nothing more is read: the connection is dropped, so the sender stops too.
      const past = `the ${cap} bytes read of an answer`;
      let stopped = false;
      const tooLarge = (message: string) => {
        stopped = true;
        response.destroy();
        outgoing.destroy();
        fail(new AnswerTooLarge(message, head(), cap));
      };
      const streamed =
        hasBody(testCase.method, response.statusCode) &&
        sequentialKind(response.headers['content-type'] ?? '') !== undefined &&
        (response.headers['content-encoding'] ?? 'identity').trim().toLowerCase() === 'identity';
      if (streamed && limits.onStream) {
        const answered = head();
        return takeStream(response, answered, limits.onStream(answered));
      }
      const declared = Number(response.headers['content-length']);
      if (hasBody(testCase.method, response.statusCode) && declared > cap)
        return tooLarge(`the answer declares ${declared} bytes (Content-Length), more than ${past}: none was read`);
      const chunks: Buffer[] = [];
      let received = 0;
      const whole = () => {
        const bytes = Buffer.concat(chunks);
        const decoded = decode(bytes, response.headers['content-encoding'], cap);
        if (!decoded) return tooLarge(`the answer's body, decompressed, went past ${past}`);
        done({ ...head(), text: decoded.toString('utf8'), bytes });
      };
      if (streamed)
        cut = () => {
          stopped = true;
          response.destroy();
          whole();
        };
      response.on('data', (chunk: Buffer) => {
        if (stopped) return;
        received += chunk.length;
        if (received <= cap) return void chunks.push(chunk);
        chunks.length = 0; // what was read is let go at once
        tooLarge(`the answer's body went past ${past}: reading stopped there`);
      });
      response.on('error', (error) => fail(failed(error, limits)));
      response.on('end', () => {
        if (!stopped) whole();
      });
    });

    /** A stream passed on as it comes: the timeout is the longest wait for the next chunk. */
    function takeStream(response: IncomingMessage, head: Answer, taker: StreamTaker): void {
      let ended = false;
      const end = () => {
        if (!ended) taker.end();
        ended = true;
      };
      const pause = () => {
        response.pause();
        return () => response.resume();
      };
      response.on('data', (chunk: Buffer) => {
        timer.refresh();
        taker.chunk(chunk, pause);
        if (taker.stopped) {
          response.destroy();
          outgoing.destroy();
          end();
          done(head);
        }
      });
      response.on('error', (error) => {
        end();
        fail(failed(error, limits));
      });
      response.on('end', () => {
        end();
        done(head);
      });
    }

    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      fail(
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
  if (error.name === 'AbortError' || error.code === 'ABORT_ERR')
    return new RequestFailed(`no whole answer within the request timeout (${limits.requestMs / 1000} s)`);
  return new RequestFailed(`the request failed: ${error.code ?? error.message}`);
}

function headersOf(response: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(response.headers)) {
    for (const one of [value ?? []].flat()) headers.append(name, one);
  }
  return headers;
}

/** Whether the answer may carry a body: a HEAD's Content-Length, say, is that of the GET, not of this answer. */
function hasBody(method: string, status = 0): boolean {
  return method !== 'HEAD' && status >= 200 && status !== 204 && status !== 304;
}

/**
 * The body as sent before compression, within the cap (undefined past it); as it came when it does not decompress
 * (the checks then say it is not JSON).
 */
function decode(bytes: Buffer, encoding: string | undefined, cap: number): Buffer | undefined {
  const decompress = { gzip: gunzipSync, 'x-gzip': gunzipSync, deflate: inflateSync, br: brotliDecompressSync }[
    encoding?.trim().toLowerCase() ?? ''
  ];
  if (!decompress) return bytes;
  try {
    return decompress(bytes, { maxOutputLength: cap });
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE' ? undefined : bytes;
  }
}

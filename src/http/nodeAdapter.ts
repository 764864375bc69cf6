// The engine on Node's own request and response objects, which Express and
// Connect use too: `serve` runs it in front of its Express app, and
// createMiddleware hands it to yours. Reading the body (body-parser: size
// limit, content encodings) happens here; everything the contract decides,
// CORS included, happens in the engine.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { once } from 'node:events';
import type { Duplex } from 'node:stream';
import bodyParser from 'body-parser';
import { hasBody } from 'type-is';
import { deeperThan, MAX_JSON_DEPTH } from '../contract/jsonDepth.js';
import type { Engine } from '../engine/pipeline.js';
import { pathBelow } from '../engine/steps/route.js';
import { lingerOn } from './lingeringClose.js';
import { BodyReadError, type BodyReader, type EngineRequest, type EngineResponse } from '../engine/types.js';

export type NextFunction = (error?: unknown) => void;
/** An Express- and Connect-style middleware. */
export type NodeMiddleware = (req: IncomingMessage, res: ServerResponse, next: NextFunction) => void;

export interface NodeAdapterOptions {
  /** Answer every path (outside the base path: the engine's 404), rather than pass it to next(). */
  answerAll?: boolean;
  /** Called with what was sent, for logs: the project of the key, once known. */
  onAnswer?: (res: ServerResponse, response: EngineResponse) => void;
  /** Pass a path under the base path that the contract does not list to next(), rather than answer 404. */
  passUnknownPaths?: boolean;
  /** Paths another layer serves (the docs, the contract, the admin API): passed to next() unless the contract
   * declares them, whatever the base path (an API at `/` included). */
  sitePaths?: RegExp;
}

/** Answers requests under the engine's base path; passes any other request to next(). */
export function createNodeMiddleware(engine: Engine, options: NodeAdapterOptions = {}): NodeMiddleware {
  const readers = new Map<number, ReturnType<typeof bodyParser.raw>>();
  const { basePath } = engine;

  return (req, res, next) => {
    const { path, query } = targetOf(req);
    const method = req.method ?? 'GET';
    if (!options.answerAll && pathBelow(basePath, path) === undefined) return next();
    const unknown = () => engine.route(method, path).kind === 'not-found';
    if ((options.passUnknownPaths || options.sitePaths?.test(path)) && unknown()) return next();
    const reparsed = readByParser(req) && !rawText(req);
    const request: EngineRequest = {
      method,
      path,
      query,
      headers: headersOf(req),
      body: bodyOf(req, res),
      reparsed,
    };
    // A failure to send (a header Node refuses, say) goes to next() as any other: never an unhandled rejection.
    engine
      .handle(request)
      .then((response) => {
        options.onAnswer?.(res, response);
        send(req, res, response);
      })
      .catch(next);
  };

  /**
   * The bytes of a body that a parser of the host app has read: the raw text where it kept it
   * (req.rawBody), a Buffer or string it left as such, or else the parsed value as JSON (the
   * request is then marked `reparsed`: the engine cannot check its numbers exactly). A value nested past the bound
   * every mode reads is refused before JSON.stringify recurses through it.
   */
  async function parsedBytes(req: IncomingMessage): Promise<Uint8Array | undefined> {
    const exact = rawText(req);
    if (exact) return exact.length > 0 ? exact : undefined;
    if (req.headers['content-length'] === '0') return undefined;
    const { body } = req as { body?: unknown };
    if (deeperThan(body, MAX_JSON_DEPTH)) throw new BodyReadError('too-deep', 'the body nests too deep');
    return Buffer.from(JSON.stringify(body));
  }

  /** A reader that enforces the limit while it reads; none for a request without a body. */
  function bodyOf(req: IncomingMessage, res: ServerResponse): BodyReader | undefined {
    if (readByParser(req)) return async () => parsedBytes(req);
    if (!hasBody(req)) return undefined;
    return (limit) => {
      let read = readers.get(limit);
      if (!read) readers.set(limit, (read = bodyParser.raw({ type: () => true, limit })));
      return new Promise((resolve, reject) => {
        read(req, res, (error?: unknown) => {
          if (error) return reject(asBodyReadError(error));
          const body: unknown = (req as { body?: unknown }).body;
          (req as { body?: unknown }).body = undefined;
          resolve(Buffer.isBuffer(body) && body.length > 0 ? body : undefined);
        });
      });
    };
  }
}

/** The request target's path and query string. */
function targetOf(req: IncomingMessage): { path: string; query?: string } {
  // Express strips the mount path from req.url; originalUrl keeps it.
  const url = (req as { originalUrl?: string }).originalUrl ?? req.url ?? '/';
  const mark = url.indexOf('?');
  return mark === -1 ? { path: url } : { path: url.slice(0, mark), query: url.slice(mark + 1) };
}

/** The body as sent, where a parser of the host app kept it: req.rawBody, or a Buffer or string it left as the body. */
function rawText(req: IncomingMessage): Buffer | undefined {
  const { body, rawBody } = req as { body?: unknown; rawBody?: unknown };
  for (const value of [rawBody, body]) {
    if (Buffer.isBuffer(value)) return value;
    if (typeof value === 'string') return Buffer.from(value);
  }
  return undefined;
}

/**
 * The request's headers as the engine reads them. Node keeps only the first of a repeated
 * Authorization; the contract wants exactly one, so repeats are joined, as a Fetch Headers
 * object joins them (MSW), and the key check refuses the result as malformed.
 */
function headersOf(req: IncomingMessage): EngineRequest['headers'] {
  const headers = req.headers as EngineRequest['headers'];
  if (headers.authorization === undefined) return headers;
  const values = req.rawHeaders.filter(
    (_, index) => index % 2 === 1 && req.rawHeaders[index - 1]?.toLowerCase() === 'authorization',
  );
  return values.length > 1 ? { ...headers, authorization: values.join(', ') } : headers;
}

/** Whether a body parser of the host app (express.json(), …) has read the body before this middleware. */
function readByParser(req: IncomingMessage): boolean {
  return (req as { body?: unknown }).body !== undefined && req.readableEnded;
}

/**
 * body-parser's failures, as the engine names them. Reading a body fails only
 * for what the client sent (too much, an encoding it does not have, a
 * compressed body that does not decompress, a body cut short): never a 5xx.
 */
function asBodyReadError(error: unknown): BodyReadError {
  const { type, message = String(error) } = (error ?? {}) as { type?: string; message?: string };
  if (type === 'entity.too.large') return new BodyReadError('too-large', 'the body is over the limit');
  if (type === 'encoding.unsupported') return new BodyReadError('unsupported-encoding', 'unsupported Content-Encoding');
  return new BodyReadError('unreadable', message);
}

/**
 * Node's HTTP parser refuses a method it does not know (say `MA /api/chatbots`)
 * before any handler runs, with a bare 400. The contract says such a method is
 * a 405 on a listed path (a 404 elsewhere): the engine answers it from the
 * request line, and other malformed requests keep Node's own 400.
 */
export function answerUnknownMethods(engine: Engine) {
  return (failure: Error, socket: Duplex): void => {
    const error = failure as NodeJS.ErrnoException & { rawPacket?: Buffer };
    const line = /^([A-Za-z]+) (\S+) HTTP\/1\.[01]\r?\n/.exec(error.rawPacket?.toString('latin1') ?? '');
    if (error.code !== 'HPE_INVALID_METHOD' || !line || !socket.writable) {
      // What Node does without a handler: a bare status, then the connection closed.
      const status = NODE_DEFAULTS[error.code ?? ''] ?? '400 Bad Request';
      if (socket.writable) socket.write(`HTTP/1.1 ${status}\r\nConnection: close\r\n\r\n`);
      socket.destroy();
      return;
    }
    const [, method = '', target = ''] = line;
    const path = target.replace(/\?.*$/s, '');
    // An operation the contract documents under a method Node cannot parse (an OpenAPI 3.2 additional operation):
    // its headers and body are out of reach, so it cannot be answered; Node's own 400 says so.
    if (engine.route(method.toUpperCase(), path).kind === 'operation') {
      socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
      return;
    }
    void engine.handle({ method: method.toUpperCase(), path, headers: {} }).then(
      (response) => {
        if (response.kind === 'drop') return void socket.destroy();
        const body = Buffer.concat(
          (Array.isArray(response.body) ? response.body : [response.body]).map((part) => Buffer.from(part)),
        );
        const head = Object.entries({ ...response.headers, 'Content-Length': String(body.length), Connection: 'close' })
          .map(([name, value]) => `${name}: ${value}`)
          .join('\r\n');
        socket.end(
          Buffer.concat([
            Buffer.from(`HTTP/1.1 ${response.status} ${STATUS_TEXT[response.status] ?? ''}\r\n${head}\r\n\r\n`),
            body,
          ]),
        );
      },
      () => socket.destroy(),
    );
  };
}

const STATUS_TEXT: Record<number, string> = { 404: 'Not Found', 405: 'Method Not Allowed' };
const NODE_DEFAULTS: Record<string, string> = {
  ERR_HTTP_REQUEST_TIMEOUT: '408 Request Timeout',
  HPE_HEADER_OVERFLOW: '431 Request Header Fields Too Large',
};

export function send(req: IncomingMessage, res: ServerResponse, response: EngineResponse): void {
  if (response.kind === 'drop') {
    req.socket.destroy();
    return;
  }
  if (res.headersSent) return;
  const parts = Array.isArray(response.body) ? response.body : [response.body];
  try {
    res.statusCode = response.status;
    for (const [name, value] of Object.entries(response.headers)) res.setHeader(name, value);
    if (!response.streamed)
      res.setHeader(
        'Content-Length',
        parts.reduce((sum, part) => sum + (typeof part === 'string' ? Buffer.byteLength(part) : part.byteLength), 0),
      );
  } catch (error) {
    // Nothing is sent yet: leave no header of this answer behind for the one that answers the failure.
    for (const name of res.getHeaderNames()) res.removeHeader(name);
    throw error;
  }
  // Answered before the body arrived (a body over the limit, say): the rest is read and dropped, so that the answer
  // reaches a client still writing; on a connection that closes after it, the answer ends once the rest is read.
  const rest = req.complete ? undefined : lingerOn(req, res);
  if (response.streamed) return void sendItems(res, parts, rest);
  // Each part as it is: a list kept as bytes is written without being copied. Node sends no body to a HEAD request.
  for (const part of parts.slice(0, -1)) res.write(part);
  if (!rest) return void res.end(parts.at(-1));
  // Written whole now, so the client reads its answer as it writes; ended, and so closed, once the rest is read.
  res.write(parts.at(-1) ?? '');
  void rest.then(() => res.end());
}

/**
 * A stream's items, each in a chunk of its own, the next once the last has left; stops when the client goes. Ends
 * once `rest` is read, where it is given.
 */
async function sendItems(
  res: ServerResponse,
  items: readonly (string | Uint8Array)[],
  rest?: Promise<void>,
): Promise<void> {
  const gone = new Promise<void>((resolve) => res.once('close', resolve));
  for (const item of items) {
    if (res.destroyed) return;
    if (!res.write(item)) await Promise.race([once(res, 'drain'), gone]);
    await new Promise(setImmediate);
  }
  if (rest) await Promise.race([rest, gone]);
  if (!res.destroyed) res.end();
}

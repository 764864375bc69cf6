// Request bodies for /api. body-parser reads them (size limit, content encodings,
// aborted uploads); the size limit is enforced while reading (413). Whether the
// bytes are JSON (415, 400) is decided apart, after the API key has been checked.
import contentType from 'content-type';
import express, { type Request, type Response } from 'express';
import typeis from 'type-is';
import { problemReply, type Reply } from './problem.js';

/** Resolves to the bytes of the body, or undefined when there is none; rejects with body-parser's error. */
export type BodyReader = (req: Request, res: Response) => Promise<Buffer | undefined>;

export function createBodyReader(maxBodyBytes: number): BodyReader {
  const raw = express.raw({ type: () => true, limit: maxBodyBytes });
  return (req, res) => {
    // Most requests (every GET) carry no body: they need no reader at all.
    if (!typeis.hasBody(req)) return Promise.resolve(undefined);
    return new Promise((resolve, reject) => {
      raw(req, res, (error?: unknown) => {
        if (error) return reject(error);
        const body: unknown = req.body;
        req.body = undefined;
        resolve(Buffer.isBuffer(body) && body.length > 0 ? body : undefined);
      });
    });
  };
}

export type ParsedBody = { ok: true; value: unknown } | { ok: false; problem: Reply };

/** The body as JSON (undefined when there is none), or the problem that says why it is not. */
export function parseJsonBody(bytes: Buffer | undefined, contentTypeHeader: string | undefined): ParsedBody {
  if (bytes === undefined) return { ok: true, value: undefined };
  if (!isJsonMediaType(contentTypeHeader)) {
    return {
      ok: false,
      problem: problemReply(415, 'The request body must be sent with `Content-Type: application/json` (UTF-8).'),
    };
  }
  try {
    return { ok: true, value: JSON.parse(bytes.toString('utf8')) };
  } catch (error) {
    return { ok: false, problem: problemReply(400, `The request body is not well-formed JSON: ${(error as Error).message}`) };
  }
}

function isJsonMediaType(header: string | undefined): boolean {
  if (header === 'application/json') return true; // the usual case, without parsing
  if (!header) return false;
  try {
    const { type, parameters } = contentType.parse(header);
    const charset = parameters.charset?.toLowerCase();
    return type === 'application/json' && (charset === undefined || charset === 'utf-8');
  } catch {
    return false;
  }
}

/** Turns the body reader's own failures (too large, bad encoding) into problems. */
export function bodyErrorReply(error: unknown, maxBodyBytes: number): Reply | undefined {
  const type = (error as { type?: string } | null)?.type;
  if (type === 'entity.too.large') {
    return problemReply(413, `The request body is larger than ${maxBodyBytes} bytes.`);
  }
  if (type === 'encoding.unsupported') {
    return problemReply(415, 'The request body uses a Content-Encoding this server does not support.');
  }
  if (type === 'request.size.invalid' || type === 'entity.verify.failed' || type === 'request.aborted') {
    return problemReply(400, 'The request body could not be read completely.');
  }
  return undefined;
}

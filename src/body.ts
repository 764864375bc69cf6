// Reads request bodies for /api. The size limit is enforced while reading (413),
// but whether the body is JSON (415, 400) is only decided after the API key has
// been checked, so the verdict is kept on res.locals for the validation step.
import contentType from 'content-type';
import express, { type RequestHandler } from 'express';
import './locals.js';
import { problemReply, type Reply } from './problem.js';

export function readBody(maxBodyBytes: number): RequestHandler[] {
  const raw = express.raw({ type: () => true, limit: maxBodyBytes });
  const parseJson: RequestHandler = (req, res, next) => {
    const body: unknown = req.body;
    req.body = undefined;
    if (!Buffer.isBuffer(body) || body.length === 0) return next();
    if (!isJsonMediaType(req.headers['content-type'])) {
      res.locals.bodyProblem = problemReply(
        415,
        'The request body must be sent with `Content-Type: application/json` (UTF-8).',
      );
      return next();
    }
    try {
      req.body = JSON.parse(body.toString('utf8'));
    } catch (error) {
      res.locals.bodyProblem = problemReply(400, `The request body is not well-formed JSON: ${(error as Error).message}`);
    }
    next();
  };
  return [raw, parseJson];
}

function isJsonMediaType(header: string | undefined): boolean {
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

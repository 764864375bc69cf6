// Sends a Reply: JSON, or problem+json for a status of 400 and above.
import type { Response } from 'express';
import type { Reply } from './problem.js';

// A stable body is serialized and encoded once, into a Buffer that is written as
// it is; other bodies stay strings, which Node writes together with the headers.
const serialized = new WeakMap<object, Buffer>();

export function send(res: Response, reply: Reply): void {
  if (res.headersSent) return;
  let body: string | Buffer | undefined = reply.stable ? serialized.get(reply.body as object) : undefined;
  if (body === undefined) {
    body = JSON.stringify(reply.body);
    if (reply.stable) {
      body = Buffer.from(body);
      serialized.set(reply.body as object, body);
    }
  }
  res.statusCode = reply.status;
  res.setHeader('Cache-Control', 'no-store'); // the state changes under the client's feet
  for (const [name, value] of Object.entries(reply.headers ?? {})) res.setHeader(name, value);
  const type = reply.status >= 400 ? 'application/problem+json' : 'application/json';
  res.setHeader('Content-Type', `${type}; charset=utf-8`);
  res.setHeader('Content-Length', typeof body === 'string' ? Buffer.byteLength(body) : body.length);
  res.end(body); // Node sends no body to a HEAD request
}

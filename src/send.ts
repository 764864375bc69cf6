// Sends a Reply: JSON, or problem+json for a status of 400 and above.
import type { Response } from 'express';
import type { Reply } from './problem.js';

// A stable body is serialized once. Strings, not Buffers: Node writes a string
// body in the same write as the headers.
const serialized = new WeakMap<object, string>();

export function send(res: Response, reply: Reply): void {
  if (res.headersSent) return;
  let body = reply.stable ? serialized.get(reply.body as object) : undefined;
  if (body === undefined) {
    body = JSON.stringify(reply.body);
    if (reply.stable) serialized.set(reply.body as object, body);
  }
  res.statusCode = reply.status;
  res.setHeader('Cache-Control', 'no-store'); // the state changes under the client's feet
  for (const [name, value] of Object.entries(reply.headers ?? {})) res.setHeader(name, value);
  const type = reply.status >= 400 ? 'application/problem+json' : 'application/json';
  res.setHeader('Content-Type', `${type}; charset=utf-8`);
  res.setHeader('Content-Length', Buffer.byteLength(body));
  res.end(body); // Node sends no body to a HEAD request
}

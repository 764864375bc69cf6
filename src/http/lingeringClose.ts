// An answer sent before the request's body was read (a 413 for a body over the limit, say) must reach a client that
// is still writing. Closing at once makes its kernel answer the rest with a reset, and a client that writes before it
// reads sees only EPIPE. So the rest of the body is read and dropped, within a bound of bytes and of time, as nginx's
// lingering close does; past either bound, or for a body declared larger than it, the connection is closed.
import type { IncomingMessage, ServerResponse } from 'node:http';

/** How much of the rest is read and dropped, and for how long, before the connection is closed instead. */
export const LINGER = { bytes: 32 * 1024 * 1024, ms: 10_000 };

/** Whether the rest of this request's body can be read and dropped: false when it is declared past the bound. */
export function canLinger(req: IncomingMessage): boolean {
  const declared = Number(req.headers['content-length'] ?? 0);
  return !(declared > LINGER.bytes);
}

/**
 * Reads the rest of the body and drops it; closes the connection past the bound of bytes or of time. Call it before the
 * answer's head is written: Node would otherwise close a connection the client asked to close as soon as the answer is
 * out, and the client, still writing, would get a reset in place of the answer.
 */
export function dropRest(req: IncomingMessage, res: ServerResponse): void {
  if (req.complete) return;
  res.shouldKeepAlive = true;
  let dropped = 0;
  const close = () => {
    clearTimeout(timer);
    req.socket.destroy();
  };
  const timer = setTimeout(close, LINGER.ms);
  timer.unref();
  // A body reader that gave up (over the limit) paused the request and still listens: it is done with it.
  req.removeAllListeners('data');
  req.on('data', (chunk: Buffer) => {
    dropped += chunk.byteLength;
    if (dropped > LINGER.bytes) close();
  });
  req.once('end', () => clearTimeout(timer));
  req.once('close', () => clearTimeout(timer));
  req.resume();
}

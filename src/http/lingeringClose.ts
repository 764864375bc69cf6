// An answer sent before the request's body was read (a 413 for a body over the limit, say) must reach a client that
// is still writing. Closing at once makes its kernel answer the rest with a reset, and a client that writes before it
// reads sees only EPIPE. So the rest of the body is read and dropped, within a bound of bytes and of time, as nginx's
// lingering close does; past either bound, or for a body declared larger than it, the connection is closed.
import type { IncomingMessage, ServerResponse } from 'node:http';

/** How much of the rest is read and dropped, and for how long, before the connection is closed instead. */
export const LINGER = { bytes: 32 * 1024 * 1024, ms: 10_000 };

/** Whether the rest of this request's body can be read and dropped: false when it is declared past the bound. */
function canLinger(req: IncomingMessage): boolean {
  const declared = Number(req.headers['content-length'] ?? 0);
  return !(declared > LINGER.bytes);
}

/**
 * Call it for an answer sent before the body was read, before the answer is written: reads the rest and drops it, and
 * returns when the answer may end. Where the connection stays open, at once (undefined): Node's parser reads on to the
 * next request. Where it closes after the answer, as the client asked (or as the server stops), once the rest is read:
 * Node closes the connection as the answer ends, and a close with the client's bytes unread resets it. Such an answer
 * still says `Connection: close`: Node's parser takes no request after a `close`, so a keep-alive would lose the
 * client's next request. A body declared past the bound is not read: the connection closes after the answer.
 */
export function lingerOn(req: IncomingMessage, res: ServerResponse): Promise<void> | undefined {
  if (!canLinger(req)) {
    res.setHeader('Connection', 'close');
    return undefined;
  }
  const rest = dropRest(req);
  return closesAfter(res) ? rest : undefined;
}

/** Whether Node closes the connection once this answer is out. */
function closesAfter(res: ServerResponse): boolean {
  return !res.shouldKeepAlive || /\bclose\b/i.test(String(res.getHeader('connection') ?? ''));
}

/** Reads the rest of the body and drops it; resolves once it is read; closes the connection past either bound. */
function dropRest(req: IncomingMessage): Promise<void> {
  return new Promise((resolve) => {
    if (req.complete) return resolve();
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
    req.once('end', () => {
      clearTimeout(timer);
      resolve();
    });
    req.once('close', () => clearTimeout(timer));
    req.resume();
  });
}

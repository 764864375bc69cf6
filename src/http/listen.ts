// A node:http server listening, with the connection timeouts every server of
// this package keeps (slow clients cannot hold it), and its orderly stop.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';

export interface ServerTimeouts {
  /** A client must send all request headers within this time (slow-loris headers). */
  headersMs: number;
  /** …and the whole request, body included, within this time (slow-loris bodies). */
  requestMs: number;
  /** An idle keep-alive connection is closed after this time. */
  keepAliveMs: number;
}

export const SERVER_TIMEOUTS: ServerTimeouts = { headersMs: 10_000, requestMs: 30_000, keepAliveMs: 5_000 };

/** A node:http server for the app, with the connection timeouts, listening. */
export async function listen(
  app: (req: IncomingMessage, res: ServerResponse) => void,
  port: number,
  host: string,
  timeouts: Partial<ServerTimeouts> = {},
  onClientError?: (error: Error, socket: Duplex) => void,
): Promise<Server> {
  const limits = { ...SERVER_TIMEOUTS, ...timeouts };
  const server = createServer(
    {
      headersTimeout: limits.headersMs,
      requestTimeout: limits.requestMs,
      keepAliveTimeout: limits.keepAliveMs,
      // How often Node looks for requests past those limits (its default is 30 s).
      connectionsCheckingInterval: Math.min(1_000, limits.headersMs / 2),
    },
    app,
  );
  if (onClientError) server.on('clientError', onClientError);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return server;
}

/** How often a closing server closes the connections that have gone idle since it began to close. */
const CLOSING_SWEEP_MS = 50;

/**
 * Stops accepting connections; resolves when in-flight requests are done. A keep-alive client that goes on
 * sending cannot hold it open: each answer from now on closes its connection (`Connection: close`), and a
 * connection whose answer was already under way is closed once it goes idle.
 */
export function closeServer(server: Server): Promise<void> {
  const closeAfterAnswer = (_req: IncomingMessage, res: ServerResponse) => res.setHeader('Connection', 'close');
  server.prependListener('request', closeAfterAnswer);
  const sweep = setInterval(() => server.closeIdleConnections(), CLOSING_SWEEP_MS).unref();
  return new Promise<void>((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()));
    server.closeIdleConnections();
  }).finally(() => clearInterval(sweep));
}

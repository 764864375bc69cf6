// An upstream a test writes itself, on a free loopback port: its base URL, and a close that ends its connections
// too (a stream it is still writing, a client it keeps alive), so that no test leaves it behind.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Upstream {
  /** Its base URL, ending in /api. */
  url: string;
  close(): Promise<void>;
}

/** A server answering each request with `answer`. */
export async function startUpstream(answer: (req: IncomingMessage, res: ServerResponse) => void): Promise<Upstream> {
  const server = createServer(answer);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

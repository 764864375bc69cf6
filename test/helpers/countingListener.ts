// A listener on 127.0.0.1 that counts the connections made to it: a contract's $ref names it, and a test proves that
// nothing followed the $ref. Started before the tests of the file that calls it, closed after them.
import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';

export interface CountingListener {
  /** Its port, once started. */
  readonly port: number;
  /** The connections made to it so far. */
  readonly connections: number;
}

/** `answer`: what it answers, a YAML schema by default, as a fetched $ref would want. */
export function countingListener(answer: RequestListener = (_req, res) => res.end('type: string\n')): CountingListener {
  const server = createServer(answer);
  let connections = 0;
  server.on('connection', () => (connections += 1));
  beforeAll(() => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve)));
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return {
    get port() {
      return (server.address() as AddressInfo).port;
    },
    get connections() {
      return connections;
    },
  };
}

// Starts the reference server on a port: the programmatic entry, used by the CLI and by tests.
import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:http';
import { pino, type Logger } from 'pino';
import { createApp } from './app.js';
import { DEMO_KEYS, parseKeys, readKeysFile, type ApiKey, type KeysFile } from './keys.js';
import type { ChatbotStore } from './store.js';
import { baseUrl } from './url.js';

export interface ServerOptions {
  /** Default 4010; 0 picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** A keys file to read; without it (and without `keys`) the built-in demo keys are used. */
  keysFile?: string;
  /** Keys given directly, in the keys-file shape. */
  keys?: KeysFile;
  /** Check every response against openapi.yaml (default true). */
  validateResponses?: boolean;
  logger?: Logger;
  store?: ChatbotStore;
}

export interface RunningServer {
  /** The base URL, ending in /api. */
  url: string;
  keys: readonly ApiKey[];
  /** True when no keys were given and the built-in demo keys are in use. */
  demoKeys: boolean;
  /** Stops accepting connections and resolves when in-flight requests are done. */
  close(): Promise<void>;
}

export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const { port = 4010, host = '127.0.0.1', logger = pino({ enabled: false }) } = options;
  const demoKeys = !options.keysFile && !options.keys;
  const keys = options.keysFile ? readKeysFile(options.keysFile) : parseKeys(options.keys ?? DEMO_KEYS);
  const app = await createApp({
    keys,
    logger,
    store: options.store,
    validateResponses: options.validateResponses,
  });
  const server = createServer(app);
  await listen(server, port, host);
  const { port: boundPort } = server.address() as AddressInfo;
  return {
    url: baseUrl(host, boundPort),
    keys,
    demoKeys,
    close: () =>
      new Promise((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeIdleConnections();
      }),
  };
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

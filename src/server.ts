// Starts the reference server on a port: the programmatic entry, used by the CLI and by tests.
import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:http';
import { pino, type Logger } from 'pino';
import { createApp } from './app.js';
import { FileChatbotStore, readDataFile } from './dataFile.js';
import { RequestJournal } from './journal.js';
import { DEMO_KEYS, parseKeys, readKeysFile, type ApiKey, type KeysFile } from './keys.js';
import { parseSeed, readSeedFile, type SeedFile } from './seed.js';
import { InMemoryChatbotStore, type ChatbotStore, type StoredChatbot } from './store.js';
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
  /** A seed file: chatbots to start with and to return to on reset. */
  seedFile?: string;
  /** A seed given directly, in the seed-file shape. */
  seed?: SeedFile;
  /** Keep the state in this file across restarts. */
  dataFile?: string;
  /** Protects /__admin. Required when host is not a loopback address. */
  adminToken?: string;
  /** Check every response against openapi.yaml (default true). */
  validateResponses?: boolean;
  /** Latency and faults on /api (none by default). */
  delay?: [number, number];
  faultRate?: number;
  logger?: Logger;
  /** Connection timeouts; see SERVER_TIMEOUTS for the defaults. */
  timeouts?: Partial<ServerTimeouts>;
  /** A store of your own; it replaces the in-memory (or data-file) store. */
  store?: ChatbotStore;
}

export interface RunningServer {
  /** The base URL, ending in /api. */
  url: string;
  keys: readonly ApiKey[];
  /** True when no keys were given and the built-in demo keys are in use. */
  demoKeys: boolean;
  /** Returns the state to the seed (empty without one), like POST /__admin/reset. */
  reset(): Promise<void>;
  /** Stops accepting connections and resolves when in-flight requests are done. */
  close(): Promise<void>;
}

export interface ServerTimeouts {
  /** A client must send all request headers within this time (slow-loris headers). */
  headersMs: number;
  /** …and the whole request, body included, within this time (slow-loris bodies). */
  requestMs: number;
  /** An idle keep-alive connection is closed after this time. */
  keepAliveMs: number;
}

export const SERVER_TIMEOUTS: ServerTimeouts = { headersMs: 10_000, requestMs: 30_000, keepAliveMs: 5_000 };

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const { port = 4010, host = '127.0.0.1', logger = pino({ enabled: false }) } = options;
  if (options.adminToken === undefined && !isLoopback(host)) {
    throw new ConfigError(
      `refusing to bind ${host} with an open admin API: anyone who reaches it could read and reset the state. ` +
        'Pass --admin-token, or bind a loopback address.',
    );
  }
  const demoKeys = !options.keysFile && !options.keys;
  const keys = options.keysFile ? readKeysFile(options.keysFile) : parseKeys(options.keys ?? DEMO_KEYS);
  const seed = loadSeed(options, keys);
  const store = options.store ?? createStore(options.dataFile, keys, seed);
  const journal = new RequestJournal();
  const app = await createApp({
    keys,
    logger,
    store,
    journal,
    seed,
    adminToken: options.adminToken,
    validateResponses: options.validateResponses,
    faults: { delay: options.delay, faultRate: options.faultRate },
  });
  const timeouts = { ...SERVER_TIMEOUTS, ...options.timeouts };
  const server = createServer(
    {
      headersTimeout: timeouts.headersMs,
      requestTimeout: timeouts.requestMs,
      keepAliveTimeout: timeouts.keepAliveMs,
      // How often Node looks for requests past those limits (its default is 30 s).
      connectionsCheckingInterval: Math.min(1_000, timeouts.headersMs / 2),
    },
    app,
  );
  await listen(server, port, host);
  const { port: boundPort } = server.address() as AddressInfo;
  return {
    url: baseUrl(host, boundPort),
    keys,
    demoKeys,
    reset: async () => {
      await store.replaceAll(seed);
      journal.clear();
    },
    close: () =>
      new Promise((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeIdleConnections();
      }),
  };
}

function loadSeed(options: ServerOptions, keys: readonly ApiKey[]): StoredChatbot[] {
  if (options.seedFile) return readSeedFile(options.seedFile, keys);
  return options.seed ? parseSeed(options.seed, keys) : [];
}

/** The data file's state when there is one; the seed otherwise. */
function createStore(dataFile: string | undefined, keys: readonly ApiKey[], seed: StoredChatbot[]): ChatbotStore {
  if (!dataFile) return new InMemoryChatbotStore(seed);
  return new FileChatbotStore(dataFile, readDataFile(dataFile, keys) ?? seed);
}

function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
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

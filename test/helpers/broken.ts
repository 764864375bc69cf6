// Deliberately broken implementations of the API, to prove that the verification
// kit fails on real defects. Each is the reference app with one fault put in.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type RequestHandler } from 'express';
import { pino } from 'pino';
import { createApp } from '../../src/app.js';
import { parseKeys, readKeysFile, type KeysFile } from '../../src/keys.js';
import type { ChatbotStore } from '../../src/store.js';
import { KEYS_FILE } from './server.js';

export interface Defect {
  store?: ChatbotStore;
  /** Run before the app: they rewrite requests or answers. */
  before?: RequestHandler | RequestHandler[];
  keys?: KeysFile;
}

export async function startBrokenServer(defect: Defect): Promise<{ url: string; close(): Promise<void> }> {
  const app = await createApp({
    keys: defect.keys ? parseKeys(defect.keys) : readKeysFile(KEYS_FILE),
    logger: pino({ enabled: false }),
    store: defect.store,
    validateResponses: false, // let the broken answers out
  });
  const outer = express();
  for (const handler of [defect.before ?? []].flat()) outer.use(handler);
  outer.use(app);
  const server = createServer(outer);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

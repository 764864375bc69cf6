// Deliberately broken implementations of the API, to prove that the verification
// kit fails on real defects. Each is the reference app with one fault put in.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type RequestHandler } from 'express';
import { pino } from 'pino';
import { createReference } from '../../src/reference/engine.js';
import { createApp } from '../../src/server/app.js';
import { parseKeys, type KeysFile } from '../../src/state/keys.js';
import { readKeysFile } from '../../src/state/keysFile.js';
import type { ChatbotStore } from '../../src/state/store.js';
import { contract } from './contract.js';
import { KEYS_FILE } from './server.js';

export interface Defect {
  store?: ChatbotStore;
  /** Run before the app: they rewrite requests or answers. */
  before?: RequestHandler | RequestHandler[];
  keys?: KeysFile;
}

export async function startBrokenServer(defect: Defect): Promise<{ url: string; close(): Promise<void> }> {
  const reference = createReference({
    contract,
    keys: defect.keys ? parseKeys(defect.keys) : readKeysFile(KEYS_FILE),
    ...(defect.store ? { store: defect.store } : {}),
    validateResponses: false, // let the broken answers out
  });
  const app = createApp({ engine: reference.engine, reference, logger: pino({ enabled: false }), contractText: '' });
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

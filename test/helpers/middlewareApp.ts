// createMiddleware in a plain Express app of a team's own, listening on a free loopback port: the API under /api,
// the app's own routes beside it. The keys are the test keys (test/fixtures/keys.json).
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import type { Contract } from '../../src/contract/contract.js';
import { createMiddleware, type ChatbotApiMiddleware } from '../../src/http/middleware.js';
import type { KeysFile } from '../../src/state/keys.js';
import { KEYS_FILE } from './server.js';

export interface MiddlewareApp {
  /** The API's base URL, ending in /api. */
  url: string;
  api: ChatbotApiMiddleware;
  close(): Promise<void>;
}

export async function startMiddlewareApp(contract?: Contract): Promise<MiddlewareApp> {
  const keys = JSON.parse(readFileSync(KEYS_FILE, 'utf8')) as KeysFile;
  const api = createMiddleware({ keys, ...(contract ? { contract } : {}) });
  const app = express();
  app.get('/health', (_req, res) => void res.send('app is up'));
  app.use(api);
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api`,
    api,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

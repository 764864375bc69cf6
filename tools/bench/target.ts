// One benchmark target in a process of its own, so that the server under load
// never shares an event loop with autocannon in the bench process.
// Usage: node tools/dist/bench/target.js <kind> <chatbots>; prints "ready <url>" once listening.
// It closes the target and exits on SIGTERM, or when the parent's end of stdin closes.
import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import express from 'express';
import {
  DEMO_KEYS,
  InMemoryChatbotStore,
  parseKeys,
  PostgresChatbotStore,
  SqliteChatbotStore,
  runMock,
  runServe,
  type ChatbotStore,
} from 'chatbot-api-mock';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export type TargetKind =
  | 'express'
  | 'express-post'
  | 'node-http'
  | 'server'
  | 'server-no-validate'
  | 'server-override'
  | 'mock'
  | 'server-sqlite'
  | 'server-postgres';

interface Running {
  url: string;
  close(): Promise<void>;
}

const HOST = '127.0.0.1';
const OWNER = { accountId: 'acme', projectId: 'acme-web' }; // the account of sk_live_acme_web_0001

async function preloadedStore(count: number): Promise<InMemoryChatbotStore> {
  const store = new InMemoryChatbotStore();
  for (let i = 1; i <= count; i++) {
    await store.create(OWNER, {
      name: `Bot ${i}`,
      settings: { theme: 'light', prompt: 'You are a helpful assistant.' },
    });
  }
  return store;
}

/** The bytes our server answers for this store: the list envelope, serialized as res.json does. */
async function listBody(store: InMemoryChatbotStore): Promise<Buffer> {
  return Buffer.from(JSON.stringify({ data: await store.listByAccount(OWNER.accountId) }));
}

function bareExpress(body: Buffer): RequestListener {
  const app = express();
  // Same wire shape as our server: no X-Powered-By, no ETag hashing of every answer.
  app.disable('x-powered-by');
  app.set('etag', false);
  app.get('/api/chatbots', (_req, res) => {
    res.type('application/json').send(body);
  });
  return app;
}

/**
 * The floor of a POST on this stack: Express's own JSON body parser and a 201 in
 * the contract's shape, with nothing checked (no key, no schema, no response
 * validation) and nothing stored.
 */
function bareExpressPost(): RequestListener {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.post('/api/chatbots', express.json(), (req, res) => {
    const { name, settings } = req.body as { name: string; settings?: Record<string, unknown> };
    const chatbot = { id: randomUUID(), name, settings, is_active: true, created_at: new Date().toISOString() };
    res.status(201).json({ data: chatbot });
  });
  return app;
}

function bareNodeHttp(body: Buffer): RequestListener {
  return (req, res) => {
    if (req.method === 'GET' && req.url === '/api/chatbots') {
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': body.length });
      res.end(body);
    } else {
      res.writeHead(404).end();
    }
  };
}

async function listenBare(listener: RequestListener): Promise<Running> {
  const server = createServer(listener);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, HOST, resolve);
  });
  return {
    url: `http://${HOST}:${(server.address() as AddressInfo).port}/api`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/**
 * A SQLite file (new) or a PostgreSQL database (BENCH_DATABASE_URL, shared by
 * every target given the same one) holding `count` chatbots of the acme account.
 */
async function persistentStore(kind: string, count: number): Promise<ChatbotStore> {
  const store =
    kind === 'server-sqlite'
      ? SqliteChatbotStore.open(join(mkdtempSync(join(tmpdir(), 'bench-')), 'state.db'))
      : await PostgresChatbotStore.open(process.env.BENCH_DATABASE_URL ?? '');
  const keys = parseKeys(DEMO_KEYS);
  await store.start(keys, []);
  // A database another target already filled (two replicas) is left as it is.
  if (count > 0 && (await store.health()).chatbots === 0)
    await store.reset(keys, await (await preloadedStore(count)).all());
  return store;
}

/** The list answered by an override of the very body the server would send: the override's path, same bytes. */
async function overridden(running: Running): Promise<Running> {
  const headers = { authorization: 'Bearer sk_live_acme_web_0001' };
  const body: unknown = await (await fetch(`${running.url}/chatbots`, { headers })).json();
  const set = await fetch(`${new URL(running.url).origin}/__admin/overrides`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ operationId: 'listChatbots', status: 200, body }),
  });
  if (set.status !== 201) throw new Error(`the override was refused: ${await set.text()}`);
  return running;
}

async function start(kind: string, count: number): Promise<Running> {
  switch (kind) {
    case 'express':
      return listenBare(bareExpress(await listBody(await preloadedStore(count))));
    case 'express-post':
      return listenBare(bareExpressPost());
    case 'node-http':
      return listenBare(bareNodeHttp(await listBody(await preloadedStore(count))));
    case 'server':
    case 'server-no-validate': {
      const store = await preloadedStore(count);
      // The benchmark preloads far more than the contract's 10,000 per account.
      return runServe({
        port: 0,
        host: HOST,
        store,
        validateResponses: kind === 'server',
        maxChatbotsPerAccount: 10_000_000,
        maxRecords: 100_000_000,
      });
    }
    case 'server-override':
      return overridden(await start('server', count));
    case 'mock':
      return runMock({ port: 0, host: HOST }); // Prism's mocker in this process
    case 'server-sqlite':
    case 'server-postgres':
      return runServe({
        port: 0,
        host: HOST,
        store: await persistentStore(kind, count),
        maxChatbotsPerAccount: 10_000_000,
        maxRecords: 100_000_000,
      });
    default:
      throw new Error(`unknown target kind: ${kind}`);
  }
}

const [kind = '', count = '10'] = process.argv.slice(2);
const running = await start(kind, Number(count));
process.stdout.write(`ready ${running.url}\n`);

// Close before leaving, so that a child of ours never outlives us.
let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  void running.close().finally(() => process.exit(0));
};
process.once('SIGTERM', stop);
process.stdin.on('end', stop); // the bench process died without killing us
process.stdin.resume();

// One benchmark target in a process of its own, so that the server under load
// never shares an event loop (or a core) with autocannon in the bench process.
// Usage: node dist/bench/target.js <kind> <chatbots>; prints "ready <url>" once listening.
// It ends on SIGTERM (default action) or when the parent's end of stdin closes.
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { startServer } from '../server.js';
import { InMemoryChatbotStore } from '../store.js';

export type TargetKind = 'express' | 'node-http' | 'server' | 'server-no-validate';

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

async function listenBare(listener: RequestListener): Promise<string> {
  const server: Server = createServer(listener);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, HOST, resolve);
  });
  return `http://${HOST}:${(server.address() as AddressInfo).port}/api`;
}

async function start(kind: string, count: number): Promise<string> {
  const store = await preloadedStore(count);
  switch (kind) {
    case 'express':
      return listenBare(bareExpress(await listBody(store)));
    case 'node-http':
      return listenBare(bareNodeHttp(await listBody(store)));
    case 'server':
    case 'server-no-validate':
      return (await startServer({ port: 0, host: HOST, store, validateResponses: kind === 'server' })).url;
    default:
      throw new Error(`unknown target kind: ${kind}`);
  }
}

const [kind = '', count = '10'] = process.argv.slice(2);
const url = await start(kind, Number(count));
process.stdout.write(`ready ${url}\n`);
// If the bench process dies without killing us, its end of the pipe closes: leave too.
process.stdin.on('end', () => process.exit(0));
process.stdin.resume();

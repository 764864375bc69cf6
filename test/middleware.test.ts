// createMiddleware: the reference API mounted inside a team's own Express app,
// next to the app's own routes.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMiddleware, type ChatbotApiMiddleware } from '../src/server/middleware.js';
import { KEYS, TestClient } from './helpers/server.js';

let server: Server;
let api: ChatbotApiMiddleware;
let origin: string;
beforeAll(async () => {
  api = createMiddleware({ seed: { projects: { 'acme-web': [{ name: 'Seeded' }] } } });
  const app = express();
  app.get('/health', (_req, res) => void res.send('app is up'));
  app.use(api);
  app.use((_req, res) => void res.status(404).send('the app’s own 404'));
  server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('createMiddleware in a plain Express app', () => {
  it('serves the API under /api, with state, keys and the contract’s errors', async () => {
    const client = new TestClient(`${origin}/api`);
    expect((await client.listed(KEYS.acmeWeb)).map((chatbot) => chatbot.name)).toEqual(['Seeded']);
    expect((await client.create(KEYS.acmeMobile, { name: 'From the app' })).status).toBe(201);
    expect((await client.listed(KEYS.acmeWeb)).map((chatbot) => chatbot.name)).toEqual(['Seeded', 'From the app']);
    expect((await client.list('sk_live_unknown')).status).toBe(401);
    expect((await client.request('DELETE', '/chatbots', { key: KEYS.acmeWeb })).headers.get('allow')).toBe('GET, POST');
    expect((await client.request('GET', '/nothing-here', { key: KEYS.acmeWeb })).status).toBe(404);
  });

  it('leaves every other path to the app', async () => {
    expect(await (await fetch(`${origin}/health`)).text()).toBe('app is up');
    const other = await fetch(`${origin}/somewhere`);
    expect([other.status, await other.text()]).toEqual([404, 'the app’s own 404']);
  });

  it('returns to its seed on reset()', async () => {
    await api.reset();
    expect((await new TestClient(`${origin}/api`).listed(KEYS.acmeWeb)).map((chatbot) => chatbot.name)).toEqual(['Seeded']);
  });

  it('also works mounted at /api', async () => {
    const app = express();
    app.use('/api', createMiddleware());
    const mounted = createServer(app);
    await new Promise<void>((resolve) => mounted.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(mounted.address() as AddressInfo).port}/api`;
      expect((await new TestClient(url).create(KEYS.globex, { name: 'Mounted' })).status).toBe(201);
    } finally {
      mounted.closeAllConnections();
      await new Promise((resolve) => mounted.close(resolve));
    }
  });
});

// createMiddleware: the reference API mounted inside a team's own Express app,
// next to the app's own routes.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMiddleware, type ChatbotApiMiddleware } from '../src/http/middleware.js';
import { contract } from './helpers/contract.js';
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
    expect((await new TestClient(`${origin}/api`).listed(KEYS.acmeWeb)).map((chatbot) => chatbot.name)).toEqual([
      'Seeded',
    ]);
  });

  it('offers what MSW offers: override, seed, requests, useScenario and reset', async () => {
    const client = new TestClient(`${origin}/api`);
    const handle = api.override('createChatbot', { status: 409, account: 'acme' });
    expect((await client.create(KEYS.acmeWeb, { name: 'Refused' })).status).toBe(409);
    expect((await client.create(KEYS.globex, { name: 'Elsewhere' })).status).toBe(201);
    handle.remove();
    await api.seed('acme', [{ name: 'Seeded in the test' }], { project: 'acme-mobile' });
    expect((await client.listed(KEYS.acmeMobile)).map((chatbot) => chatbot.name)).toEqual([
      'Seeded',
      'Seeded in the test',
    ]);
    expect(api.requests('createChatbot').map((entry) => [entry.status, entry.account])).toEqual([
      [409, 'acme'],
      [201, 'globex'],
    ]);
    await api.useScenario('empty');
    expect(await client.snapshot()).toEqual({ acme: [], globex: [] });
    await api.reset();
    expect(api.requests()).toEqual([]);
    expect((await client.listed(KEYS.acmeWeb)).map((chatbot) => chatbot.name)).toEqual(['Seeded']);
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

/** Serves an app on a free port for the length of `use`. */
async function withApp(app: express.Express, use: (url: string) => Promise<void>): Promise<void> {
  const served = createServer(app);
  await new Promise<void>((resolve) => served.listen(0, '127.0.0.1', resolve));
  try {
    await use(`http://127.0.0.1:${(served.address() as AddressInfo).port}`);
  } finally {
    served.closeAllConnections();
    await new Promise((resolve) => served.close(resolve));
  }
}

describe('createMiddleware after the app’s own express.json()', () => {
  it('creates from what the parser left, and lists it', async () => {
    const app = express();
    app.use(express.json());
    app.use(createMiddleware({ logger: { error: () => {} } }));
    await withApp(app, async (url) => {
      const client = new TestClient(`${url}/api`);
      const created = await client.create(KEYS.acmeWeb, {
        name: 'Parsed first',
        settings: { theme: 'dark', tags: ['a', 'b'], nested: { on: true } },
      });
      expect(created.status).toBe(201);
      expect(created.body.data.settings).toEqual({
        theme: 'dark',
        prompt: contract.rules.defaultSettings.prompt,
        tags: ['a', 'b'],
        nested: { on: true },
      });
      expect((await client.listed(KEYS.acmeWeb)).map((chatbot) => chatbot.name)).toEqual(['Parsed first']);
      // The contract's own refusals still hold: an unknown field (numbers and all), and no body.
      expect((await client.create(KEYS.acmeWeb, { name: 'x', nmae: 1 })).status).toBe(422);
      expect(
        (
          await client.request('POST', '/chatbots', {
            key: KEYS.acmeWeb,
            headers: { 'content-type': 'application/json' },
            raw: '',
          })
        ).status,
      ).toBe(422);
    });
  });

  it('uses the raw text where the parser kept it, so numbers are checked exactly', async () => {
    const app = express();
    app.use(
      express.json({ verify: (req, _res, raw) => void ((req as { rawBody?: Buffer }).rawBody = Buffer.from(raw)) }),
    );
    app.use(createMiddleware());
    await withApp(app, async (url) => {
      const client = new TestClient(`${url}/api`);
      const exact = await client.request('POST', '/chatbots', {
        key: KEYS.acmeWeb,
        headers: { 'content-type': 'application/json' },
        raw: '{"name":"n","settings":{"limit":12}}',
      });
      expect(exact.status).toBe(201);
      const inexact = await client.request('POST', '/chatbots', {
        key: KEYS.acmeWeb,
        headers: { 'content-type': 'application/json' },
        raw: '{"name":"n","settings":{"limit":1e400}}',
      });
      expect([inexact.status, (inexact.body as { validation: { code: string }[] }).validation[0]?.code]).toEqual([
        422,
        'exactNumber',
      ]);
    });
  });

  it('refuses a parsed body nested past 256 levels with a 422 problem, before serializing it again', async () => {
    const app = express();
    app.use(express.json());
    app.use(createMiddleware({ logger: { error: () => {} } }));
    await withApp(app, async (url) => {
      const client = new TestClient(`${url}/api`);
      const deep = '['.repeat(20_000) + ']'.repeat(20_000);
      const refused = await client.request('POST', '/chatbots', {
        key: KEYS.acmeWeb,
        headers: { 'content-type': 'application/json' },
        raw: `{"name":"Deep","settings":{"deep":${deep}}}`,
      });
      expect([refused.status, (refused.body as { validation: unknown[] }).validation]).toEqual([
        422,
        [{ location: ['body'], code: 'maxDepth', message: 'nests deeper than 256 levels, the most this server reads' }],
      ]);
      expect(await client.listed(KEYS.acmeWeb)).toEqual([]);
    });
  });

  it('answers 500 to a parsed body holding numbers, saying to mount before the parser; logs it once', async () => {
    const warnings: string[] = [];
    const app = express();
    app.use(express.json());
    app.use(createMiddleware({ logger: { error: (message) => warnings.push(message) } }));
    await withApp(app, async (url) => {
      const client = new TestClient(`${url}/api`);
      for (let attempt = 0; attempt < 2; attempt++) {
        const refused = await client.create(KEYS.acmeWeb, { name: 'n', settings: { temperature: 0.5 } });
        expect(refused.status).toBe(500);
        expect((JSON.parse(refused.text) as { detail: string }).detail).toMatch(
          /Mount the chatbot API before any body parser/,
        );
      }
      expect((await client.listed(KEYS.acmeWeb)).length).toBe(0);
    });
    expect(warnings).toEqual([expect.stringMatching(/^chatbot-api-mock: .*before any body parser/)]);
  });
});

describe('createMiddleware with passUnknownPaths', () => {
  it('lets the app’s own routes under /api through, and still answers the contract’s paths', async () => {
    const app = express();
    app.use(createMiddleware({ passUnknownPaths: true }));
    app.get('/api/feature-flags', (_req, res) => void res.json({ beta: true }));
    await withApp(app, async (url) => {
      const flags = await fetch(`${url}/api/feature-flags`);
      expect([flags.status, await flags.json()]).toEqual([200, { beta: true }]);
      const client = new TestClient(`${url}/api`);
      expect((await client.list(KEYS.acmeWeb)).status).toBe(200);
      expect((await client.request('DELETE', '/chatbots', { key: KEYS.acmeWeb })).status).toBe(405);
    });
  });

  it('counts what the requests exercised of the contract, as coverage() hands it out', async () => {
    api.clearCoverage();
    const client = new TestClient(`${origin}/api`);
    expect((await client.create(KEYS.acmeWeb, { name: 'Counted' })).status).toBe(201);
    expect((await client.request('GET', '/nowhere', { key: KEYS.acmeWeb })).status).toBe(404);
    const journal = api.coverage();
    expect(journal).toMatchObject({ sources: ['middleware'], requests: 2, unmatched: 1 });
    expect(journal.seen).toMatchObject({
      'answer createChatbot 201 application/json': 1,
      'property createChatbot /name': 1,
    });
  });
});

// /__admin: its OpenAPI document, state, journal, health, reset and token; every
// admin answer is checked against that document.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminContract } from '../src/http/admin/adminContract.js';
import { ConfigError, runServe } from '../src/serve/runServe.js';
import { documentedAnswer } from './helpers/adminAnswer.js';
import { KEYS, KEYS_FILE, startTestServer, type TestServer } from './helpers/server.js';

/** Calls the admin API and checks the answer against its own OpenAPI document. */
async function admin(t: TestServer, method: string, path: string, token?: string) {
  const origin = new URL(t.server.url).origin;
  const response = await fetch(`${origin}/__admin${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
    },
    ...(method === 'POST' ? { body: '{}' } : {}),
  });
  const { status, body } = await documentedAnswer(adminContract().document, method, path, response);
  return { status, body: body ?? {} };
}

const SEED = { projects: { 'acme-web': [{ name: 'Seeded' }] } };
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ seed: SEED });
});
afterAll(() => t.close());

describe('the admin API', () => {
  it('serves its own OpenAPI document', async () => {
    const response = await fetch(`${new URL(t.server.url).origin}/__admin/openapi.json`);
    expect(await response.json()).toEqual(adminContract().document);
  });

  it('reports health: the store, and whether it can write', async () => {
    const { body } = await admin(t, 'GET', '/health');
    expect(body).toMatchObject({ status: 'ok', chatbots: expect.any(Number), store: t.server.store, writable: true });
  });

  it('makes isolated tenants: a fresh account, project and key each, which reset removes', async () => {
    const first = (await admin(t, 'POST', '/tenants')).body as {
      account_id: string;
      project_id: string;
      api_key: string;
    };
    const second = (await admin(t, 'POST', '/tenants')).body as {
      account_id: string;
      project_id: string;
      api_key: string;
    };
    expect(
      new Set([first.account_id, second.account_id, first.project_id, second.project_id, first.api_key, second.api_key])
        .size,
    ).toBe(6);
    const mine = await t.client.create(first.api_key, { name: 'In my own tenant' });
    expect(mine.status).toBe(201);
    expect((await t.client.listed(first.api_key)).map((c) => c.name)).toEqual(['In my own tenant']);
    expect(await t.client.listed(second.api_key)).toEqual([]);
    expect((await t.client.listed(KEYS.acmeWeb)).map((c) => c.id)).not.toContain(mine.body.data.id);
    const state = (await admin(t, 'GET', '/state')).body as { accounts: { id: string }[] };
    expect(state.accounts.map((account) => account.id)).toContain(first.account_id);
    await admin(t, 'POST', '/reset');
    expect((await t.client.list(first.api_key)).status).toBe(401);
  });

  it('lists every account and project of the keys file with their chatbots', async () => {
    await t.client.create(KEYS.acmeMobile, { name: 'Mobile' });
    await t.client.create(KEYS.globex, { name: 'Globex' });
    const { body } = await admin(t, 'GET', '/state');
    const names = (body.accounts as { id: string; projects: { id: string; chatbots: { name: string }[] }[] }[]).map(
      (a) => [a.id, a.projects.map((p) => [p.id, p.chatbots.map((c) => c.name)])],
    );
    expect(names).toEqual([
      [
        'acme',
        [
          ['acme-web', ['Seeded']],
          ['acme-mobile', ['Mobile']],
        ],
      ],
      ['globex', [['globex-main', ['Globex']]]],
    ]);
  });

  it('keeps a journal of /api requests with the project, never the key', async () => {
    await admin(t, 'POST', '/reset');
    await t.client.list(KEYS.acmeWeb);
    await t.client.request('GET', '/chatbots', { key: 'sk_live_not_a_real_key' });
    await t.client.create(KEYS.globex, { name: 'Journaled' });
    const { body } = await admin(t, 'GET', '/requests');
    const requests = body.requests as {
      method: string;
      path: string;
      status: number;
      project: string | null;
      duration_ms: number;
    }[];
    expect(requests.map((r) => [r.method, r.path, r.status, r.project])).toEqual([
      ['GET', '/api/chatbots', 200, 'acme-web'],
      ['GET', '/api/chatbots', 401, null],
      ['POST', '/api/chatbots', 201, 'globex-main'],
    ]);
    expect(requests.every((r) => r.duration_ms >= 0)).toBe(true);
    expect(JSON.stringify(body)).not.toMatch(/sk_live_/);
  });

  it('bounds the journal to the most recent 200 requests', async () => {
    await admin(t, 'POST', '/reset');
    for (let i = 0; i < 210; i++) await t.client.request('GET', `/chatbots?i=${i}`, { key: KEYS.acmeWeb });
    const { body } = await admin(t, 'GET', '/requests');
    expect(body.requests).toHaveLength(200);
  });

  it('resets the state to the seed', async () => {
    await t.client.create(KEYS.acmeWeb, { name: 'Gone after reset' });
    const { body } = await admin(t, 'POST', '/reset');
    expect(body).toEqual({ chatbots: 1 });
    expect((await t.client.listed(KEYS.acmeWeb)).map((c) => c.name)).toEqual(['Seeded']);
    expect(await t.client.listed(KEYS.globex)).toEqual([]);
  });
});

describe('--admin-token', () => {
  it('protects every admin operation', async () => {
    const guarded = await startTestServer({ adminToken: 'admin-secret' });
    try {
      for (const [method, path, ok] of [
        ['GET', '/health', 200],
        ['GET', '/state', 200],
        ['GET', '/requests', 200],
        ['POST', '/tenants', 201],
        ['POST', '/reset', 200],
      ] as const) {
        expect((await admin(guarded, method, path)).status).toBe(401);
        expect((await admin(guarded, method, path, 'wrong')).status).toBe(401);
        expect((await admin(guarded, method, path, 'admin-secret')).status).toBe(ok);
      }
    } finally {
      await guarded.close();
    }
  });

  it('is required to bind anything but loopback', async () => {
    await expect(runServe({ port: 0, host: '0.0.0.0' })).rejects.toThrow(ConfigError);
    await expect(runServe({ port: 0, host: '0.0.0.0' })).rejects.toThrow(
      /Set an admin token, or bind a loopback address/,
    );
  });
});

describe('runServe, for test runners', () => {
  it('returns url, keys, reset() and close(), on an ephemeral port', async () => {
    const server = await runServe({ port: 0, keysFile: KEYS_FILE });
    try {
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api$/);
      expect(server.keys.map((k) => k.key)).toEqual(Object.values(KEYS));
      const headers = { authorization: `Bearer ${KEYS.acmeWeb}`, 'content-type': 'application/json' };
      await fetch(`${server.url}/chatbots`, { method: 'POST', headers, body: JSON.stringify({ name: 'x' }) });
      await server.reset();
      const listed = (await (await fetch(`${server.url}/chatbots`, { headers })).json()) as { data: unknown[] };
      expect(listed.data).toEqual([]);
    } finally {
      await server.close();
    }
  });
});

describe('the admin API is for this machine’s own pages and tools', () => {
  const origin = () => new URL(t.server.url).origin;

  it('sends no CORS headers, on answers or on preflights', async () => {
    const answer = await fetch(`${origin()}/__admin/state`, { headers: { origin: 'http://evil.example' } });
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await fetch(`${origin()}/__admin/reset`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://evil.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('refuses a Host it was not given (DNS rebinding); answers localhost, IP addresses, --allowed-host', async () => {
    const withHost = (host: string, port = new URL(t.server.url).port) =>
      new Promise<number>((resolve, reject) => {
        const request = http.request(
          { host: '127.0.0.1', port, path: '/__admin/state', headers: { host } },
          (response) => {
            response.resume();
            resolve(response.statusCode ?? 0);
          },
        );
        request.on('error', reject);
        request.end();
      });
    expect(await withHost('rebind.evil.example:4010')).toBe(403);
    expect(await withHost('localhost:4010')).toBe(200);
    expect(await withHost('127.0.0.1')).toBe(200);
    expect(await withHost('[::1]:4010')).toBe(200);
    const allowed = await startTestServer({ allowedHosts: ['dev.example.test'] });
    try {
      const port = new URL(allowed.server.url).port;
      expect(await withHost('dev.example.test:4010', port)).toBe(200);
      expect(await withHost('other.example.test', port)).toBe(403);
    } finally {
      await allowed.close();
    }
  });

  it('changes state only for a JSON request, which no cross-site form can send', async () => {
    await t.client.create(KEYS.globex, { name: 'Kept' });
    for (const type of [
      undefined,
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
    ]) {
      const response = await fetch(`${origin()}/__admin/reset`, {
        method: 'POST',
        headers: type ? { 'content-type': type } : {},
        body: '{}',
      });
      expect(response.status).toBe(415);
    }
    expect((await t.client.listed(KEYS.globex)).map((c) => c.name)).toContain('Kept');
  });
});

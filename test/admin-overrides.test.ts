// /__admin/overrides on the reference server: an override for one tenant leaves another alone, is checked against
// openapi.yaml when it is set (a bad one is refused and changes nothing), never shows the key it names, and goes
// with a reset. Every admin answer is checked against the admin API's document, every /api answer against the contract.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_OVERRIDE_BODIES_BYTES, MAX_OVERRIDES } from '../src/engine/overrides.js';
import { createAdminClient } from '../src/http/admin/client.js';
import { adminContract } from '../src/http/admin/adminContract.js';

const MAX_TENANTS = adminContract().maxTenants;
import { adminCaller } from './helpers/admin.js';
import { KEYS, startTestServer, TestClient, type TestServer } from './helpers/server.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const admin = adminCaller(() => t.server.url);

const tenant = async () => (await admin('POST', '/tenants', {})).body as { account_id: string; api_key: string };

describe('/__admin/overrides', () => {
  it("answers one tenant's creates otherwise, leaves another tenant alone, and stops when removed", async () => {
    const [a, b] = [await tenant(), await tenant()];
    const set = await admin('POST', '/overrides', { operationId: 'createChatbot', status: 503, account: a.account_id });
    expect(set.status).toBe(201);
    const client = new TestClient(t.server.url);
    const refused = await client.create(a.api_key, { name: 'Mine' });
    expect([refused.status, refused.headers.get('mock-source')]).toEqual([503, 'override']);
    expect((await client.create(b.api_key, { name: 'Theirs' })).status).toBe(201);
    const listed = await admin('GET', '/overrides');
    expect(listed.body).toMatchObject({ overrides: [{ operationId: 'createChatbot', status: 503 }] });
    const id = (set.body as { id: string }).id;
    expect((await admin('DELETE', `/overrides/${id}`, undefined, '/overrides/{id}')).status).toBe(204);
    expect((await client.create(a.api_key, { name: 'Mine again' })).status).toBe(201);
    expect((await admin('DELETE', `/overrides/${id}`, undefined, '/overrides/{id}')).status).toBe(404);
  });

  it('refuses an override the contract does not allow, or of the wrong shape, and sets nothing', async () => {
    const undocumented = await admin('POST', '/overrides', { operationId: 'createChatbot', status: 418 });
    expect(undocumented).toMatchObject({ status: 422, body: { detail: 'createChatbot documents no 418 answer' } });
    const refusedBody = await admin('POST', '/overrides', { operationId: 'createChatbot', status: 503, body: {} });
    expect(refusedBody.status).toBe(422);
    expect((await admin('POST', '/overrides', { operationId: 'createChatbot', status: 'soon' })).status).toBe(400);
    expect((await admin('POST', '/overrides', '{"operationId":')).status).toBe(400);
    expect((await admin('GET', '/overrides')).body).toEqual({ overrides: [] });
  });

  it('never shows the key an override names, and goes with a reset', async () => {
    await admin('POST', '/overrides', { operationId: 'listChatbots', status: 500, key: KEYS.acmeWeb, times: 1 });
    const listed = JSON.stringify((await admin('GET', '/overrides')).body);
    expect(listed).not.toContain(KEYS.acmeWeb);
    await admin('POST', '/reset', {});
    expect((await admin('GET', '/overrides')).body).toEqual({ overrides: [] });
    expect((await new TestClient(t.server.url).list(KEYS.acmeWeb)).status).toBe(200);
    expect((await admin('DELETE', '/overrides')).status).toBe(204);
  });
});

describe('createAdminClient', () => {
  it('sets, lists and removes overrides for a tenant of its own, and says why one is refused', async () => {
    const client = createAdminClient(t.server.url);
    const mine = await client.createTenant();
    const set = await client.setOverride({ operationId: 'listChatbots', status: 500, account: mine.account_id });
    expect((await client.overrides()).map((override) => override.id)).toEqual([set.id]);
    expect((await new TestClient(t.server.url).list(mine.api_key)).status).toBe(500);
    await client.removeOverride(set.id);
    expect(await client.overrides()).toEqual([]);
    // @ts-expect-error -- 418 is not a documented status: the server refuses it too, for a client without types
    const refused = client.setOverride({ operationId: 'listChatbots', status: 418 });
    await expect(refused).rejects.toMatchObject({
      status: 422,
      problem: { detail: 'listChatbots documents no 418 answer' },
    });
    expect((await client.requests()).at(-1)).toMatchObject({ method: 'GET', path: '/api/chatbots', status: 500 });
    await client.clearOverrides();
  });
});

describe('an override that HTTP cannot send', () => {
  const refusals: [string, Record<string, unknown>][] = [
    ['a control character in a header value', { status: 503, headers: { 'X-Trace': 'a\u0001b' } }],
    [
      'CR and LF in a header value, unchecked',
      { status: 503, headers: { 'X-Trace': 'a\r\nSet-Cookie: x=1' }, unchecked: true },
    ],
    ['a header name that is not a token', { status: 503, headers: { 'X Trace': 'a' }, unchecked: true }],
    ['a value above U+00FF', { status: 503, headers: { 'X-Trace': '\u20ac' }, unchecked: true }],
  ];
  it.each(refusals)('is refused with 422 (%s), and the server answers on', async (_name, fields) => {
    const set = await admin('POST', '/overrides', { operationId: 'createChatbot', ...fields });
    expect(set.status).toBe(422);
    expect((set.body as { detail: string }).detail).toMatch(/header/);
    expect((await admin('GET', '/overrides')).body).toEqual({ overrides: [] });
    const created = await new TestClient(t.server.url).create(KEYS.acmeWeb, { name: 'After a refused override' });
    expect(created.status).toBe(201);
  });

  it.each([100, 101, 103, 199, 600])(
    'takes no status %i, unchecked or not: its shape is refused with 400',
    async (status) => {
      for (const unchecked of [false, true]) {
        const set = await admin('POST', '/overrides', { operationId: 'createChatbot', status, unchecked });
        expect(set.status).toBe(400);
      }
      expect((await admin('GET', '/overrides')).body).toEqual({ overrides: [] });
    },
  );
});

describe('the caps on what a client adds', () => {
  const deep = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);

  it(`holds at most ${MAX_OVERRIDES} overrides: the next is refused with 422 and sets nothing`, async () => {
    for (let index = 0; index < MAX_OVERRIDES; index++)
      expect((await admin('POST', '/overrides', { operationId: 'listChatbots', delay: index })).status).toBe(201);
    const refused = await admin('POST', '/overrides', { operationId: 'listChatbots', delay: 1 });
    expect(refused.status).toBe(422);
    expect((refused.body as { detail: string }).detail).toMatch(/100 overrides are in force/);
    expect(((await admin('GET', '/overrides')).body as { overrides: unknown[] }).overrides).toHaveLength(MAX_OVERRIDES);
    expect((await admin('DELETE', '/overrides')).status).toBe(204);
  });

  it(`holds at most ${MAX_OVERRIDE_BODIES_BYTES} bytes of bodies in all: the next is refused with 422`, async () => {
    const body = { data: 'x'.repeat(60_000) };
    const set = () => admin('POST', '/overrides', { operationId: 'createChatbot', status: 201, unchecked: true, body });
    const fits = Math.floor(MAX_OVERRIDE_BODIES_BYTES / JSON.stringify(body).length);
    for (let index = 0; index < fits; index++) expect((await set()).status).toBe(201);
    const refused = await set();
    expect(refused.status).toBe(422);
    expect((refused.body as { detail: string }).detail).toMatch(/bodies of the overrides in force/);
    expect((await admin('DELETE', '/overrides')).status).toBe(204);
  });

  it('refuses a body too deep or too long to hold, unchecked too, and sets nothing', async () => {
    const tooDeep = `{"operationId":"createChatbot","status":201,"unchecked":true,"body":${deep(2_000)}}`;
    expect((await admin('POST', '/overrides', tooDeep)).status).toBe(422);
    const tooLong = { operationId: 'createChatbot', status: 201, unchecked: true, body: 'x'.repeat(70_000) };
    expect((await admin('POST', '/overrides', tooLong)).status).toBe(422);
    expect((await admin('GET', '/overrides')).body).toEqual({ overrides: [] });
  });

  it('journals a request body nested 8,000 deep as its text, and lists the journal', async () => {
    await admin('POST', '/reset', {});
    const text = `{"name":"x","settings":{"a":${deep(8_000)}}}`;
    const sent = await new TestClient(t.server.url).request('POST', '/chatbots', {
      key: KEYS.acmeWeb,
      raw: text,
      headers: { 'content-type': 'application/json' },
    });
    expect(sent.status).toBe(422);
    const journal = await admin('GET', '/requests');
    expect(journal.status).toBe(200);
    expect((journal.body as { requests: { body: unknown }[] }).requests.at(-1)?.body).toBe(text);
  });

  it(`makes at most ${MAX_TENANTS} tenants between two resets: the next is a 409 problem`, async () => {
    await admin('POST', '/reset', {});
    for (let index = 0; index < MAX_TENANTS; index++) await tenant();
    const refused = await admin('POST', '/tenants', {});
    expect(refused.status).toBe(409);
    await admin('POST', '/reset', {});
    expect((await admin('POST', '/tenants', {})).status).toBe(201);
  });
});

// The Prism mock's admin API: the same overrides, tenants, journal and scenarios as serve's, checked against the
// admin API's document; one tenant's override leaves another alone; a scenario's seed is held and answered, but no
// create is stored. Every /api answer is checked against the contract (test/scenario-parity.test.ts compares serve's).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMock, type RunningMock } from '../src/mock/runMock.js';
import { createAdminClient } from '../src/http/admin/client.js';
import { adminCaller } from './helpers/admin.js';
import { KEYS, TestClient } from './helpers/server.js';

let mock: RunningMock;
beforeAll(async () => {
  mock = await runMock({ port: 0 });
}, 60_000);
afterAll(() => mock?.close());

const admin = adminCaller(() => mock.url);

describe("the Prism mock's admin API", () => {
  it("sets an override for one tenant's account, and leaves another tenant alone", async () => {
    const client = createAdminClient(mock.url);
    const [mine, theirs] = [await client.createTenant(), await client.createTenant()];
    await client.setOverride({ operationId: 'createChatbot', status: 503, account: mine.account_id });
    const api = new TestClient(mock.url);
    const refused = await api.create(mine.api_key, { name: 'Mine' });
    expect([refused.status, refused.headers.get('mock-source'), refused.headers.get('retry-after')]).toEqual([
      503,
      'override',
      '1',
    ]);
    expect((await api.create(theirs.api_key, { name: 'Theirs' })).status).toBe(201);
    const journal = await client.requests({ account: mine.account_id });
    expect(journal.map((entry) => [entry.operation_id, entry.status, entry.body])).toEqual([
      ['createChatbot', 503, { name: 'Mine' }],
    ]);
    expect((await admin('POST', '/overrides', { operationId: 'createChatbot', status: 418 })).status).toBe(422);
    await client.reset();
    expect(await client.overrides()).toEqual([]);
    expect((await api.list(mine.api_key)).status).toBe(401); // tenants go with a reset, as on serve
  });

  it("answers a scenario's seed: empty lists, a full account's 409, and flaky's third create", async () => {
    const api = new TestClient(mock.url);
    expect((await admin('POST', '/scenarios/empty', {}, '/scenarios/{name}')).status).toBe(200);
    expect(await api.listed(KEYS.acmeWeb)).toEqual([]);
    await admin('POST', '/scenarios/full-account', {}, '/scenarios/{name}');
    expect((await api.listed(KEYS.acmeWeb)).length).toBe(10_000);
    expect((await api.create(KEYS.acmeWeb, { name: 'One too many' })).status).toBe(409);
    expect(await api.listed(KEYS.globex)).toEqual([]);
    await admin('POST', '/scenarios/flaky', {}, '/scenarios/{name}');
    const statuses = [];
    for (let index = 0; index < 3; index++)
      statuses.push((await api.create(KEYS.globex, { name: `B${index}` })).status);
    expect(statuses).toEqual([201, 201, 503]);
    expect(await api.listed(KEYS.globex)).toEqual([]); // Prism answered the creates: the mock stores none
    await admin('POST', '/reset', {});
    expect((await api.listed(KEYS.acmeWeb)).length).toBeGreaterThan(0); // the contract's example again
  });

  it('starts in a scenario, and refuses to open its admin API off loopback without a token', async () => {
    const flaky = await runMock({ port: 0, scenario: 'empty' });
    try {
      expect(await new TestClient(flaky.url).listed(KEYS.acmeWeb)).toEqual([]);
    } finally {
      await flaky.close();
    }
    await expect(runMock({ port: 0, host: '0.0.0.0' })).rejects.toThrow(/open admin API/);
    await expect(runMock({ port: 0, scenario: 'nope' })).rejects.toThrow(/no scenario "nope"/);
  });

  it('counts what the requests exercised, as serve does, and keeps it across a reset', async () => {
    const client = createAdminClient(mock.url);
    await client.clearCoverage();
    const api = new TestClient(mock.url);
    expect((await api.create(KEYS.acmeWeb, { name: 'Counted', settings: { theme: 'dark' } })).status).toBe(201);
    expect((await api.request('GET', '/chatbots')).status).toBe(401);
    await client.reset();
    const { body } = await admin('GET', '/coverage');
    expect(body).toMatchObject({ sources: ['mock'], requests: 2, unmatched: 0 });
    expect((body as { seen: object }).seen).toMatchObject({
      'answer createChatbot 201 application/json': 1,
      'property createChatbot /settings/theme': 1,
      'answer listChatbots 401 application/problem+json': 1,
      'problem listChatbots https://chatbots.example/problems/unauthorized': 1,
    });
    expect((await admin('DELETE', '/coverage')).status).toBe(204);
    expect((await client.coverage()).requests).toBe(0);
  });
});

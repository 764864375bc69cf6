// Scenarios on the reference server: the built-in ones through POST /__admin/scenarios/{name}, for everyone or for
// one tenant; a team's own from a scenarios file; `scenario` at the start and again after each reset; a refused one
// changes nothing. Every admin answer is checked against the admin API's document, every /api answer against the
// contract.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Ajv } from 'ajv';
import { createContract } from '../src/contract/contract.js';
import { liveValidators } from '../src/contract/load.js';
import { MAX_OVERRIDES } from '../src/engine/overrides.js';
import { MAX_SEEDED_PER_LOAD } from '../src/reference/loadScenario.js';
import { createMiddleware } from '../src/http/middleware.js';
import { createReference } from '../src/reference/reference.js';
import { DEMO_KEYS, parseKeys } from '../src/state/keys.js';
import { contract } from './helpers/contract.js';
import { SCENARIOS_SCHEMA } from '../src/reference/scenarioSchema.js';
import { BUILT_IN_SCENARIOS, ScenarioError } from '../src/reference/scenarios.js';
import { createAdminClient } from '../src/http/admin/client.js';
import { adminCaller } from './helpers/admin.js';
import { KEYS, startTestServer, TestClient, type TestServer } from './helpers/server.js';

const LIMIT = 4;
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ maxChatbotsPerAccount: LIMIT });
});
afterAll(() => t.close());

const admin = adminCaller(() => t.server.url);
const tenant = async () => (await admin('POST', '/tenants', {})).body as { account_id: string; api_key: string };
const statuses = async (client: TestClient, key: string, count: number) => {
  const seen: number[] = [];
  for (let index = 0; index < count; index++) seen.push((await client.create(key, { name: `Bot ${index}` })).status);
  return seen;
};

describe('POST /__admin/scenarios/{name}', () => {
  it('lists the four built-in scenarios with what each does', async () => {
    const { body } = await admin('GET', '/scenarios');
    expect(Object.keys((body as { scenarios: object }).scenarios)).toEqual(['empty', 'full-account', 'flaky', 'slow']);
  });

  it('full-account fills the first account to its limit (its next create answers 409); empty empties it', async () => {
    const loaded = await admin('POST', '/scenarios/full-account', {}, '/scenarios/{name}');
    expect(loaded.body).toMatchObject({ scenario: 'full-account', chatbots: LIMIT, overrides: [] });
    const client = new TestClient(t.server.url);
    expect(await client.listed(KEYS.acmeMobile)).toHaveLength(LIMIT);
    expect((await client.create(KEYS.acmeWeb, { name: 'One too many' })).status).toBe(409);
    await admin('POST', '/scenarios/empty', {}, '/scenarios/{name}');
    expect(await client.snapshot()).toEqual({ acme: [], globex: [] });
  });

  it("flaky answers every third create 503 with Retry-After, for one tenant only; others' succeed", async () => {
    await admin('POST', '/reset', {});
    const [mine, theirs] = [await tenant(), await tenant()];
    const loaded = await admin('POST', '/scenarios/flaky', { account: mine.account_id }, '/scenarios/{name}');
    expect(loaded.body).toMatchObject({ overrides: [{ operationId: 'createChatbot', status: 503, every: 3 }] });
    const client = new TestClient(t.server.url);
    const third = await (async () => {
      await statuses(client, mine.api_key, 2);
      return client.create(mine.api_key, { name: 'Third' });
    })();
    expect([third.status, third.headers.get('retry-after')]).toEqual([503, '1']);
    expect(await statuses(client, mine.api_key, 3)).toEqual([201, 201, 503]);
    expect(await statuses(client, theirs.api_key, 3)).toEqual([201, 201, 201]);
    expect((await client.listed(mine.api_key)).map((chatbot) => chatbot.name)).toEqual([
      'Bot 0',
      'Bot 1',
      'Bot 0',
      'Bot 1',
    ]);
  });

  it('slow delays the operations of one tenant by 1 to 3 s, and they still answer as the contract says', async () => {
    await admin('POST', '/reset', {});
    const mine = await tenant();
    const loaded = await admin('POST', '/scenarios/slow', { account: mine.account_id }, '/scenarios/{name}');
    expect(loaded.body).toMatchObject({
      overrides: [
        { operationId: 'listChatbots', delay: { min: 1000, max: 3000 }, account: mine.account_id },
        { operationId: 'createChatbot', delay: { min: 1000, max: 3000 }, account: mine.account_id },
      ],
    });
    expect((await new TestClient(t.server.url).list(mine.api_key)).status).toBe(200);
    const [listed] = (await admin('GET', `/requests?account=${mine.account_id}&operation_id=listChatbots`)).body!
      .requests as { status: number; answer: unknown }[];
    expect(listed).toMatchObject({ status: 200 });
    expect(listed).not.toHaveProperty('answer'); // serve's journal keeps no answer bodies
    await admin('POST', '/reset', {});
  });

  it("loaded for one account, replaces that account's chatbots with its seed; others' are left alone", async () => {
    await admin('POST', '/reset', {});
    const client = new TestClient(t.server.url);
    await statuses(client, KEYS.acmeWeb, 2);
    await client.create(KEYS.globex, { name: 'Theirs' });
    const full = await admin('POST', '/scenarios/full-account', { account: 'acme' }, '/scenarios/{name}');
    expect(full.body).toMatchObject({ chatbots: LIMIT }); // the whole limit: what acme held is gone
    expect((await client.listed(KEYS.acmeMobile)).map((chatbot) => chatbot.name)).toEqual(
      Array.from({ length: LIMIT }, (_, index) => `Chatbot ${index + 1}`),
    );
    expect((await client.create(KEYS.acmeWeb, { name: 'One too many' })).status).toBe(409);
    await admin('POST', '/scenarios/empty', { account: 'acme' }, '/scenarios/{name}');
    expect(await client.snapshot()).toMatchObject({ acme: [], globex: [{ name: 'Theirs' }] });
    expect((await client.create(KEYS.acmeWeb, { name: 'Room again' })).status).toBe(201);
  });

  it('refuses an unknown name (404, naming those there are) or a bad body (400), and changes nothing', async () => {
    await admin('POST', '/reset', {});
    const client = new TestClient(t.server.url);
    await client.create(KEYS.acmeWeb, { name: 'Kept' });
    const unknown = await admin('POST', '/scenarios/nope', {}, '/scenarios/{name}');
    expect(unknown).toMatchObject({ status: 404, body: { detail: expect.stringContaining('empty, flaky') } });
    expect((await admin('POST', '/scenarios/empty', { account: 7 }, '/scenarios/{name}')).status).toBe(400);
    expect((await admin('POST', '/scenarios/empty', '[', '/scenarios/{name}')).status).toBe(400);
    const elsewhere = await admin('POST', '/scenarios/full-account', { account: 'nobody' }, '/scenarios/{name}');
    expect(elsewhere).toMatchObject({ status: 422, body: { detail: 'no account "nobody" among the keys' } });
    expect((await client.listed(KEYS.acmeWeb)).map((chatbot) => chatbot.name)).toEqual(['Kept']);
  });
});

describe('createAdminClient', () => {
  it('lists the scenarios and loads one for a tenant of its own', async () => {
    const client = createAdminClient(t.server.url);
    expect(Object.keys(await client.scenarios())).toContain('flaky');
    const mine = await client.createTenant();
    const loaded = await client.useScenario('full-account', { account: mine.account_id });
    expect([loaded.scenario, loaded.chatbots]).toEqual(['full-account', LIMIT]);
    expect((await new TestClient(t.server.url).create(mine.api_key, { name: 'Too many' })).status).toBe(409);
    await expect(client.useScenario('nope')).rejects.toMatchObject({ status: 404 });
  });
});

describe('scenarios.schema.json', () => {
  it('holds the built-in scenarios, and refuses a misspelt field', () => {
    const valid = new Ajv({ strict: true, allErrors: true }).compile(SCENARIOS_SCHEMA);
    expect(valid({ scenarios: BUILT_IN_SCENARIOS }), JSON.stringify(valid.errors)).toBe(true);
    expect(valid({ scenarios: { mine: { overides: [] } } })).toBe(false);
    expect(valid({ scenarios: { mine: { seed: [{ count: 'all' }] } } })).toBe(false);
  });
});

describe('scenarios at the start', () => {
  const scenariosFile = (text: string) => {
    const file = join(mkdtempSync(join(tmpdir(), 'scenarios-')), 'scenarios.yaml');
    writeFileSync(file, text);
    return file;
  };

  it("starts in a team's own scenario from its file, and returns to it on reset", async () => {
    const file = scenariosFile(`scenarios:
  two-bots:
    description: Two chatbots, and globex's list down
    seed:
      - chatbots: [{ name: Support }, { name: Sales, settings: { theme: dark } }]
    overrides:
      - { operationId: listChatbots, status: 503, account: globex }
`);
    const own = await startTestServer({ scenariosFile: file, scenario: 'two-bots' });
    try {
      const names = async () => (await own.client.listed(KEYS.acmeWeb)).map((chatbot) => chatbot.name);
      expect(await names()).toEqual(['Support', 'Sales']);
      expect((await own.client.list(KEYS.globex)).status).toBe(503);
      await own.client.create(KEYS.acmeWeb, { name: 'Later' });
      await own.server.reset();
      expect(await names()).toEqual(['Support', 'Sales']);
    } finally {
      await own.close();
    }
  });

  it('refuses a file of the wrong shape, an unknown name, or a scenario the contract refuses', async () => {
    await expect(startTestServer({ scenariosFile: scenariosFile('scenarios: { Bad Name: {} }') })).rejects.toThrow(
      ScenarioError,
    );
    await expect(startTestServer({ scenario: 'nope' })).rejects.toThrow(/no scenario "nope"; there are empty/);
    const teapot = scenariosFile(
      'scenarios:\n  teapot:\n    overrides: [{ operationId: listChatbots, status: 418 }]\n',
    );
    await expect(startTestServer({ scenariosFile: teapot, scenario: 'teapot' })).rejects.toThrow(
      'scenario teapot: the override does not fit the contract: listChatbots documents no 418 answer',
    );
  });
});

describe('a scenario loaded again and again for one account', () => {
  it("replaces that account's overrides, so that they never pile up to the cap", async () => {
    await admin('POST', '/reset', {});
    const mine = await tenant();
    for (let index = 0; index < MAX_OVERRIDES; index++)
      expect((await admin('POST', '/scenarios/slow', { account: mine.account_id }, '/scenarios/{name}')).status).toBe(
        200,
      );
    const listed = (await admin('GET', '/overrides')).body as { overrides: { account?: string }[] };
    expect(listed.overrides.map((override) => override.account)).toEqual([mine.account_id, mine.account_id]);
  });

  it('is refused whole, its seed unstored, when its overrides would pass the cap', async () => {
    await admin('POST', '/reset', {});
    const mine = await tenant();
    for (let index = 0; index < MAX_OVERRIDES - 1; index++)
      await admin('POST', '/overrides', { operationId: 'listChatbots', delay: 1, account: `other-${index}` });
    const client = new TestClient(t.server.url);
    expect((await client.create(mine.api_key, { name: 'Kept' })).status).toBe(201);
    const refused = await admin('POST', '/scenarios/slow', { account: mine.account_id }, '/scenarios/{name}');
    expect(refused.status).toBe(422);
    expect((await client.listed(mine.api_key)).map((chatbot) => chatbot.name)).toEqual(['Kept']);
    expect(((await admin('GET', '/overrides')).body as { overrides: unknown[] }).overrides).toHaveLength(
      MAX_OVERRIDES - 1,
    );
    await admin('POST', '/reset', {});
  });
});

describe('a scenario that would seed without bound', () => {
  it(`is refused past ${MAX_SEEDED_PER_LOAD} chatbots seeded (a server given a higher limit)`, async () => {
    const reference = createReference({ contract, keys: parseKeys(DEMO_KEYS), maxChatbotsPerAccount: 1_000_000_000 });
    await expect(reference.useScenario('full-account')).rejects.toThrow(ScenarioError);
    await expect(reference.useScenario('full-account')).rejects.toThrow(/more than 100000 chatbots/);
    expect(reference.journal.entries()).toEqual([]);
  });

  it("is not reached through a contract's own limit, which cannot raise the server's", async () => {
    const document = structuredClone(contract.document);
    const info = document.info as typeof document.info & { 'x-limits': Record<string, unknown> };
    info['x-limits']['max-chatbots-per-account'] = 1_000_000_000;
    const api = createMiddleware({ contract: createContract(document, liveValidators) });
    expect((await api.useScenario('full-account')).chatbots).toBe(10_000);
  });
});

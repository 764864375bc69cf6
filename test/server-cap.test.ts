// What the server stores is capped in all, across every tenant, not only per
// account: maxRecords (--max-records) counts the chatbots and the records of
// the contract's other resources of every account together. Past it, a create
// gets the 409 a full collection answers, saying the server is full, and
// nothing is stored; a removal or a reset gives room back, and a scenario that
// would pass it is refused with nothing changed. On the store TEST_STORE names;
// every /api answer checked against the contract, every admin answer against
// the admin API's document.
import { afterEach, describe, expect, it } from 'vitest';
import { loadContract } from '../src/contract/load.js';
import type { Chatbot } from '../src/contract/types.js';
import { OptionError } from '../src/serve/options.js';
import { runServe } from '../src/serve/runServe.js';
import { adminCaller } from './helpers/admin.js';
import { crudDocument, writeCrudContract } from './helpers/crudContract.js';
import { assertBuilt, run } from './helpers/run.js';
import { KEYS, startTestServer, TestClient, type TestServer } from './helpers/server.js';

let t: TestServer | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const admin = adminCaller(() => t?.server.url ?? '');
const FULL = /^The server is full: it holds 3 records/;

/** openapi.yaml with a chatbot's read, delete and versions, a version's create documenting the 409 of a full one. */
function crudContract(): string {
  return writeCrudContract(
    crudDocument((document) => {
      const versions = document.paths['/chatbots/{chatbotId}/versions'] as { post: { responses: object } };
      versions.post.responses = {
        ...versions.post.responses,
        '409': { $ref: '#/components/responses/ChatbotLimitReached' },
      };
    }),
  );
}

describe('the cap on all the server stores', () => {
  it('stops creates of every tenant at maxRecords, chatbots and records together, and gives room back', async () => {
    const file = crudContract();
    t = await startTestServer({ contractFile: file, maxRecords: 3 });
    const client = new TestClient(t.server.url, loadContract(file));
    const bot = async (key: string) => client.create(key, { name: 'Bot', settings: { theme: 'dark' } });
    const version = (id: string) =>
      client.request('POST', `/chatbots/${id}/versions`, { key: KEYS.acmeWeb, json: { label: 'v1' } });
    const mine = (await bot(KEYS.acmeWeb)).body.data as Chatbot;
    expect((await bot(KEYS.globex)).status).toBe(201);
    expect((await version(mine.id)).status).toBe(201);
    // Three stored, in two accounts: each tenant's next create is refused, a chatbot or a record alike.
    for (const refused of [await bot(KEYS.globex), await bot(KEYS.acmeMobile), await version(mine.id)]) {
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ status: 409, detail: expect.stringMatching(FULL) });
    }
    expect((await client.listed(KEYS.acmeWeb)).length + (await client.listed(KEYS.globex)).length).toBe(2);
    const versions = await client.request<{ data: unknown[] }>('GET', `/chatbots/${mine.id}/versions`, {
      key: KEYS.acmeWeb,
    });
    expect(versions.body.data).toEqual([expect.objectContaining({ label: 'v1' })]);
    // Removing the chatbot removes its version too: two places free, and no more.
    const removed = await client.request('DELETE', `/chatbots/${mine.id}`, { key: KEYS.acmeWeb });
    expect(removed.status).toBe(204);
    const statuses = async (keys: string[]) => {
      const seen = [];
      for (const key of keys) seen.push((await bot(key)).status);
      return seen;
    };
    expect(await statuses([KEYS.globex, KEYS.acmeWeb, KEYS.globex])).toEqual([201, 201, 409]);
    // A reset empties the store: the whole cap again.
    expect((await admin('POST', '/reset', {})).status).toBe(200);
    expect(await statuses([KEYS.globex, KEYS.acmeWeb, KEYS.globex, KEYS.acmeWeb])).toEqual([201, 201, 201, 409]);
  });

  it('refuses a scenario that would pass it, for everyone or for one account, and changes nothing', async () => {
    const seeding = (account: string, count: number) => ({ seed: [{ account, count }] });
    t = await startTestServer({
      maxRecords: 3,
      scenarios: { four: seeding('acme', 4), 'acme-two': seeding('acme', 2), 'globex-two': seeding('globex', 2) },
    });
    const client = new TestClient(t.server.url);
    expect((await client.create(KEYS.globex, { name: 'Theirs' })).status).toBe(201);
    const load = (name: string, account?: string) =>
      admin('POST', `/scenarios/${name}`, account === undefined ? {} : { account }, '/scenarios/{name}');
    const everyone = await load('four');
    expect(everyone).toMatchObject({ status: 422, body: { detail: expect.stringMatching(/would hold 4 records.*3/) } });
    expect(await client.snapshot()).toMatchObject({ acme: [], globex: [{ name: 'Theirs' }] });
    // One account's load counts what the others hold, and what it replaces in that account gives room.
    expect((await load('acme-two', 'acme')).status).toBe(200);
    expect((await load('globex-two', 'globex')).status).toBe(422);
    expect((await client.listed(KEYS.globex)).map((chatbot) => chatbot.name)).toEqual(['Theirs']);
    expect(await client.listed(KEYS.acmeWeb)).toHaveLength(2);
    expect((await client.create(KEYS.globex, { name: 'One too many' })).status).toBe(409);
    expect((await load('acme-two', 'acme')).status).toBe(200);
  });

  it('lets exactly the loads that fit through when many tenants load a scenario at once', async () => {
    const server = await startTestServer({ maxRecords: 12, scenarios: { five: { seed: [{ count: 5 }] } } });
    t = server;
    const tenants: NewTenant[] = [];
    for (let i = 0; i < 8; i++) tenants.push((await admin('POST', '/tenants', {})).body as NewTenant);
    const held = async () => ((await admin('GET', '/health')).body as { chatbots: number }).chatbots;
    // The health's count, read again and again while the loads run: never past the cap.
    let loading = true;
    const seen: number[] = [];
    const watching = (async () => {
      while (loading) seen.push(await held());
    })();
    const loads = await Promise.all(
      tenants.map(({ account_id }) => admin('POST', '/scenarios/five', { account: account_id }, '/scenarios/{name}')),
    ).finally(() => (loading = false));
    await watching;
    expect(loads.map((load) => load.status).sort()).toEqual([200, 200, 422, 422, 422, 422, 422, 422]);
    for (const refused of loads.filter((load) => load.status === 422))
      expect(refused.body).toMatchObject({ detail: expect.stringMatching(/would hold \d+ records.* 12 /) });
    expect(Math.max(...seen, await held())).toBeLessThanOrEqual(12);
    // Each tenant holds its whole scenario or nothing of it.
    const lists = await Promise.all(tenants.map(({ api_key }) => server.client.listed(api_key)));
    expect(lists.map((list) => list.length).sort()).toEqual([0, 0, 0, 0, 0, 0, 5, 5]);
    expect(await held()).toBe(10);
  });
});

type NewTenant = { account_id: string; api_key: string };

describe('maxRecords', () => {
  it.each([0, -1, 1.5])('refuses %j in code, naming the option', async (value) => {
    const failure = runServe({ port: 0, maxRecords: value });
    await expect(failure).rejects.toThrow(OptionError);
    await expect(failure).rejects.toThrow(`runServe: maxRecords: expected a whole number from 1, not ${value}`);
  });

  it.each([
    [['--max-records', '0'], {}, /option '--max-records <n>' argument '0' is invalid\. expected a whole number from 1/],
    [['--max-records', '1.5'], {}, /argument '1\.5' is invalid\. expected a whole number from 1/],
    [[], { MAX_RECORDS: '-1' }, /MAX_RECORDS: expected a whole number from 1, not "-1"/],
  ])('is refused at start from %j %j, with exit 2', async (args, env, message) => {
    assertBuilt();
    const started = run(['serve', '--port', '0', ...args], env);
    expect(await started.exit).toBe(2);
    expect(started.stderr()).toMatch(message);
  });
});

// What the admin API reads of the store for one tenant: a scenario loaded for an account reads that account (and the
// ids its seed gives), and the state reads each project's count and newest chatbots, never every chatbot of every
// tenant, so that one tenant's load never costs what the others hold. On the store TEST_STORE names, each of its
// calls recorded; every admin answer checked against admin/openapi.yaml, every /api answer against the contract.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatbotStore } from '../src/state/store.js';
import { adminCaller } from './helpers/admin.js';
import { openTestStore, startTestServer, type TestServer } from './helpers/server.js';

const LIMIT = 300;
const PINNED = '0f5a3c8e-2b7d-4e19-9a61-3c4d5e6f7a8b';
/** Each call of the store's own methods: its name and its first argument (an account, ids, a key). */
const calls: [string, unknown][] = [];

/** The store, every call of its methods recorded in `calls`. */
function watched(store: ChatbotStore): ChatbotStore {
  return new Proxy(store, {
    get(target, name) {
      const value: unknown = Reflect.get(target, name, target);
      if (typeof value !== 'function' || typeof name !== 'string') return value;
      return (...args: unknown[]): unknown => {
        calls.push([name, args[0]]);
        return (value as (...args: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({
    store: watched(await openTestStore()),
    maxChatbotsPerAccount: LIMIT,
    scenarios: { pinned: { seed: [{ chatbots: [{ name: 'Pinned', id: PINNED }] }] } },
  });
});
afterAll(() => t.close());

const admin = adminCaller(() => t.server.url);
const tenant = async () => (await admin('POST', '/tenants', {})).body as { account_id: string; api_key: string };
const load = (name: string, account: string) => admin('POST', `/scenarios/${name}`, { account }, '/scenarios/{name}');
/** What `work` gives, and the calls of the store it makes that read every account, or name one other than `mine`. */
async function reading<T>(mine: string | undefined, work: () => Promise<T>) {
  calls.length = 0;
  const result = await work();
  return {
    result,
    beyond: calls.filter(([name, first]) => name === 'all' || (typeof first === 'string' && first !== mine)),
  };
}

describe('the admin API, for one tenant among many', () => {
  const others: { account_id: string; api_key: string }[] = [];
  beforeAll(async () => {
    for (let i = 0; i < 5; i++) others.push(await tenant());
    for (const other of others) expect((await load('full-account', other.account_id)).status).toBe(200);
  });

  it("loads a scenario for one account reading that account alone, none of the others' chatbots", async () => {
    const mine = await tenant();
    const { result, beyond } = await reading(mine.account_id, () => load('full-account', mine.account_id));
    expect(beyond).toEqual([]);
    expect(result).toMatchObject({ status: 200, body: { chatbots: LIMIT } });
    expect(await t.client.listed(mine.api_key)).toHaveLength(LIMIT);
    for (const other of others) expect(await t.client.listed(other.api_key)).toHaveLength(LIMIT);
  });

  it('checks the ids a seed gives against every account without reading their chatbots', async () => {
    const [first, second] = [await tenant(), await tenant()];
    const statuses = [];
    for (const account of [first.account_id, first.account_id, second.account_id]) {
      const { result, beyond } = await reading(account, () => load('pinned', account));
      expect(beyond).toEqual([]);
      statuses.push(result.status);
      if (account === second.account_id) expect(JSON.stringify(result.body)).toContain(`id ${PINNED} is used already`);
    }
    // Loaded again for its account, the pinned chatbot replaces itself; another account cannot take its id.
    expect(statuses).toEqual([200, 200, 422]);
    expect((await t.client.listed(first.api_key)).map((chatbot) => chatbot.id)).toEqual([PINNED]);
    expect(await t.client.listed(second.api_key)).toEqual([]);
  });

  it("shows each project's count and newest 100 chatbots, reading no project's more", async () => {
    const { result, beyond } = await reading(undefined, () => admin('GET', '/state'));
    // Each project read for its count and the chatbots shown (newestOfProject); never every chatbot of every account.
    expect(beyond.filter(([name]) => name !== 'newestOfProject')).toEqual([]);
    const { accounts } = result.body as { accounts: State[] };
    for (const other of others) {
      const [project] = accounts.find((account) => account.id === other.account_id)?.projects ?? [];
      expect(project?.chatbot_count).toBe(LIMIT);
      expect(project?.chatbots).toEqual((await t.client.listed(other.api_key)).slice(-100));
    }
  });
});

interface State {
  id: string;
  projects: { id: string; chatbot_count: number; chatbots: unknown[] }[];
}

// A scenario means the same in serve and in the Prism mock (issue 32). Each built-in scenario, and a seeded one of a
// scenarios file, is loaded on both, for one account (after a seed of its own that it must replace) and for
// everyone, after a scenario that seeds both accounts; the lists of the account and of another, and the next create
// of each, must be the same on both. Every /api answer is checked against the contract (TestClient), every admin
// answer against the admin API's document (adminCaller).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Chatbot } from '../src/contract/types.js';
import { runMock, type RunningMock } from '../src/mock/runMock.js';
import { adminCaller } from './helpers/admin.js';
import { contract } from './helpers/contract.js';
import { KEYS, KEYS_FILE, startTestServer, TestClient, type TestServer } from './helpers/server.js';

const SCENARIOS = `scenarios:
  baseline:
    description: Chatbots in both accounts, for the scenario under test to replace or leave alone
    seed:
      - { account: acme, chatbots: [{ name: Acme before }] }
      - { account: globex, chatbots: [{ name: Globex 1 }, { name: Globex 2, settings: { theme: dark } }] }
  two-bots:
    description: Two chatbots in the first account, or in the one it is loaded for
    seed:
      - chatbots: [{ name: Support }, { name: Sales, settings: { theme: dark } }]
`;
const LIMIT = contract.rules.maxChatbotsPerAccount; // the mock's, and serve's by default
const GLOBEX = ['Globex 1', 'Globex 2'];

let serve: TestServer;
let mock: RunningMock;
beforeAll(async () => {
  const scenariosFile = join(mkdtempSync(join(tmpdir(), 'scenario-parity-')), 'scenarios.yaml');
  writeFileSync(scenariosFile, SCENARIOS);
  serve = await startTestServer({ scenariosFile });
  mock = await runMock({ port: 0, keysFile: KEYS_FILE, scenariosFile });
}, 60_000);
afterAll(async () => {
  await serve?.close();
  await mock?.close();
});

/** What a list says, but the ids and times each server makes anew. */
const listing = (chatbots: Chatbot[]) =>
  chatbots.map(({ name, settings, is_active }) => ({ name, settings, is_active }));

/** On one server: the baseline for everyone, then `before`, then the scenario; what its answers are then. */
async function loadOn(url: string, name: string, body: { account?: string }, before?: string) {
  const admin = adminCaller(() => url);
  const use = (scenario: string, scope: object) => admin('POST', `/scenarios/${scenario}`, scope, '/scenarios/{name}');
  expect((await use('baseline', {})).status).toBe(200);
  if (before) expect((await use(before, body)).status).toBe(200);
  const loaded = await use(name, body);
  expect(loaded.status, JSON.stringify(loaded.body)).toBe(200);
  const { chatbots, overrides } = loaded.body as { chatbots: number; overrides: { id: string }[] };
  const api = new TestClient(url);
  const acme = listing(await api.listed(KEYS.acmeMobile));
  const globex = listing(await api.listed(KEYS.globex));
  const creates = [(await api.create(KEYS.acmeWeb, { name: 'Next' })).status];
  creates.push((await api.create(KEYS.globex, { name: 'Next' })).status);
  // An override's id is each server's own count.
  return { chatbots, overrides: overrides.map(({ id: _id, ...rest }) => rest), acme, globex, creates };
}

async function onBoth(name: string, body: { account?: string }, before?: string) {
  const [onServe, onMock] = await Promise.all([
    loadOn(serve.server.url, name, body, before),
    loadOn(mock.url, name, body, before),
  ]);
  expect(onMock).toEqual(onServe);
  return { ...onServe, acme: onServe.acme.map((chatbot) => chatbot.name), globex: onServe.globex.map((c) => c.name) };
}

const numbered = Array.from({ length: LIMIT }, (_, index) => `Chatbot ${index + 1}`);

describe('a scenario loaded for one account, in serve and in the mock alike', () => {
  // Before each, full-account for acme: a seed the scenario must replace, and a 409 it must take away.
  const expected = {
    empty: { acme: [], creates: [201, 201] },
    'full-account': { acme: numbered, creates: [409, 201] },
    flaky: { acme: [], creates: [201, 201] }, // its first create is not the third
    slow: { acme: [], creates: [201, 201] },
    'two-bots': { acme: ['Support', 'Sales'], creates: [201, 201] },
  };
  for (const [name, { acme, creates }] of Object.entries(expected))
    it(`${name}: the account holds exactly its seed, and the other account is left alone`, async () => {
      const seen = await onBoth(name, { account: 'acme' }, 'full-account');
      expect(seen).toMatchObject({ chatbots: acme.length, acme, globex: GLOBEX, creates });
    }, 30_000);
});

describe('a scenario loaded for everyone, in serve and in the mock alike', () => {
  const expected = {
    empty: { acme: [], creates: [201, 201] },
    'full-account': { acme: numbered, creates: [409, 201] },
    flaky: { acme: [], creates: [201, 201] },
    slow: { acme: [], creates: [201, 201] }, // the seed's lists, late: not the contract's example
    'two-bots': { acme: ['Support', 'Sales'], creates: [201, 201] },
  };
  for (const [name, { acme, creates }] of Object.entries(expected))
    it(`${name}: every account holds exactly its seed`, async () => {
      const seen = await onBoth(name, {});
      expect(seen).toMatchObject({ chatbots: acme.length, acme, globex: [], creates });
    }, 30_000);
});

// The Prism mock's admin API target: keys (and tenants made through the admin API), the journal and overrides, as
// serve's, but no chatbots. A scenario's seed cannot be stored, so it is answered instead: the seeded account's
// list answers its chatbots, an account seeded to its limit answers a create with 409, and without a seed every
// list is empty.
import type { Contract } from '../contract/contract.js';
import { checkOverride, type OverrideSpec } from '../engine/checkOverride.js';
import { Overrides } from '../engine/overrides.js';
import { RequestJournal } from '../engine/steps/journal.js';
import { scenarioRecords, scopedTo, type LoadedScenario } from '../reference/loadScenario.js';
import { findScenario, type Scenario } from '../reference/scenarios.js';
import { emptySeedState } from '../reference/seeding.js';
import type { AdminTarget } from '../server/admin/router.js';
import type { ApiKey } from '../state/keys.js';
import { InMemoryChatbotStore } from '../state/memoryStore.js';

export interface MockAdmin extends AdminTarget {
  /** Whom a key stands for: the keys given, and the tenants made since. */
  principalOf: InMemoryChatbotStore['principalOf'];
  useContract(next: Contract): void;
  /** Settles once the keys are in and the starting scenario is loaded. */
  ready: Promise<void>;
}

export function mockAdmin(
  first: Contract,
  keys: readonly ApiKey[],
  scenarios: Readonly<Record<string, Scenario>>,
  startScenario?: string,
): MockAdmin {
  let contract = first;
  const store = new InMemoryChatbotStore();
  const journal = new RequestJournal(undefined, false); // as serve's: no answer bodies
  const overrides = new Overrides(contract);
  // Back to the keys given: the tenants made since, the journal and the overrides are gone.
  const clear = async () => {
    await store.reset(keys, []);
    journal.clear();
    overrides.clear();
  };
  const load = async (scenario: string | Scenario, account?: string): Promise<LoadedScenario> => {
    const chosen = findScenario(scenario, scenarios);
    // For everyone, the seed is read against the keys a reset keeps, as serve's is.
    const specs = answeredSeeds(contract, account ? await store.keys() : keys, chosen, account);
    for (const spec of specs) checkOverride(contract, spec); // throws before anything changes
    if (!account) await clear();
    return { chatbots: 0, overrides: specs.map((spec) => overrides.add(spec)) };
  };
  const ready = store.start(keys, []).then(async () => {
    if (startScenario !== undefined) await load(startScenario);
  });
  ready.catch(() => {}); // startMock awaits it, and stops on its failure
  return {
    store,
    journal,
    overrides,
    seed: [],
    scenarios,
    ready,
    principalOf: async (key) => (await ready, store.principalOf(key)),
    reset: async () => {
      await clear();
      if (startScenario !== undefined) await load(startScenario);
    },
    useScenario: async (scenario, { account } = {}) => (await ready, load(scenario, account)),
    useContract(next) {
      contract = next;
      overrides.useContract(next);
    },
  };
}

/** The scenario's overrides, after those that answer its seed: its lists, and its full accounts' creates. */
function answeredSeeds(
  contract: Contract,
  keys: readonly ApiKey[],
  scenario: Scenario,
  forAccount: string | undefined,
): OverrideSpec[] {
  const limit = contract.rules.maxChatbotsPerAccount;
  const state = emptySeedState(keys);
  const lists = new Map<string, unknown[]>();
  for (const { accountId, chatbot } of scenarioRecords(contract, state, scenario, limit, forAccount)) {
    const list = lists.get(accountId) ?? [];
    lists.set(accountId, list);
    list.push(chatbot);
  }
  const scoped = scopedTo(forAccount);
  const seeded: OverrideSpec[] = [scoped({ operationId: 'listChatbots', status: 200, body: { data: [] } })];
  for (const [account, data] of lists) {
    seeded.push({ operationId: 'listChatbots', status: 200, body: { data }, account });
    if (data.length >= limit) seeded.push({ operationId: 'createChatbot', status: 409, account });
  }
  return [...seeded, ...(scenario.overrides ?? []).map(scoped)];
}

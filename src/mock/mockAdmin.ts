// The Prism mock's admin API target: keys (and tenants made through the admin API), the journal and overrides, as
// serve's, and a store that holds a scenario's seed but never a create. A scenario is loaded as serve loads it
// (loadScenario); then the list of each account it was loaded for (every account, when loaded for everyone) is
// answered from that store, and a full account's create with 409, as serve's handlers answer them: after the
// overrides (a `slow` list is the seed, late). Prism answers everything else: the mock stores nothing it is sent.
import type { Contract } from '../contract/contract.js';
import { CoverageRecorder } from '../coverage/recorder.js';
import { Overrides } from '../engine/overrides.js';
import { RequestJournal } from '../engine/steps/journal.js';
import type { Executor } from '../engine/types.js';
import { createReferenceExecutor } from '../handlers/index.js';
import { loadScenario, type LoadedScenario } from '../reference/loadScenario.js';
import { findScenario, type Scenario } from '../reference/scenarios.js';
import type { AdminTarget } from '../http/admin/router.js';
import type { ApiKey } from '../state/keys.js';
import { InMemoryChatbotStore } from '../state/memoryStore.js';
import { AccountFullError, DEFAULT_MAX_RECORDS } from '../state/store.js';

export interface MockAdmin extends AdminTarget {
  /** The keys a reset returns to, as serve's. */
  keys: readonly ApiKey[];
  /** Whom a key stands for: the keys given, and the tenants made since. */
  principalOf: InMemoryChatbotStore['principalOf'];
  useContract(next: Contract): void;
  /** Prism's executor, with the seed of the scenario loaded answered before it. */
  answering(prism: Executor): Executor;
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
  const coverage = new CoverageRecorder(contract, 'mock');
  // Whose chatbots the seed answers: every account's once a scenario is loaded for everyone, else those it was
  // loaded for. Before any scenario, Prism answers every list (the contract's example).
  let seededAll = false;
  const seeded = new Set<string>();
  const limit = () => contract.rules.maxChatbotsPerAccount;
  // Back to the keys given: the tenants made since, the seed, the journal and the overrides are gone.
  const clear = async () => {
    await store.reset(keys, []);
    journal.clear();
    overrides.clear();
    seededAll = false;
    seeded.clear();
  };
  const load = async (scenario: string | Scenario, account?: string): Promise<LoadedScenario> => {
    const target = { contract, store, keys, journal, overrides, limit: limit(), maxRecords: DEFAULT_MAX_RECORDS };
    const loaded = await loadScenario(target, findScenario(scenario, scenarios), account);
    if (account === undefined) seededAll = true;
    else seeded.add(account);
    return loaded;
  };
  // Each chatbot the store hands out is checked by the contract in force, as serve's store does.
  const ready = store
    .start(keys, [], (chatbot) => contract.encodeChatbot(chatbot))
    .then(async () => {
      if (startScenario !== undefined) await load(startScenario);
    });
  ready.catch(() => {}); // runMock awaits it, and stops on its failure
  return {
    store,
    keys,
    journal,
    coverage,
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
      coverage.useContract(next);
    },
    answering: (prism) => async (call) => {
      const account = call.principal?.accountId;
      if (account === undefined || !(seededAll || seeded.has(account))) return prism(call);
      const { operationId } = call.operation;
      if (operationId === 'listChatbots') return createReferenceExecutor(store, contract)(call); // the stored seed
      // A full account's create is refused as serve's handler refuses it; any other is Prism's, and not stored.
      if (operationId === 'createChatbot' && (await store.listByAccount(account)).length >= limit())
        return { status: 409, body: contract.problem(409, new AccountFullError(account, limit()).message) };
      return prism(call);
    },
  };
}

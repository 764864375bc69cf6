// Loading a scenario into the reference. For everyone: the store is reset to the keys and the scenario's seed in
// one step, the journal and the overrides cleared, and its overrides set. For one account (a test's own tenant):
// that account's chatbots are replaced by its seed in one step (store.replaceAccount), and the overrides scoped to it
// by the scenario's, so that it holds exactly the scenario as the whole server does for everyone; the rest is left
// alone.
// Everything is checked before anything changes: a refused scenario changes nothing.
import type { Contract } from '../contract/contract.js';
import { checkOverride, OverrideError, type OverrideSpec } from '../engine/checkOverride.js';
import type { ActiveOverride, Overrides } from '../engine/overrides.js';
import type { RequestJournal } from '../engine/steps/journal.js';
import type { ApiKey } from '../state/keys.js';
import type { ChatbotStore, StoredChatbot } from '../state/store.js';
import type { Scenario } from './scenarios.js';
import { findScenario, ScenarioError } from './scenarios.js';
import {
  checkServerRoom,
  emptySeedState,
  numberedChatbots,
  seedRecords,
  serverRoom,
  storeState,
  type SeedState,
} from './seeding.js';

export interface ScenarioTarget {
  contract: Contract;
  store: ChatbotStore;
  /** The keys a reset returns to. */
  keys: readonly ApiKey[];
  journal: RequestJournal;
  overrides: Overrides;
  /** The most chatbots an account may hold. */
  limit: number;
  /** The most records (chatbots and the contract's other records) the store may hold in all its accounts. */
  maxRecords: number;
}

export interface LoadedScenario {
  /** The chatbots it seeded. */
  chatbots: number;
  overrides: ActiveOverride[];
}

export async function loadScenario(
  target: ScenarioTarget,
  scenario: Scenario,
  forAccount?: string,
): Promise<LoadedScenario> {
  const { contract, store, overrides } = target;
  // For one account, its seed is made as if it held nothing: it replaces what it holds. Only that account is read.
  const given = (scenario.seed ?? []).flatMap((seed) => seed.chatbots ?? []);
  const state = forAccount
    ? await storeState(store, forAccount, given, { replacing: true })
    : emptySeedState(target.keys);
  const records = scenarioRecords(contract, state, scenario, target.limit, forAccount);
  // For everyone, the store is to hold the seed alone; for one account, the others' records and the seed.
  const others = forAccount ? (await store.stored()) - (await store.stored(forAccount)) : 0;
  checkServerRoom(others, records.length, target.maxRecords);
  const specs = (scenario.overrides ?? []).map(scopedTo(forAccount));
  // Throws an OverrideError (the contract, or a cap) before anything changes.
  const putInForce = overrides.plan(specs, forAccount ? { account: forAccount } : {});
  // The store decides in the write itself: loads racing in other accounts all passed the check above.
  if (forAccount) await serverRoom(store.replaceAccount(forAccount, records, target.maxRecords));
  else {
    await store.reset(target.keys, records);
    target.journal.clear();
  }
  return { chatbots: records.length, overrides: putInForce() };
}

/** The most chatbots one load of a scenario seeds, in all its accounts. */
export const MAX_SEEDED_PER_LOAD = 100_000;

/** An override for one account, when the scenario is loaded for one; else as it is, for everyone. */
const scopedTo =
  (forAccount: string | undefined) =>
  (spec: OverrideSpec): OverrideSpec =>
    forAccount ? { ...spec, account: forAccount } : spec;

/** The chatbots a scenario seeds, as records made against `state` (which they are added to). */
function scenarioRecords(
  contract: Contract,
  state: SeedState,
  scenario: Scenario,
  limit: number,
  forAccount: string | undefined,
): StoredChatbot[] {
  const records: StoredChatbot[] = [];
  for (const [index, seed] of (scenario.seed ?? []).entries()) {
    const accountId = forAccount ?? seed.account ?? state.keys[0]?.accountId;
    if (!accountId) throw new ScenarioError(`seed[${index}]: there is no account to seed`);
    if (forAccount && seed.account !== undefined && seed.account !== forAccount)
      throw new ScenarioError(`seed[${index}] names the account ${seed.account}, not ${forAccount}`);
    const given = seed.chatbots ?? [];
    const room = limit - (state.accounts.get(accountId)?.held ?? 0) - given.length;
    const count = seed.count === 'limit' ? Math.max(0, room) : (seed.count ?? 0);
    // A contract may set no limit per account: "limit" is then more than any store holds.
    if (records.length + given.length + count > MAX_SEEDED_PER_LOAD)
      throw new ScenarioError(`it seeds more than ${MAX_SEEDED_PER_LOAD} chatbots, the most one load may seed`);
    const chatbots = [...given, ...numberedChatbots(count)];
    records.push(...seedRecords(contract, state, accountId, chatbots, { project: seed.project, limit }));
  }
  return records;
}

/** The scenario a server or a mock starts in, its overrides checked now: a ScenarioError says what is wrong. */
export function startScenario(
  contract: Contract,
  name: string,
  scenarios: Readonly<Record<string, Scenario>>,
): Scenario {
  const scenario = findScenario(name, scenarios);
  try {
    for (const spec of scenario.overrides ?? []) checkOverride(contract, spec);
  } catch (error) {
    if (error instanceof OverrideError) throw new ScenarioError(`scenario ${name}: ${error.message}`);
    throw error;
  }
  return scenario;
}

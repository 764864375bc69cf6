// The reference behaviour, ready to serve: the engine with the reference
// handlers as its executor, a store, and the keys. Every stateful mode (serve,
// createMiddleware, MSW) is this, behind its own adapter. No node: module.
import type { Contract } from '../contract/contract.js';
import { encodeUnchecked, type ChatbotEncoder } from '../contract/encoder.js';
import { CoverageRecorder } from '../coverage/recorder.js';
import { Overrides } from '../engine/overrides.js';
import { createEngine, type Engine } from '../engine/pipeline.js';
import type { EngineLog } from '../engine/types.js';
import type { Delay, FaultOptions } from '../engine/steps/faults.js';
import { RequestJournal } from '../engine/steps/journal.js';
import { switchableEngine } from '../engine/switchable.js';
import { createAuthenticator } from '../state/authenticator.js';
import { DEMO_KEYS, parseKeys, type ApiKey, type KeysFile } from '../state/keys.js';
import { parseSeed, type SeedFile } from '../state/seed.js';
import { InMemoryChatbotStore } from '../state/memoryStore.js';
import { DEFAULT_MAX_RECORDS, type ChatbotStore, type StoredChatbot } from '../state/store.js';
import { contractExecutor } from './contractExecutor.js';
import { loadScenario, startScenario, type LoadedScenario } from './loadScenario.js';
import { findScenario, type Scenario } from './scenarios.js';
import { checkServerRoom, seedRecords, serverRoom, storeState, type SeedChatbot } from './seeding.js';

export interface ReferenceOptions {
  contract: Contract;
  keys: readonly ApiKey[];
  /** What the store starts with, and what reset returns to. */
  seed?: readonly StoredChatbot[];
  /** Default: in memory, starting from the keys and the seed. A store given is
   * started with them too (keys it lacks, the seed when it holds no chatbot). */
  store?: ChatbotStore;
  /** Check every answer against the contract before it is sent (default true). */
  validateResponses?: boolean;
  faults?: FaultOptions;
  basePath?: string;
  log?: EngineLog;
  /** The most chatbots an account may hold, and records of one collection (default: the contract's). */
  maxChatbotsPerAccount?: number;
  /** The most records of the contract's other resources an account may hold in all (default: ten times the above). */
  maxRecordsPerAccount?: number;
  /** The most records (chatbots and the contract's other records together) the store may hold in all its accounts
   * (default: DEFAULT_MAX_RECORDS); a seed or a scenario that would pass it is refused. */
  maxRecords?: number;
  /** The contract the handlers were written for, when `contract` may be another (a branch's, or an edit
   * followed as the server runs): an operation that differs from it is served as src/reference/editedContract.ts says.
   * */
  builtIn?: Contract;
  /** A team's own scenarios, by name, beside the built-in ones. */
  scenarios?: Readonly<Record<string, Scenario>>;
  /** A scenario loaded at the start, and again on every reset. */
  scenario?: string;
  /** Keep each answer's body in the journal (default true; serve leaves it out, for speed). */
  journalAnswers?: boolean;
  /** What its coverage journal names as its source: serve, msw or middleware. */
  coverageSource?: string;
}

export interface Reference {
  engine: Engine;
  store: ChatbotStore;
  keys: readonly ApiKey[];
  seed: readonly StoredChatbot[];
  journal: RequestJournal;
  /** What the requests so far exercised of the contract; a reset keeps it (a suite's tests add up). */
  coverage: CoverageRecorder;
  /** The answers tests set for an operation (src/engine/overrides.ts); reset clears them. */
  overrides: Overrides;
  /** Settles once the store holds the keys and the seed; a rejection is a store that cannot start. */
  ready: Promise<void>;
  /** Back to the start: the keys (tenants made since are gone) and the seed, an empty journal and no override. */
  reset(): Promise<void>;
  /** From the next request on, serve this contract, on the same store, keys and journal. */
  useContract(next: Contract): void;
  /** Adds chatbots to an account (to its first project, or the one named), checked against the contract. */
  seedAccount(accountId: string, chatbots: readonly SeedChatbot[], options?: { project?: string }): Promise<void>;
  /** Loads a scenario by name (the team's own, or a built-in one), for everyone or for one account. */
  useScenario(scenario: string | Scenario, options?: { account?: string }): Promise<LoadedScenario>;
  /** The team's own scenarios, by name. */
  readonly scenarios: Readonly<Record<string, Scenario>>;
}

export function createReference(options: ReferenceOptions): Reference {
  const { keys, seed = [], builtIn } = options;
  let contract = options.contract;
  const store = options.store ?? new InMemoryChatbotStore();
  // Every store is started with the encoder of the contract in force: each chatbot it hands out is checked by it
  // (unless response checks are off: a server made to send what it is given, for the tests of a checker).
  const encoderOf = (of: Contract): ChatbotEncoder =>
    options.validateResponses === false ? encodeUnchecked : of.encodeChatbot;
  const maxRecords = options.maxRecords ?? DEFAULT_MAX_RECORDS;
  const started = (async () => {
    // A seed past the cap on all the store holds is refused at the start, not at every reset.
    checkServerRoom(0, seed.length, maxRecords);
    // A contract that may change (builtIn given) is followed by the store too; a fixed one is handed over as it is.
    await store.start(keys, seed, builtIn ? (chatbot) => encoderOf(contract)(chatbot) : encoderOf(contract));
  })();
  const journal = new RequestJournal(undefined, options.journalAnswers ?? true);
  const overrides = new Overrides(contract);
  const coverage = new CoverageRecorder(contract, options.coverageSource ?? 'reference');
  const authenticator = createAuthenticator(async (key) => (await ready, store.principalOf(key)));
  const limitOf = (of: Contract) => options.maxChatbotsPerAccount ?? of.rules.maxChatbotsPerAccount;
  const engineFor = (of: Contract, basePath = options.basePath): Engine => {
    return createEngine({
      contract: of,
      // An operation with no handler is served as the resource the contract implies, else from its examples.
      executor: contractExecutor(of, store, {
        builtIn,
        encodeChatbot: encoderOf(of),
        maxPerAccount: limitOf(of),
        maxRecordsPerAccount: options.maxRecordsPerAccount,
        maxRecords,
        basePath: basePath ?? of.basePath,
      }),
      authenticator,
      journal,
      overrides,
      coverage,
      basePath,
      validateResponses: options.validateResponses,
      faults: options.faults,
      log: options.log,
    });
  };
  const engine = switchableEngine(engineFor(contract));
  const limit = () => limitOf(contract);
  const scenarios = options.scenarios ?? {};
  const load = (scenario: string | Scenario, account?: string) => {
    const chosen = findScenario(scenario, scenarios);
    return loadScenario({ contract, store, keys, journal, overrides, limit: limit(), maxRecords }, chosen, account);
  };
  // A start scenario's name and overrides are checked now: a mistake throws here, not in every later answer.
  if (options.scenario !== undefined) startScenario(contract, options.scenario, scenarios);
  const ready = started.then(async () => {
    if (options.scenario !== undefined) await load(options.scenario);
  });
  ready.catch(() => {}); // awaited by whoever starts the server; each request awaits it too
  return {
    engine,
    store,
    keys,
    seed,
    journal,
    coverage,
    overrides,
    ready,
    reset: async () => {
      await store.reset(keys, seed);
      journal.clear();
      overrides.clear();
      if (options.scenario !== undefined) await load(options.scenario);
    },
    scenarios,
    async seedAccount(accountId, chatbots, { project } = {}) {
      await ready;
      const state = await storeState(store, accountId, chatbots);
      const records = seedRecords(contract, state, accountId, chatbots, { project, limit: limit() });
      checkServerRoom(await store.stored(), records.length, maxRecords);
      await serverRoom(store.addChatbots(records, maxRecords));
    },
    async useScenario(scenario, { account } = {}) {
      await ready;
      return load(scenario, account);
    },
    useContract(next) {
      contract = next;
      overrides.useContract(next);
      coverage.useContract(next);
      // The base path stays where the server was started: its address does not move.
      engine.switchTo(engineFor(next, engine.basePath));
    },
  };
}

/** What a team passes to an adapter (MSW, createMiddleware): keys and seed in their file shapes. */
export interface ReferenceSettings {
  /** Accounts, projects and keys, in the keys-file shape (default: the demo keys). */
  keys?: KeysFile;
  /** Chatbots to start with, in the seed-file shape; reset() returns to them. */
  seed?: SeedFile;
  store?: ChatbotStore;
  /** Latency on every answer (none by default): milliseconds, or [min, max]. */
  delay?: Delay;
  /** The fraction of requests that fail, 0 to 1 (none by default). */
  faultRate?: number;
  /** Check every answer against the contract (default true). */
  validateResponses?: boolean;
  /** Where the engine reports a fault of its own (default: nowhere). */
  log?: EngineLog;
  /** The team's own scenarios, by name, beside the built-in ones (useScenario). */
  scenarios?: Readonly<Record<string, Scenario>>;
  /** A scenario to start in, and to return to on every reset(). */
  scenario?: string;
}

/** The reference behaviour from those settings, each checked as the CLI checks its files. */
export function createReferenceFrom(
  contract: Contract,
  settings: ReferenceSettings,
  { basePath, coverageSource }: { basePath?: string; coverageSource: string },
): Reference {
  const keys = parseKeys(settings.keys ?? DEMO_KEYS);
  return createReference({
    contract,
    keys,
    seed: settings.seed ? parseSeed(contract, settings.seed, keys) : [],
    basePath,
    store: settings.store,
    faults: { delay: settings.delay, faultRate: settings.faultRate },
    validateResponses: settings.validateResponses,
    log: settings.log,
    scenarios: settings.scenarios,
    scenario: settings.scenario,
    coverageSource,
  });
}

// The reference behaviour, ready to serve: the engine with the reference
// handlers as its executor, a store, and the keys. Every stateful mode (serve,
// createMiddleware, MSW) is this, behind its own adapter. No node: module.
import type { Contract } from '../contract/contract.js';
import type { Engine } from '../engine/pipeline.js';
import { createEngine } from '../engine/pipeline.js';
import type { EngineLog } from '../engine/steps/checkResponse.js';
import type { FaultOptions } from '../engine/steps/faults.js';
import { RequestJournal } from '../engine/steps/journal.js';
import { createReferenceExecutor } from '../handlers/index.js';
import { createAuthenticator } from '../state/authenticator.js';
import { DEMO_KEYS, parseKeys, type ApiKey, type KeysFile } from '../state/keys.js';
import { parseSeed, type SeedFile } from '../state/seed.js';
import { InMemoryChatbotStore, type ChatbotStore, type StoredChatbot } from '../state/store.js';

export interface ReferenceOptions {
  contract: Contract;
  keys: readonly ApiKey[];
  /** What the store starts with, and what reset returns to. */
  seed?: readonly StoredChatbot[];
  /** Default: in memory, starting from the seed. */
  store?: ChatbotStore;
  /** Check every answer against the contract before it is sent (default true). */
  validateResponses?: boolean;
  faults?: FaultOptions;
  basePath?: string;
  log?: EngineLog;
}

export interface Reference {
  engine: Engine;
  store: ChatbotStore;
  keys: readonly ApiKey[];
  seed: readonly StoredChatbot[];
  journal: RequestJournal;
  /** Back to the seed (empty without one), with an empty journal. */
  reset(): Promise<void>;
}

export function createReference(options: ReferenceOptions): Reference {
  const { contract, keys, seed = [] } = options;
  const store = options.store ?? new InMemoryChatbotStore(seed);
  const journal = new RequestJournal();
  const engine = createEngine({
    contract,
    executor: createReferenceExecutor(store, contract.rules),
    authenticator: createAuthenticator(keys),
    journal,
    ...(options.basePath === undefined ? {} : { basePath: options.basePath }),
    ...(options.validateResponses === undefined ? {} : { validateResponses: options.validateResponses }),
    ...(options.faults ? { faults: options.faults } : {}),
    ...(options.log ? { log: options.log } : {}),
  });
  return {
    engine,
    store,
    keys,
    seed,
    journal,
    reset: async () => {
      await store.replaceAll(seed);
      journal.clear();
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
  faults?: FaultOptions;
  /** Check every answer against the contract (default true). */
  validateResponses?: boolean;
}

/** The reference behaviour from those settings, each checked as the CLI checks its files. */
export function createReferenceFrom(contract: Contract, settings: ReferenceSettings, basePath?: string): Reference {
  const keys = parseKeys(settings.keys ?? DEMO_KEYS);
  return createReference({
    contract,
    keys,
    seed: settings.seed ? parseSeed(contract, settings.seed, keys) : [],
    ...(basePath === undefined ? {} : { basePath }),
    ...(settings.store ? { store: settings.store } : {}),
    ...(settings.faults ? { faults: settings.faults } : {}),
    ...(settings.validateResponses === undefined ? {} : { validateResponses: settings.validateResponses }),
  });
}

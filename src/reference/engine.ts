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
import type { ApiKey } from '../state/keys.js';
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

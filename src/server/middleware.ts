// createMiddleware: the reference API inside your own Express (or Connect) dev
// server. It answers the contract's paths under its base path (/api) exactly as
// `serve` does, and passes every other request on.
import type { Contract } from '../contract/contract.js';
import { loadContract } from '../contract/load.js';
import type { FaultOptions } from '../engine/steps/faults.js';
import { createReference } from '../reference/engine.js';
import { DEMO_KEYS, parseKeys, type ApiKey, type KeysFile } from '../state/keys.js';
import { parseSeed, type SeedFile } from '../state/seed.js';
import type { ChatbotStore } from '../state/store.js';
import { createNodeMiddleware, type NodeMiddleware } from './nodeAdapter.js';

export interface MiddlewareOptions {
  /** Accounts, projects and keys, in the keys-file shape (default: the demo keys). */
  keys?: KeysFile;
  /** Chatbots to start with, in the seed-file shape; reset() returns to them. */
  seed?: SeedFile;
  store?: ChatbotStore;
  /** Check every answer against the contract (default true). */
  validateResponses?: boolean;
  faults?: FaultOptions;
  contract?: Contract;
}

export interface ChatbotApiMiddleware extends NodeMiddleware {
  readonly keys: readonly ApiKey[];
  /** Back to the seed (empty without one). */
  reset(): Promise<void>;
}

/**
 * Mount it at the root (`app.use(createMiddleware())`) or at /api; put it before
 * any body parser of yours, or it will see the body as that parser left it.
 */
export function createMiddleware(options: MiddlewareOptions = {}): ChatbotApiMiddleware {
  const contract = options.contract ?? loadContract();
  const keys = parseKeys(options.keys ?? DEMO_KEYS);
  const reference = createReference({
    contract,
    keys,
    seed: options.seed ? parseSeed(contract, options.seed, keys) : [],
    ...(options.store ? { store: options.store } : {}),
    ...(options.faults ? { faults: options.faults } : {}),
    ...(options.validateResponses === undefined ? {} : { validateResponses: options.validateResponses }),
  });
  const middleware = createNodeMiddleware(reference.engine);
  return Object.assign(middleware, { keys, reset: () => reference.reset() });
}

// createMiddleware: the reference API inside your own Express (or Connect) dev
// server. It answers the contract's paths under its base path (/api) exactly as
// `serve` does, and passes every other request on.
import type { Contract } from '../contract/contract.js';
import { loadContract } from '../contract/load.js';
import { createReferenceFrom, type ReferenceSettings } from '../reference/engine.js';
import type { ApiKey } from '../state/keys.js';
import { createNodeMiddleware, type NodeMiddleware } from './nodeAdapter.js';

export interface MiddlewareOptions extends ReferenceSettings {
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
  const reference = createReferenceFrom(options.contract ?? loadContract(), options);
  const middleware = createNodeMiddleware(reference.engine);
  return Object.assign(middleware, { keys: reference.keys, reset: () => reference.reset() });
}

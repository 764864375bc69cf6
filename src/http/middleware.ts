// createMiddleware: the reference API inside your own Express (or Connect) dev
// server. It answers the contract's paths under its base path (/api) exactly as
// `serve` does, and passes every other request on.
import type { Contract } from '../contract/contract.js';
import { loadContract } from '../contract/load.js';
import { createReferenceFrom, type ReferenceSettings } from '../reference/reference.js';
import type { ApiKey } from '../state/keys.js';
import { testControls, type TestControls } from '../reference/controls.js';
import { createNodeMiddleware, type NodeMiddleware } from './nodeAdapter.js';

export interface MiddlewareOptions extends ReferenceSettings {
  contract?: Contract;
  /**
   * Let a path under /api that the contract does not list go on to your own routes (next()),
   * rather than answer the contract's 404. Default false.
   */
  passUnknownPaths?: boolean;
  /** Where faults of the API are told (default: console): a 500, or a body parser of yours that runs first. */
  logger?: { error(message: string): void };
}

/** The middleware, and what a test drives it with: override, seed, requests, useScenario and reset (as MSW's). */
export interface ChatbotApiMiddleware extends NodeMiddleware, TestControls {
  readonly keys: readonly ApiKey[];
}

/**
 * Mount it at the root (`app.use(createMiddleware())`) or at /api, best before
 * any body parser of yours: after express.json() it uses what the parser left,
 * and answers a body with numbers 500 (they can no longer be checked exactly).
 */
export function createMiddleware(options: MiddlewareOptions = {}): ChatbotApiMiddleware {
  const logger = options.logger ?? console;
  const log = { error: (_details: object, message: string) => logger.error(`chatbot-api-mock: ${message}`) };
  const reference = createReferenceFrom(
    options.contract ?? loadContract(),
    { ...options, log },
    { coverageSource: 'middleware' },
  );
  const middleware = createNodeMiddleware(reference.engine, options.passUnknownPaths ? { passUnknownPaths: true } : {});
  return Object.assign(middleware, { keys: reference.keys, ...testControls(reference) });
}

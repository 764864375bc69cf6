// @chatbot-api-mock/msw: the reference behaviour as MSW handlers, for
// setupServer (msw/node) and setupWorker (msw/browser) alike. The contract and
// its validators are compiled into the package when it is built
// (tools/build-msw.mjs), so the page holds no YAML parser, Ajv or openapi-backend.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- the types bundler reads the entry file only
/// <reference path="./compiledContract.d.ts" />
import { compiled } from '#chatbot-api-mock/compiled-contract';
import { compiledValidators } from '../contract/compiledRouter.js';
import { createContract, type Contract } from '../contract/contract.js';
import { createMswHandlersFor, type MswMock, type MswOptions } from './handlers.js';

export type { MswMock, MswOptions } from './handlers.js';
export type { ApiKey, KeysFile } from '../state/keys.js';
export type { SeedFile } from '../state/seed.js';
export type * from '../contract/types.js';
export type * from '../reference/publicTypes.js';
export { OverrideError } from '../engine/checkOverride.js';
export { BUILT_IN_SCENARIOS, ScenarioError } from '../reference/scenarios.js';
export { SeedError } from '../reference/seeding.js';

let contract: Contract | undefined;

export function createMswHandlers(options: MswOptions): MswMock {
  contract ??= createContract(compiled.document, compiledValidators(compiled));
  return createMswHandlersFor(contract, options);
}

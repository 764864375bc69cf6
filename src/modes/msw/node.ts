// chatbot-api-mock/msw in Node (setupServer from msw/node): the contract is this package's openapi.yaml.
import { loadContract } from '../../contract/load.js';
import { createMswHandlersFor, type MswMock, type MswOptions } from './handlers.js';

export type { MswMock, MswOptions } from './handlers.js';

export function createMswHandlers(options: MswOptions): MswMock {
  return createMswHandlersFor(loadContract(), options);
}

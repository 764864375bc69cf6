// chatbot-api-mock/msw in a browser (setupWorker from msw/browser): the
// contract is built into the pre-bundled file (dist/msw.browser.js), so no
// bundler configuration or Node polyfill is needed.
import document from '../../../generated/openapi.json' with { type: 'json' };
import { createContract, type OpenApiDocument } from '../../contract/contract.js';
import { createMswHandlersFor, type MswMock, type MswOptions } from './handlers.js';

export type { MswMock, MswOptions } from './handlers.js';

export function createMswHandlers(options: MswOptions): MswMock {
  return createMswHandlersFor(createContract(document as unknown as OpenApiDocument), options);
}

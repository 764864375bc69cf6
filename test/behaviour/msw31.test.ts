// The shared behaviour suite against the MSW handlers running openapi.yaml's faithful OpenAPI 3.1 rendition, its
// validators compiled ahead of time as the MSW package compiles its own (Ajv's 2020 build for 3.1's schemas).
import { setupServer } from 'msw/node';
import { afterAll, beforeAll } from 'vitest';
import { createContract, type Contract } from '../../src/contract/contract.js';
import { liveValidators } from '../../src/contract/load.js';
import { createMswHandlersFor, type MswMock } from '../../src/msw/handlers.js';
import { describeSharedBehaviour } from '../helpers/behaviour.js';
import { compileContract } from '../helpers/compiled.js';
import { contract } from '../helpers/contract.js';
import { as31 } from '../helpers/renditions.js';

const BASE_URL = 'http://chatbots.msw.test/api';
const document = as31(contract.document);
let compiled: Contract;
let mock: MswMock;
let server: ReturnType<typeof setupServer>;
beforeAll(async () => {
  compiled = await compileContract(document);
  mock = createMswHandlersFor(compiled, { baseUrl: BASE_URL });
  server = setupServer(...mock.handlers);
  server.listen({ onUnhandledFrame: 'error' });
});
afterAll(() => server?.close());

describeSharedBehaviour('msw, OpenAPI 3.1', () => ({
  baseUrl: BASE_URL,
  stateful: true,
  reset: () => mock.reset(),
  // Answers are judged by the live validators, as every test's are; the handlers run the compiled ones.
  against: createContract(document, liveValidators),
}));

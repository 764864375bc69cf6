// The shared behaviour suite against the MSW handlers, in this process with
// setupServer from msw/node: no server, no port.
import { setupServer } from 'msw/node';
import { afterAll, beforeAll } from 'vitest';
import { createMswHandlers, type MswMock } from '@chatbot-api-mock/msw';
import { describeSharedBehaviour } from '../helpers/behaviour.js';

const BASE_URL = 'http://chatbots.msw.test/api';
let mock: MswMock;
let server: ReturnType<typeof setupServer>;
beforeAll(() => {
  mock = createMswHandlers({ baseUrl: BASE_URL });
  server = setupServer(...mock.handlers);
  server.listen({ onUnhandledFrame: 'error' });
});
afterAll(() => server?.close());

describeSharedBehaviour('msw', () => ({ baseUrl: BASE_URL, stateful: true, reset: () => mock.reset() }));

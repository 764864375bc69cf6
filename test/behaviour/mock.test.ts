// The shared behaviour suite against the Prism mock (`mock`).
import { afterAll, beforeAll } from 'vitest';
import { runMock, type RunningMock } from '../../src/mock/runMock.js';
import { describeSharedBehaviour } from '../helpers/behaviour.js';
import { KEYS_FILE } from '../helpers/server.js';

let mock: RunningMock;
beforeAll(async () => {
  mock = await runMock({ port: 0, keysFile: KEYS_FILE });
});
afterAll(() => mock?.close());

describeSharedBehaviour('mock', () => ({ baseUrl: mock.url, stateful: false }));

// The shared behaviour suite against the Prism mock (`mock`).
import { afterAll, beforeAll } from 'vitest';
import { startMock, type RunningMock } from '../../src/modes/mock.js';
import { describeSharedBehaviour } from '../helpers/behaviour.js';
import { KEYS_FILE } from '../helpers/server.js';

let mock: RunningMock;
beforeAll(async () => {
  mock = await startMock({ port: 0, keysFile: KEYS_FILE });
});
afterAll(() => mock?.close());

describeSharedBehaviour('mock', () => ({ baseUrl: mock.url, stateful: false }));

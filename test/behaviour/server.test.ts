// The shared behaviour suite against the reference server (`serve`).
import { afterAll, beforeAll } from 'vitest';
import { describeSharedBehaviour } from '../helpers/behaviour.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.close());

describeSharedBehaviour('serve', () => ({ baseUrl: t.server.url, stateful: true, reset: () => t.server.reset() }));

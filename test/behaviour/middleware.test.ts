// The shared behaviour suite against createMiddleware: the reference API mounted in a team's own Express app, which
// has routes of its own beside it.
import { afterAll, beforeAll } from 'vitest';
import { describeSharedBehaviour } from '../helpers/behaviour.js';
import { startMiddlewareApp, type MiddlewareApp } from '../helpers/middlewareApp.js';

let app: MiddlewareApp;
beforeAll(async () => {
  app = await startMiddlewareApp();
});
afterAll(() => app?.close());

describeSharedBehaviour('createMiddleware', () => ({
  baseUrl: app.url,
  stateful: true,
  reset: () => app.api.reset(),
}));

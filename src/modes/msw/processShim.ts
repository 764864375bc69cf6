// Injected into the pre-bundled browser entry (dist/msw.browser.js) in place of
// Node's `process`, which a few dependencies of openapi-backend mention.
export const process = {
  env: {} as Record<string, string | undefined>,
  browser: true,
  platform: 'browser',
  pid: 1,
  cwd: () => '/',
  nextTick: (callback: (...args: unknown[]) => void, ...args: unknown[]) => queueMicrotask(() => callback(...args)),
};

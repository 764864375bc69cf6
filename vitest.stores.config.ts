import { readdirSync, readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';
import base from './vitest.config.js';

// The HTTP suite again on each durable store (.ci/run): every test file that starts a server through
// startTestServer, the one helper that reads TEST_STORE. Both stores are projects of one run, so its workers
// stay busy from the first file to the last instead of idling at the end of each store's run.
export const STORE_FILES = readdirSync('test', { recursive: true })
  .map((name) => `test/${String(name)}`)
  .filter((file) => file.endsWith('.test.ts') && readFileSync(file, 'utf8').includes('startTestServer'))
  .sort();

export default defineConfig({
  test: {
    ...base.test,
    projects: ['sqlite', 'postgres'].map((store) => ({
      extends: true,
      test: { name: store, include: STORE_FILES, env: { TEST_STORE: store } },
    })),
  },
});

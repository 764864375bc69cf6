import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import base from './vitest.config.js';

// The HTTP suite again on each durable store (.ci/run, `npm run test:stores`): every test file that starts a server
// through startTestServer, the one helper that reads TEST_STORE. Each store is a project of one run: one command,
// one report, and the file list kept here rather than in a shell grep.
const root = fileURLToPath(new URL('.', import.meta.url));
const storeFiles = readdirSync(join(root, 'test'), { recursive: true })
  .map((name) => `test/${String(name)}`)
  .filter((file) => file.endsWith('.test.ts') && readFileSync(join(root, file), 'utf8').includes('startTestServer'))
  .sort();

export default defineConfig({
  test: {
    ...base.test,
    projects: ['sqlite', 'postgres'].map((store) => ({
      extends: true,
      test: { name: store, include: storeFiles, env: { TEST_STORE: store } },
    })),
  },
});

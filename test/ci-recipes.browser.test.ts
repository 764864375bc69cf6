// docs/ci.md's Playwright recipe as written: a real page in headless Chromium
// calls the API of serve, then the recipe's global teardown (its own text, run
// by Node as Playwright would load it) saves the server's coverage journal, and
// the coverage command reads the folder it wrote.
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, launchChromium } from './helpers/browser.js';
import { BIN } from './helpers/run.js';
import { KEYS, startTestServer, type TestServer } from './helpers/server.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const node = promisify(execFile);

describe.skipIf(!chromiumAvailable("docs/ci.md's Playwright recipe"))("docs/ci.md's Playwright recipe", () => {
  let t: TestServer;
  let browser: Browser;
  beforeAll(async () => {
    [t, browser] = await Promise.all([startTestServer(), launchChromium()]);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it("saves the server's journal in its teardown, and the gate reads it", async () => {
    const origin = new URL(t.server.url).origin;
    const page = await browser.newPage();
    await page.goto(`${origin}/docs/`);
    const statuses = await page.evaluate(async (key) => {
      const call = (init: RequestInit) => fetch('/api/chatbots', init).then((answer) => answer.status);
      const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
      return [
        await call({ method: 'POST', headers, body: JSON.stringify({ name: 'From the page' }) }),
        await call({ headers }),
      ];
    }, KEYS.acmeWeb);
    expect(statuses).toEqual([201, 200]);

    const recipe = /```ts\n(\/\/ coverage\.teardown\.ts[\s\S]*?)```/.exec(
      readFileSync(join(ROOT, 'docs', 'ci.md'), 'utf8'),
    )![1]!;
    const project = mkdtempSync(join(tmpdir(), 'playwright-recipe-'));
    writeFileSync(join(project, 'coverage.teardown.ts'), recipe);
    // Node strips the types, as Playwright's loader does.
    await node(
      process.execPath,
      ['--input-type=module', '-e', "await (await import('./coverage.teardown.ts')).default();"],
      { cwd: project, env: { ...process.env, MOCK_ADMIN_URL: `${origin}/__admin`, SHARD: '2' } },
    );
    expect(readdirSync(join(project, 'reports', 'coverage'))).toEqual(['serve-2.json']);
    const gate = await node(process.execPath, [BIN, 'coverage', 'reports/coverage', '--fail-under', 'operations=100'], {
      cwd: project,
    });
    expect(gate.stdout).toContain('Gate: passed');
    expect(gate.stdout).toMatch(/from serve: \d+ requests/);
  });
});

// The readme test's part for the recipes of docs/frontend.md: each code block is run as written. The vitest one
// with vitest and MSW, the Storybook-style page in Chromium through MSW's worker, the Playwright one with
// @playwright/test against the built `serve` (two workers, a tenant each), and the scenarios.yaml example through
// `serve --scenarios`. The files are written under test-results/, inside this repository, so that their imports
// resolve to its node_modules and to this package itself.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminClient } from '../src/http/admin/client.js';
import { chromiumAvailable, launchChromium, RESULTS, serveFiles } from './helpers/browser.js';
import { assertBuilt, listening, run, stop, type Run } from './helpers/run.js';
import { KEYS, startTestServer } from './helpers/server.js';
import { contract } from './helpers/contract.js';
import { assertHonoursContract } from '../src/contract/check.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DOC = readFileSync(join(ROOT, 'docs', 'frontend.md'), 'utf8');

/** The code block of docs/frontend.md whose first line starts so, as written. */
function block(language: string, firstLine: string): string {
  const found = DOC.split(`\`\`\`${language}\n`)
    .slice(1)
    .map((part) => part.slice(0, part.indexOf('```')))
    .find((code) => code.startsWith(firstLine));
  if (!found) throw new Error(`docs/frontend.md has no ${language} block starting "${firstLine}"`);
  return found;
}

/** A fresh directory under test-results/, for one recipe's files. */
function workspace(name: string): string {
  mkdirSync(RESULTS, { recursive: true });
  return mkdtempSync(join(RESULTS, `recipe-${name}-`));
}

function node(args: string[], cwd: string, env: Record<string, string> = {}) {
  return new Promise<{ code: number; output: string }>((resolve) => {
    execFile(process.execPath, args, { cwd, env: { ...process.env, ...env }, timeout: 120_000 }, (error, out, err) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, output: out + err }),
    );
  });
}

describe('the recipes of docs/frontend.md', () => {
  beforeAll(() => assertBuilt());

  it('vitest with MSW: both of its tests pass in a default vitest set-up', async () => {
    const dir = workspace('vitest');
    writeFileSync(join(dir, 'recipe.test.ts'), block('ts', '// vitest'));
    writeFileSync(join(dir, 'vitest.config.mjs'), 'export default {};\n');
    const vitest = join(ROOT, 'node_modules', 'vitest', 'vitest.mjs');
    const ran = await node([vitest, 'run', '--root', dir, '--config', join(dir, 'vitest.config.mjs')], dir);
    expect(ran.output).toMatch(/Tests\s+2 passed/);
    expect(ran.code, ran.output).toBe(0);
  }, 120_000);

  it('the scenarios.yaml example starts serve in its scenario', async () => {
    const file = join(workspace('scenarios'), 'scenarios.yaml');
    writeFileSync(file, block('yaml', 'scenarios:'));
    const t = await startTestServer({ scenariosFile: file, scenario: 'two-bots' });
    try {
      expect((await t.client.listed(KEYS.acmeWeb)).map((chatbot) => chatbot.name)).toEqual(['Support', 'Sales']);
      expect((await t.client.list(KEYS.globex)).status).toBe(503);
    } finally {
      await t.close();
    }
  });

  describe('Playwright against serve', () => {
    let server: Run;
    let url = '';
    beforeAll(async () => {
      server = run(['serve', '--port', '0', '--quiet']);
      url = await listening(server, 20_000);
    });
    afterAll(async () => {
      if (server) await stop(server);
    });

    it('passes with two workers, each on a tenant of its own', async () => {
      const dir = workspace('playwright');
      writeFileSync(join(dir, 'chatbots.spec.ts'), block('ts', '// Playwright'));
      // Its own outputDir: Playwright empties it before a run.
      writeFileSync(
        join(dir, 'playwright.config.mjs'),
        "export default { testDir: '.', outputDir: 'out', workers: 2, fullyParallel: true, reporter: 'list' };\n",
      );
      const cli = join(ROOT, 'node_modules', '@playwright', 'test', 'cli.js');
      const ran = await node([cli, 'test', '-c', join(dir, 'playwright.config.mjs')], dir, { API_URL: url });
      expect(ran.output).toMatch(/2 passed/);
      expect(ran.code, ran.output).toBe(0);
      // Each worker's creates came from an account of its own, and none of them is a demo account.
      const creates = await createAdminClient(url).requests({ operationId: 'createChatbot' });
      const accounts = new Set(creates.map((entry) => entry.account));
      expect([accounts.size, accounts.has('acme')]).toEqual([2, false]);
    }, 120_000);
  });

  describe.skipIf(!chromiumAvailable('the Storybook-style recipe'))('a Storybook-style page with MSW', () => {
    it('shows each story in its state, in Chromium', async () => {
      const dir = workspace('storybook');
      writeFileSync(join(dir, 'stories.ts'), block('ts', '// a Storybook-style page'));
      const harness = `import { showStory } from './stories.ts';
        const list = async () => {
          const answer = await fetch('/api/chatbots', { headers: { authorization: 'Bearer ${KEYS.acmeWeb}' } });
          return { status: answer.status, headers: [...answer.headers], text: await answer.text() };
        };
        const shown = {};
        for (const story of ['Outage', 'Empty', 'FullAccount']) { await showStory(story); shown[story] = await list(); }
        globalThis.shown = shown;`;
      const bundled = await build({
        stdin: { contents: harness, resolveDir: dir, loader: 'ts' },
        bundle: true,
        format: 'esm',
        platform: 'browser',
        write: false,
        logLevel: 'silent',
      });
      const site = await serveFiles({
        '/': ['text/html', '<!doctype html><meta charset="utf-8"><script type="module" src="/app.js"></script>'],
        '/app.js': ['text/javascript', bundled.outputFiles[0]!.text],
        '/mockServiceWorker.js': [
          'text/javascript',
          readFileSync(join(ROOT, 'node_modules', 'msw', 'lib', 'mockServiceWorker.js'), 'utf8'),
        ],
      });
      const browser = await launchChromium();
      try {
        const page = await browser.newPage();
        const errors: string[] = [];
        page.on('pageerror', (error) => errors.push(error.message));
        await page.goto(site.origin);
        await page
          .waitForFunction(() => 'shown' in globalThis, undefined, { timeout: 30_000 })
          .catch(() => {
            throw new Error(`the page did not finish: ${errors.join('; ')}`);
          });
        type Shown = Record<string, { status: number; headers: [string, string][]; text: string }>;
        const shown = await page.evaluate(() => (globalThis as typeof globalThis & { shown: Shown }).shown);
        const listed: Record<string, unknown> = {};
        for (const [story, { status, headers, text }] of Object.entries(shown)) {
          assertHonoursContract(contract, {
            method: 'GET',
            path: '/chatbots',
            status,
            headers: new Headers(headers),
            text,
          });
          listed[story] = status === 200 ? (JSON.parse(text) as { data: unknown[] }).data.length : status;
        }
        expect(listed).toEqual({ Outage: 503, Empty: 0, FullAccount: 10_000 });
      } finally {
        await browser.close();
        await site.close();
      }
    }, 60_000);
  });
});

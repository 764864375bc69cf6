// chatbot-api-mock/msw in a real browser: headless Chromium loads a page that
// starts MSW's service worker with our handlers (the pre-bundled browser entry),
// creates a chatbot, lists it, gets a 401 problem for a wrong key, then an override's 503 and the flaky scenario's.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertHonoursContract } from '../src/contract/check.js';
import { chromiumAvailable, launchChromium, serveFiles } from './helpers/browser.js';
import { contract } from './helpers/contract.js';

const at = (path: string) => fileURLToPath(new URL(path, import.meta.url));
// msw 3, or msw 2 where the `msw 2` project of vitest.config.ts runs this file.
const MSW = process.env.MSW_PACKAGE ?? 'msw';

describe.skipIf(!chromiumAvailable('the MSW handlers'))(
  `createMswHandlers with setupWorker (${MSW}) in headless Chromium`,
  () => {
    let browser: Browser;
    let site: Awaited<ReturnType<typeof serveFiles>> | undefined;
    let origin: string;
    beforeAll(async () => {
      // esbuild's defaults for the browser: whatever the page needs must come pre-bundled.
      const bundled = await build({
        entryPoints: [at('fixtures/msw-page/app.ts')],
        bundle: true,
        format: 'esm',
        platform: 'browser',
        ...(MSW === 'msw' ? {} : { alias: { msw: MSW } }),
        write: false,
        logLevel: 'silent',
      });
      const files: Record<string, [string, string]> = {
        '/': [
          'text/html',
          '<!doctype html><meta charset="utf-8"><title>MSW page</title><script type="module" src="/app.js"></script>',
        ],
        '/app.js': ['text/javascript', bundled.outputFiles[0]!.text],
        '/mockServiceWorker.js': [
          'text/javascript',
          readFileSync(at(`../node_modules/${MSW}/lib/mockServiceWorker.js`), 'utf8'),
        ],
      };
      site = await serveFiles(files);
      origin = site.origin;
      browser = await launchChromium();
    }, 60_000);
    afterAll(async () => {
      await browser?.close();
      await site?.close();
    });

    it('creates, lists, refuses a wrong key, answers an override and a scenario, within the contract', async () => {
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(origin);
      await page
        .waitForFunction(() => 'exchanges' in globalThis, undefined, { timeout: 20_000 })
        .catch(() => {
          throw new Error(`the page did not finish: ${errors.join('; ')}`);
        });
      const exchanges = await page.evaluate(
        () =>
          (
            globalThis as typeof globalThis & {
              exchanges: { method: string; path: string; status: number; headers: [string, string][]; text: string }[];
            }
          ).exchanges,
      );
      for (const exchange of exchanges)
        assertHonoursContract(contract, { ...exchange, headers: new Headers(exchange.headers) });
      const [created, listed, refused, outage, ...flaky] = exchanges;
      expect(created!.status).toBe(201);
      expect(JSON.parse(listed!.text).data).toEqual([JSON.parse(created!.text).data]);
      expect(refused!.status).toBe(401);
      expect(JSON.parse(refused!.text)).toMatchObject({
        type: 'https://chatbots.example/problems/unauthorized',
        status: 401,
      });
      expect(outage!.status).toBe(503);
      expect(flaky.map((exchange) => exchange.status)).toEqual([201, 201, 503]);
      expect(await page.evaluate(() => (globalThis as typeof globalThis & { sent: string[] }).sent)).toEqual([
        'One',
        'Two',
        'Three',
      ]);
      expect(errors).toEqual([]);
    }, 60_000);
  },
);

describe(`the page weight of the MSW handlers (${MSW})`, () => {
  it('adds at most 50 KB gzipped to a page with a one-handler MSW worker (esbuild, minified)', async () => {
    const page = async (contents: string) => {
      const built = await build({
        stdin: { contents, resolveDir: at('.'), loader: 'js' },
        bundle: true,
        minify: true,
        format: 'esm',
        platform: 'browser',
        ...(MSW === 'msw' ? {} : { alias: { msw: MSW } }),
        write: false,
        logLevel: 'silent',
      });
      return gzipSync(built.outputFiles[0]!.contents, { level: 9 }).length;
    };
    const base = await page(
      "import { http, HttpResponse } from 'msw';\nimport { setupWorker } from 'msw/browser';\nawait " +
        "setupWorker(http.get('/api/chatbots', () => HttpResponse.json({ data: [] }))).start();",
    );
    const ours = await page(
      "import { createMswHandlers } from '@chatbot-api-mock/msw';\nimport { setupWorker } from " +
        "'msw/browser';\nawait setupWorker(...createMswHandlers({ baseUrl: '/api' }).handlers).start();",
    );
    expect(ours - base).toBeLessThanOrEqual(50 * 1024);
  });
});

// /docs in a real browser: headless Chromium (Debian's package) driven by playwright-core.
import { mkdirSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, launchChromium, RESULTS } from './helpers/browser.js';
import { contract32File } from './helpers/contract32.js';
import { startTestServer, type TestServer } from './helpers/server.js';

describe.skipIf(!chromiumAvailable('/docs'))('/docs in headless Chromium', () => {
  let t: TestServer;
  let browser: Browser;
  beforeAll(async () => {
    [t, browser] = await Promise.all([startTestServer(), launchChromium()]);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('shows both operations, loading nothing from another host, and saves a screenshot', async () => {
    const origin = new URL(t.server.url).origin;
    const page = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
    const foreign: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.protocol !== 'data:' && url.origin !== origin) foreign.push(request.url());
    });
    await page.goto(`${origin}/docs`);
    const create = page.locator('#operations-Chatbots-createChatbot');
    const list = page.locator('#operations-Chatbots-listChatbots');
    await create.waitFor({ timeout: 20_000 });
    await expect(create.locator('.opblock-summary-method').textContent()).resolves.toBe('POST');
    await expect(list.locator('.opblock-summary-method').textContent()).resolves.toBe('GET');
    await expect(create.locator('.opblock-summary-path').textContent()).resolves.toContain('/chatbots');
    await expect(page.locator('.title').first().textContent()).resolves.toContain('Chatbot Management API');
    mkdirSync(RESULTS, { recursive: true });
    await page.screenshot({ path: `${RESULTS}docs.png`, fullPage: true });
    expect(foreign).toEqual([]);
  }, 60_000);

  it('shows an OpenAPI 3.2 contract: its QUERY operation and its stream among the others', async () => {
    const served = await startTestServer({ contractFile: contract32File() });
    try {
      const page = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
      await page.goto(`${new URL(served.server.url).origin}/docs`);
      const search = page.locator('[id$="-searchChatbots"]');
      await search.waitFor({ timeout: 20_000 });
      await expect(search.locator('.opblock-summary-method').textContent()).resolves.toBe('QUERY');
      await expect(page.locator('[id$="-streamChatbotEvents"]').count()).resolves.toBe(1);
      await expect(page.locator('[id$="-createChatbot"]').count()).resolves.toBe(1);
      await expect(page.getByText('Unable to render').count()).resolves.toBe(0);
    } finally {
      await served.close();
    }
  }, 60_000);
});

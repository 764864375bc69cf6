// /docs in a real browser: headless Chromium (Debian's package) driven by playwright-core.
import { existsSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/server.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RESULTS = fileURLToPath(new URL('../test-results/', import.meta.url));
const available = existsSync(CHROMIUM);
if (!available) {
  console.warn(
    `\n  SKIPPED: browser test of /docs: no Chromium at ${CHROMIUM}.` +
      '\n  Install Debian\'s package (apt-get install chromium) or set CHROMIUM_PATH; .ci/run installs it.\n',
  );
}

describe.skipIf(!available)('/docs in headless Chromium', () => {
  let t: TestServer;
  let browser: Browser;
  beforeAll(async () => {
    t = await startTestServer();
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
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
});

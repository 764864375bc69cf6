// The admin page in headless Chromium: chatbots per account and project, the
// journal as it grows, and the reset button.
import { mkdirSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, launchChromium, RESULTS } from './helpers/browser.js';
import { KEYS, startTestServer, type TestServer } from './helpers/server.js';

describe.skipIf(!chromiumAvailable('/__admin/'))('/__admin/ in headless Chromium', () => {
  let t: TestServer;
  let browser: Browser;
  beforeAll(async () => {
    [t, browser] = await Promise.all([
      startTestServer({ seed: { projects: { 'acme-web': [{ name: 'Seeded assistant' }] } } }),
      launchChromium(),
    ]);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('shows the state and the journal as they change, and resets', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${new URL(t.server.url).origin}/__admin/`);
    const state = page.locator('#state');
    await expect(state.getByText('Seeded assistant').waitFor()).resolves.toBeUndefined();
    for (const label of [
      'account acme',
      'account globex',
      'project acme-web',
      'project acme-mobile',
      'project globex-main',
    ]) {
      await expect(state.getByText(label, { exact: false }).first().isVisible()).resolves.toBe(true);
    }

    await t.client.create(KEYS.globex, { name: 'Made while watching' });
    await t.client.request('GET', '/chatbots');
    await state.getByText('Made while watching').waitFor({ timeout: 5_000 });
    const journal = page.locator('#requests');
    await journal.getByText('POST /api/chatbots').waitFor({ timeout: 5_000 });
    await journal.getByText('401').waitFor({ timeout: 5_000 });
    await expect(journal.getByText('globex-main').isVisible()).resolves.toBe(true);
    mkdirSync(RESULTS, { recursive: true });
    await page.screenshot({ path: `${RESULTS}admin.png`, fullPage: true });

    await page.getByRole('button', { name: 'Reset to seed' }).click();
    await state.getByText('Made while watching').waitFor({ state: 'detached', timeout: 5_000 });
    expect((await t.client.listed(KEYS.globex)).length).toBe(0);
    await expect(state.getByText('Seeded assistant').isVisible()).resolves.toBe(true);
  }, 60_000);
});

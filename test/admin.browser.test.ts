// The admin page in headless Chromium: chatbots per account and project, the overrides in force (and their
// remove buttons), the journal as it grows, and the reset button.
import { mkdirSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCaller } from './helpers/admin.js';
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

  it('shows the state, the overrides and the journal as they change, removes an override, and resets', async () => {
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
    await state.getByText('Made while watching').waitFor({ timeout: 20_000 });
    const journal = page.locator('#requests');
    await journal.getByText('POST /api/chatbots').waitFor({ timeout: 20_000 });
    await journal.getByText('401').waitFor({ timeout: 20_000 });
    await expect(journal.getByText('globex-main').isVisible()).resolves.toBe(true);
    mkdirSync(RESULTS, { recursive: true });
    await page.screenshot({ path: `${RESULTS}admin.png`, fullPage: true });

    const overrides = page.locator('#overrides');
    await overrides.getByText('none').waitFor({ timeout: 20_000 });
    const set = { operationId: 'createChatbot', status: 503, account: 'globex', times: 2 };
    expect((await adminCaller(() => t.server.url)('POST', '/overrides', set)).status).toBe(201);
    await overrides.getByText('503, 2 more').waitFor({ timeout: 20_000 });
    await expect(overrides.getByText('account globex').isVisible()).resolves.toBe(true);
    await overrides.getByRole('button', { name: 'Remove' }).click();
    await overrides.getByText('none').waitFor({ timeout: 20_000 });

    await page.getByRole('button', { name: 'Reset to seed' }).click();
    await state.getByText('Made while watching').waitFor({ state: 'detached', timeout: 20_000 });
    expect((await t.client.listed(KEYS.globex)).length).toBe(0);
    await expect(state.getByText('Seeded assistant').isVisible()).resolves.toBe(true);
  }, 60_000);
});

// /docs and /__admin/ treat a contract under review as data (docs/security.md):
// in a real Chromium page, a hostile server URL, title, description and
// example run no script, nor do the chatbot names and paths clients send, which
// the admin page shows; both pages send a Content-Security-Policy that
// forbids inline script, and X-Content-Type-Options: nosniff.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dump } from 'js-yaml';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from './helpers/contract.js';
import { chromiumAvailable, launchChromium } from './helpers/browser.js';
import { assertBuilt, listening, run } from './helpers/run.js';
import { KEYS } from './helpers/server.js';

const SCRIPT = (n: number) => `window.__pwned=${n}`;

function hostileContract(): string {
  // eslint-disable-next-line no-restricted-syntax -- a copy of openapi.yaml, which has every part named here
  const document = structuredClone(contract.document) as unknown as {
    servers: { url: string }[];
    info: { title: string; description: string };
    components: { schemas: { Chatbot: { example?: unknown; description?: string } } };
  };
  document.servers = [{ url: `/x'+alert(document.domain)+'$(touch pwned)/api` }];
  document.info.title = `<img src=x onerror="${SCRIPT(1)}">Hostile`;
  document.info.description =
    `<script>${SCRIPT(2)}</script> [click](javascript:${SCRIPT(3)}) <iframe ` +
    `src="javascript:${SCRIPT(4)}"></iframe>`;
  document.components.schemas.Chatbot.example = { name: `</script><script>${SCRIPT(5)}</script>` };
  document.components.schemas.Chatbot.description = `<svg onload="${SCRIPT(6)}"></svg>`;
  const file = join(mkdtempSync(join(tmpdir(), 'hostile-docs-')), 'openapi.yaml');
  writeFileSync(file, dump(document));
  return file;
}

describe.skipIf(!chromiumAvailable('/docs with a hostile contract'))('a hostile contract in a real page', () => {
  let browser: Browser;
  beforeAll(async () => {
    assertBuilt();
    browser = await launchChromium();
  }, 60_000);
  afterAll(() => browser?.close());
  // Each test's server is stopped when the test ends (helpers/run.ts).
  /** A new page, and the messages of the dialogs it opened (each dismissed). */
  const pageWatchingDialogs = async () => {
    const page = await browser.newPage();
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    return { page, dialogs };
  };
  const serve = async () =>
    new URL(await listening(run(['serve', '--port', '0', '--contract', hostileContract()]))).origin;

  it.each(['/docs/', '/__admin/'])('%s sends a policy that forbids inline script, and nosniff', async (path) => {
    const origin = await serve();
    const response = await fetch(origin + path);
    expect(response.status).toBe(200);
    const policy = response.headers.get('content-security-policy') ?? '';
    expect(policy).toMatch(/(^|; )script-src 'self'(;|$)/);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('/docs shows the hostile contract as text, and no script of it runs', async () => {
    const origin = await serve();
    const { page, dialogs } = await pageWatchingDialogs();
    await page.goto(`${origin}/docs/`);
    const title = page.locator('.title').first();
    await title.waitFor({ timeout: 20_000 });
    await expect(title.textContent()).resolves.toContain('Hostile');
    // Open the operations, so that the examples and schemas render too.
    for (const operation of await page.locator('.opblock-summary').all()) await operation.click();
    await page.locator('.opblock-body').first().waitFor({ timeout: 20_000 });
    await page
      .locator('a', { hasText: 'click' })
      .first()
      .click({ timeout: 2_000 })
      .catch(() => {});
    await page.waitForTimeout(500);
    expect(await page.evaluate('window.__pwned')).toBeUndefined();
    expect(dialogs).toEqual([]);
    // "This server" is the server's own base path, as data.
    const servers = await page.locator('.servers select option').allTextContents();
    expect(servers.join(' ')).toContain(`${origin}/x'+alert(document.domain)+'$(touch%20pwned)/api`);
    await page.close();
  }, 60_000);

  it('/__admin/ shows what clients sent as text, and no script of it runs', async () => {
    const origin = await serve();
    const name = `<img src=x onerror="${SCRIPT(7)}">`;
    const api = `${origin}/x'+alert(document.domain)+'$(touch%20pwned)/api`;
    const headers = { authorization: `Bearer ${KEYS.acmeWeb}`, 'content-type': 'application/json' };
    expect((await fetch(`${api}/chatbots`, { method: 'POST', headers, body: JSON.stringify({ name }) })).status).toBe(
      201,
    );
    // A path as a client may send it, unencoded (fetch would encode it).
    await new Promise<void>((resolve, reject) => {
      const path = `${new URL(api).pathname}/<script>${SCRIPT(8)}</script>`;
      request(`${origin}/`, { path, headers }, (response) => response.resume().on('end', resolve))
        .on('error', reject)
        .end();
    });
    const { page, dialogs } = await pageWatchingDialogs();
    await page.goto(`${origin}/__admin/`);
    await page.locator('#state td', { hasText: 'onerror' }).first().waitFor({ timeout: 20_000 });
    await expect(page.locator('#state td').first().textContent()).resolves.toBe(name);
    await expect(page.locator('#requests').textContent()).resolves.toContain('<script>');
    await page.waitForTimeout(500);
    expect(await page.evaluate('window.__pwned')).toBeUndefined();
    expect(dialogs).toEqual([]);
    await page.close();
  }, 60_000);
});

// A page on another origin, in Chromium, tries what an attacker's page would:
// read the admin API, and reset it with a JSON fetch, a no-cors fetch and a
// form. It reads nothing and changes nothing.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, launchChromium } from './helpers/browser.js';
import { KEYS, startTestServer, type TestServer } from './helpers/server.js';

const attack = (admin: string) => `<!doctype html><meta charset="utf-8"><title>Not the admin page</title>
<iframe name="sink"></iframe>
<form id="form" method="POST" action="${admin}/reset" target="sink" enctype="text/plain">
<input name='{"a":"' value='"}'></form>
<script>
(async () => {
  const outcome = (promise) =>
    promise.then((r) => (r.type === 'opaque' ? 'sent, unreadable' : 'read: ' + r.status), (e) => 'blocked');
  const results = {};
  results.read = await outcome(fetch('${admin}/state'));
  const json = { 'content-type': 'application/json' };
  results.jsonReset = await outcome(fetch('${admin}/reset', { method: 'POST', headers: json, body: '{}' }));
  const text = { 'content-type': 'text/plain' };
  results.simpleReset = await outcome(
    fetch('${admin}/reset', { method: 'POST', mode: 'no-cors', headers: text, body: '{}' }),
  );
  document.getElementById('form').submit();
  await new Promise((resolve) => setTimeout(resolve, 500));
  window.results = results;
})();
</script>`;

describe.skipIf(!chromiumAvailable('a cross-origin page against /__admin'))(
  'a page on another origin, in headless Chromium',
  () => {
    let t: TestServer;
    let browser: Browser;
    let evil: Server;
    beforeAll(async () => {
      [t, browser] = await Promise.all([startTestServer(), launchChromium()]);
      const admin = `${new URL(t.server.url).origin}/__admin`;
      evil = createServer((_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end(attack(admin)));
      await new Promise<void>((resolve) => evil.listen(0, '127.0.0.1', resolve));
    }, 60_000);
    afterAll(async () => {
      await browser?.close();
      evil?.closeAllConnections();
      await new Promise((resolve) => evil?.close(resolve));
      await t?.close();
    });

    it('can neither read the admin API nor reset it', async () => {
      const kept = await t.client.create(KEYS.acmeWeb, { name: 'Must survive' });
      const page = await browser.newPage();
      await page.goto(`http://127.0.0.1:${(evil.address() as AddressInfo).port}/`);
      await page.waitForFunction(() => 'results' in globalThis, undefined, { timeout: 20_000 });
      const results = await page.evaluate(
        () => (globalThis as typeof globalThis & { results: Record<string, string> }).results,
      );
      expect(results).toEqual({ read: 'blocked', jsonReset: 'blocked', simpleReset: 'sent, unreadable' });
      expect((await t.client.listed(KEYS.acmeWeb)).map((c) => c.id)).toContain(kept.body.data.id);
      const journal = (await (await fetch(`${new URL(t.server.url).origin}/__admin/requests`)).json()) as {
        requests: unknown[];
      };
      expect(journal.requests.length).toBeGreaterThan(0); // the journal was not cleared either
    }, 60_000);
  },
);

// Headless Chromium from Debian's package, driven by playwright-core.
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const RESULTS = fileURLToPath(new URL('../../test-results/', import.meta.url));

/** Whether Chromium is there; says clearly why a browser test is skipped when it is not. */
export function chromiumAvailable(what: string): boolean {
  if (existsSync(CHROMIUM)) return true;
  console.warn(
    `\n  SKIPPED: browser test of ${what}: no Chromium at ${CHROMIUM}.` +
      "\n  Install Debian's package (apt-get install chromium) or set CHROMIUM_PATH; .ci/run installs it.\n",
  );
  return false;
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    // Without these, Chromium tries to reach Google's hosts, which this network refuses.
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
}

/** A static site on a free loopback port: each path with its content type and text. */
export async function serveFiles(
  files: Record<string, [string, string]>,
): Promise<{ origin: string; close(): Promise<void> }> {
  const site = createServer((req, res) => {
    const file = files[req.url ?? ''];
    if (!file) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': file[0] }).end(file[1]);
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(site.address() as AddressInfo).port}`,
    close: async () => {
      site.closeAllConnections();
      await new Promise((resolve) => site.close(resolve));
    },
  };
}

// Headless Chromium from Debian's package, driven by playwright-core.
import { existsSync } from 'node:fs';
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

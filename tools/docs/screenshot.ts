// One local HTML page as a PNG for the docs, in headless Chromium from Debian's package (CHROMIUM_PATH).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

/** `fullPage`: the whole page; else the viewport only. */
export async function screenshotPage(
  page: string,
  output: string,
  viewport: { width: number; height: number },
  fullPage = true,
): Promise<void> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const tab = await browser.newPage({ viewport, deviceScaleFactor: 1 });
    await tab.goto(`file://${page}`);
    mkdirSync(join(output, '..'), { recursive: true });
    await tab.screenshot({ path: output, fullPage });
  } finally {
    await browser.close();
  }
}

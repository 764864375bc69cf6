// Makes docs/images/coverage-report.png, docs/ci.md's picture of the HTML
// coverage report: a few requests to the reference server, its journal read
// from /__admin/coverage, and `coverage --report` with a gate it misses, shown
// in headless Chromium. Run it after changing the report: npm run docs:screenshot.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runServe } from 'chatbot-api-mock';
import { screenshotPage } from './screenshot.js';

const output = process.argv[2] ?? 'docs/images/coverage-report.png';
const dir = mkdtempSync(join(tmpdir(), 'coverage-report-'));
const server = await runServe({ port: 0 }); // no logger given: it logs nothing
try {
  const call = (method: string, key: string | undefined, body?: string) =>
    fetch(`${server.url}/chatbots`, {
      method,
      headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body }),
    });
  await call('POST', 'sk_live_acme_web_0001', '{"name":"Support Assistant","settings":{"theme":"dark"}}');
  await call('POST', 'sk_live_acme_web_0001', '{"name":""}');
  await call('GET', 'sk_live_acme_web_0001');
  await call('GET', undefined);
  const origin = new URL(server.url).origin;
  writeFileSync(join(dir, 'serve.json'), await (await fetch(`${origin}/__admin/coverage`)).text());
} finally {
  await server.close();
}
const page = join(dir, 'coverage.html');
try {
  execFileSync(
    process.execPath,
    [
      'dist/bin.cjs',
      'coverage',
      join(dir, 'serve.json'),
      '--report',
      page,
      '--fail-under',
      'operations=100,answers=60',
    ],
    { stdio: 'ignore' },
  );
} catch {
  // The gate is missed on purpose: the picture shows what a failing build shows.
}
await screenshotPage(page, output, { width: 1100, height: 900 }, false);
console.log(`${output}: the coverage report`);

// Makes docs/images/verify-report.png, the README's picture of the HTML
// coverage report: a default `verify` run against the reference server, shown
// in headless Chromium. Run it after changing the report: npm run docs:screenshot.
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { coverageHtml, runVerify, runServe } from 'chatbot-api-mock';
import { screenshotPage } from './screenshot.js';

const output = process.argv[2] ?? 'docs/images/verify-report.png';
const server = await runServe({ port: 0 }); // no logger given: it logs nothing
try {
  const report = await runVerify({
    baseUrl: server.url,
    key: 'sk_live_acme_web_0001',
    keySameAccount: 'sk_live_acme_mobile_0001',
    keyOtherAccount: 'sk_live_globex_0001',
    seed: 1,
  });
  const page = join(tmpdir(), 'verify-report.html');
  writeFileSync(page, coverageHtml(report));
  await screenshotPage(page, output, { width: 1100, height: 900 });
  console.log(`${output}: the coverage report of ${report.requests} requests (${report.passed ? 'passed' : 'failed'})`);
} finally {
  await server.close();
}

// The verify command as CI runs it: text with the failures and their replay
// commands, --json, --junit, --report (Markdown and HTML), exit codes, and
// refusals of bad flags.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VerifyReport } from '../src/verify/runVerify.js';
import { faultyStore, startBrokenServer } from './helpers/broken.js';
import { assertBuilt, BIN } from './helpers/run.js';
import { KEYS, startTestServer, type TestServer } from './helpers/server.js';
import { freePort } from './helpers/freePort.js';
import { joined } from './helpers/regexp.js';

let reference: TestServer;
let broken: { url: string; close(): Promise<void> };
beforeAll(async () => {
  assertBuilt();
  reference = await startTestServer();
  broken = await startBrokenServer({ store: faultyStore({ create: (c) => ({ ...c, is_active: false }) }) });
});
afterAll(async () => {
  await Promise.all([reference?.close(), broken?.close()]);
});

// Asynchronous, so that the servers of this process keep answering while it runs.
const verify = (args: string[]) =>
  new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
    execFile(process.execPath, [BIN, 'verify', ...args], { timeout: 60_000 }, (error, stdout, stderr) => {
      resolve({ status: error ? ((error as { code?: number }).code ?? null) : 0, stdout, stderr });
    });
  });
const quick = ['--max-examples', '10', '--seed', '5'];

describe('verify on the command line', () => {
  it('passes a correct server: text, JUnit and an HTML coverage report, exit 0', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'verify-'));
    const run = await verify([
      '--base-url',
      reference.server.url,
      '--key',
      KEYS.acmeWeb,
      '--key-same-account',
      KEYS.acmeMobile,
      '--key-other-account',
      KEYS.globex,
      ...quick,
      '--junit',
      join(dir, 'report.xml'),
      '--report',
      join(dir, 'coverage.html'),
      '--markdown',
      join(dir, 'summary.md'),
    ]);
    // One progress line per phase in a log, once the phase is done: its own requests, and all so far.
    const lines = [...run.stderr.matchAll(/… (\w+) phase · (\d+) requests? \((\d+) in all\)/g)].map(
      ([, phase, own, all]) => [phase, Number(own), Number(all)] as const,
    );
    expect(lines.map(([phase]) => phase)).toEqual(['examples', 'coverage', 'fuzz', 'stateful']);
    let sum = 0;
    for (const [phase, own, all] of lines) {
      expect(own, phase).toBeGreaterThan(0);
      expect(all, phase).toBe((sum += own));
    }
    expect(run.status).toBe(0);
    expect(readFileSync(join(dir, 'report.xml'), 'utf8')).not.toMatch(/\b1 answers\b/);
    expect(readFileSync(join(dir, 'summary.md'), 'utf8')).toMatch(
      joined(
        /^## ✅ Contract verification: passed\n\n/,
        /- Target: http:\/\/127\.0\.0\.1:\d+\/api\n- Verdict: passed, 0 distinct failures\n/,
      ),
    );
    expect(run.stdout).toContain(`Contract verification of ${reference.server.url}`);
    expect(run.stdout).toMatch(/seed 5 \(the same seed replays the same cases\)/);
    expect(run.stdout).toMatch(/✓ ensure_resource_availability +\d+ answers/);
    expect(run.stdout).toMatch(/– max_response_time +skipped: opt-in/);
    expect(run.stdout).toMatch(
      /✓ passed: 0 failures · \d+ requests in [\d.]+ s · \d+ chatbots created \(named verify-[0-9a-f]{8} …\)/,
    );
    const xml = readFileSync(join(dir, 'report.xml'), 'utf8');
    expect(xml).toMatch(/<testsuite [^>]*tests="\d+"[^>]*failures="0"/);
    expect(xml).toContain('name="ignored_auth · createChatbot"');
    const html = readFileSync(join(dir, 'coverage.html'), 'utf8');
    expect(html).toContain('<h1>Contract coverage</h1>');
    expect(html).toMatch(/createChatbot \(POST \/chatbots\)[^<]*: documented statuses/);
    expect(html).toContain('#/paths/~1chatbots/post/requestBody/content/application~1json/examples/withSettings');
    // What no request can provoke from outside is said so, in grey: not a gap of a passing run.
    expect(html).toContain('<td>500</td><td class="skip">– not provoked: a server fault: no request provokes it');
    expect(html).toContain('<td>409</td><td class="skip">– not provoked: no case of this run asks for it');
    expect(html).toContain('<td>201</td><td class="yes">✓</td>');
  }, 120_000);

  it('says what a stateless target kept (nothing), and why a run that reached nothing stopped', async () => {
    const stateless = await verify([
      '--base-url',
      reference.server.url,
      '--key',
      KEYS.acmeWeb,
      '--stateless',
      ...quick,
    ]);
    expect(stateless.stdout).toMatch(
      joined(
        /✓ passed: 0 failures · \d+ requests in [\d.]+ s · /m,
        /\d+ creates answered, none kept \(a stateless target\) · seed 5$/,
      ),
    );
    const port = await freePort();
    const nothing = await verify(['--base-url', `http://127.0.0.1:${port}/api`, '--key', KEYS.acmeWeb, ...quick]);
    // Nothing found, and nothing could be: the run could not go on (exit 2), as any command that cannot run.
    expect(nothing.status).toBe(2);
    expect(nothing.stdout).toMatch(/^✗ failed: the run stopped \(.+\) · 1 request in [\d.]+ s · /m);
    expect(nothing.stdout).not.toMatch(/0 failures|1 requests/);
  }, 120_000);

  it('fails a broken server with exit 1: each failure once, with a curl command that keeps the key out', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'verify-'));
    const run = await verify([
      '--base-url',
      broken.url,
      '--key',
      KEYS.acmeWeb,
      ...quick,
      '--junit',
      join(dir, 'report.xml'),
      '--report',
      join(dir, 'coverage.md'),
      '--markdown',
      join(dir, 'summary.md'),
    ]);
    expect(run.status).toBe(1);
    expect(run.stdout).toMatch(
      joined(
        /\d+\. is_active · createChatbot · examples phase · seen \d+ times\n/,
        / {3}case: +the example "withSettings"\n/,
        / {3}problem: +is_active is false\n/,
        / {3}got: +201 application\/json[^\n]*\n/,
        / {3}expected: true \(openapi.yaml #\/components\/schemas\/ChatbotEnvelope\/properties\/data\)\n/,
        / {3}replay:\n/,
        / {5}curl -i --globoff 'http:\/\/127\.0\.0\.1:\d+\/api\/chatbots' -H 'Authorization: Bearer '"\$API_KEY" /,
        /-H 'Content-Type: application\/json' --data-binary '\{"name":"verify-/,
      ),
    );
    expect(run.stdout).not.toContain(KEYS.acmeWeb);
    expect(run.stdout.match(/\d+\. is_active ·/g)).toHaveLength(1);
    expect(readFileSync(join(dir, 'report.xml'), 'utf8')).toMatch(
      /<testcase [^>]*name="is_active · createChatbot"[^>]*>\s*<failure message="is_active is false/,
    );
    expect(readFileSync(join(dir, 'coverage.md'), 'utf8')).toMatch(/### is_active · createChatbot/);
    const summary = readFileSync(join(dir, 'summary.md'), 'utf8');
    expect(summary).toMatch(/^## ❌ Contract verification: failed\n/);
    expect(summary).toMatch(/^\| \d+ \| `is_active` \| createChatbot \| \d+ \| ` is_active is false ` \|$/m);
    expect(summary).toMatch(
      /<summary>\d+\. is_active · createChatbot: expected true[^<]*<\/summary>\n\n```sh\ncurl -i /,
    );
    expect(summary).not.toContain(KEYS.acmeWeb);
  }, 120_000);

  it('prints the report as JSON with --json', async () => {
    const run = await verify([
      '--base-url',
      broken.url,
      '--key',
      KEYS.acmeWeb,
      ...quick,
      '--phases',
      'examples',
      '--json',
    ]);
    expect(run.status).toBe(1);
    const report = JSON.parse(run.stdout) as VerifyReport;
    expect(report.phases).toEqual(['examples']);
    expect(report.failures.map((f) => f.check)).toContain('is_active');
    expect(run.stderr).toBe('');
  }, 120_000);

  it('says the likely cause when nearly everything fails alike: a base URL without /api, a refused key', async () => {
    const origin = reference.server.url.replace(/\/api$/, '');
    const noApi = await verify([
      '--base-url',
      origin,
      '--key',
      KEYS.acmeWeb,
      ...quick,
      '--phases',
      'examples,coverage',
    ]);
    expect(noApi.status).toBe(1);
    expect(noApi.stdout).toContain(
      `hint: nearly every valid request got 404: the base URL must end in /api (try ${origin}/api).`,
    );
    const refused = await verify([
      '--base-url',
      reference.server.url,
      '--key',
      'sk_live_not_a_key_here',
      ...quick,
      '--phases',
      'examples,coverage',
    ]);
    expect(refused.stdout).toContain('hint: nearly every valid request got 401: the key was refused.');
    const fine = await verify([
      '--base-url',
      reference.server.url,
      '--key',
      KEYS.acmeWeb,
      ...quick,
      '--phases',
      'examples',
    ]);
    expect(fine.stdout).not.toContain('hint:');
  }, 120_000);

  it('refuses bad flags with a clear message', async () => {
    const missing = await verify([]);
    expect(missing.status).not.toBe(0);
    expect(missing.stderr).toMatch(/--base-url/);
    const phases = await verify([
      '--base-url',
      reference.server.url,
      '--key',
      KEYS.acmeWeb,
      '--phases',
      'examples,fuzzing',
    ]);
    expect(phases.stderr).toMatch(
      /--phases: expected a comma-separated list of examples, coverage, fuzz, stateful, not "examples,fuzzing"/,
    );
    const report = await verify([
      '--base-url',
      reference.server.url,
      '--key',
      KEYS.acmeWeb,
      '--report',
      'coverage.pdf',
    ]);
    expect(report.stderr).toMatch(/--report: expected a file ending in .md or .html/);
  }, 120_000);
});

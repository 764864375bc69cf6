// Every report escapes what it did not write (docs/security.md). A contract, a journal, a rules file and the traffic
// carry lines that GitHub's runner reads as workflow commands, terminal escapes, Markdown that makes a heading, a
// link or an image, raw HTML, a table's `|`, backticks, `]]>` and a bidirectional override (helpers/hostileText.ts);
// each format of each command, run as a user runs it, keeps all of it text: a CI log reads no command of it, a
// Markdown renderer no markup, a browser no element, and XML and JSON hold it as data.
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dump } from 'js-yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectHtmlSafe,
  expectJsonHolds,
  expectJUnitSafe,
  expectLogSafe,
  expectMarkdownSafe,
  HOSTILE,
  hostileDocument,
  hostileJournal,
} from './helpers/hostileText.js';
import { assertBuilt, listening, run, stop } from './helpers/run.js';

let dir = '';
let upstream: Server;
let upstreamUrl = '';
const contract = () => join(dir, 'hostile.json');

beforeAll(async () => {
  assertBuilt();
  dir = mkdtempSync(join(tmpdir(), 'hostile-reports-'));
  writeFileSync(contract(), JSON.stringify(hostileDocument(), null, 2));
  writeFileSync(join(dir, 'journal.json'), JSON.stringify(hostileJournal()));
  // A service whose every answer carries the hostile text, in a header and in its body.
  upstream = createServer((_req, res) => {
    res.setHeader('Content-Type', 'application/json');
    res.setHeader('X-Hostile', encodeURIComponent(HOSTILE));
    res.end(JSON.stringify({ [`p${HOSTILE}`]: HOSTILE, data: HOSTILE }));
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/api`;
});
afterAll(() => new Promise<void>((resolve) => upstream.close(() => resolve())));

async function cli(args: string[], cwd = dir) {
  const started = run(args, {}, cwd);
  const code = await started.exit;
  return { code, stdout: started.stdout(), stderr: started.stderr() };
}

/** Each format's check, by the name the command line gives it. */
const CHECK: Record<string, (text: string, what: string) => void> = {
  text: (text, what) => expectLogSafe(text, what),
  markdown: expectMarkdownSafe,
  html: expectHtmlSafe,
  junit: expectJUnitSafe,
  ctrf: expectJsonHolds,
  json: expectJsonHolds,
  sarif: expectJsonHolds,
  // Our own annotations are the only workflow commands: each one line, its message escaped as the toolkit does.
  github: (text, what) =>
    expectLogSafe(text, what, /^::(error|warning|notice) file=[^:]*,line=\d+,col=\d+,title=[^:]*::/),
};

describe('coverage', () => {
  it.each(['text', 'markdown', 'html', 'junit', 'ctrf', 'json'])(
    '--format %s of a hostile journal and contract keeps their text as text',
    async (format) => {
      const ran = await cli([
        'coverage',
        'journal.json',
        '--contract',
        contract(),
        '--format',
        format,
        '--fail-under',
        '100',
      ]);
      expect(ran.code, ran.stderr).toBe(1);
      CHECK[format]!(ran.stdout, `coverage --format ${format}`);
      expect(ran.stdout).toMatch(/pwned/);
      expectLogSafe(ran.stderr, 'stderr');
    },
  );
});

describe('diff', () => {
  beforeAll(() => {
    const head = hostileDocument() as { info: { version: string }; paths: Record<string, { get: unknown }> };
    head.info.version = `1.1${HOSTILE}`;
    delete head.paths[`/y${HOSTILE}`];
    const [first] = Object.values(head.paths) as { get: { parameters: { schema: { enum: string[] } }[] } }[];
    first!.get.parameters[0]!.schema.enum.pop();
    writeFileSync(join(dir, 'head.json'), JSON.stringify(head, null, 2));
    const override = {
      rule: 'request-property-enum-value-removed',
      path: '*',
      level: 'warning',
      reason: `why${HOSTILE}`,
    };
    writeFileSync(join(dir, 'spec-diff.rules.yaml'), dump({ overrides: [override] }));
  });

  it.each(['text', 'markdown', 'github', 'sarif', 'json'])(
    '--format %s of hostile contracts and a hostile rules file keeps their text as text',
    async (format) => {
      const ran = await cli(['diff', 'hostile.json', 'head.json', '--format', format]);
      expect(ran.code, ran.stderr).toBe(1);
      CHECK[format]!(ran.stdout, `diff --format ${format}`);
      expect(ran.stdout).toMatch(/pwned/);
    },
  );
});

describe('lint', () => {
  it("writes each finding on one line, escaped, a part file's name and an enum value of it included", async () => {
    writeFileSync(
      join(dir, '::error::part.json'),
      JSON.stringify({ S: { type: 'integer', enum: [1, `e${HOSTILE}`] } }),
    );
    const root = hostileDocument() as { paths: Record<string, { get: { responses: Record<string, unknown> } }> };
    for (const path of Object.values(root.paths))
      path.get.responses['400'] = {
        description: 'refused',
        content: { 'application/json': { schema: { $ref: './::error::part.json#/S' } } },
      };
    writeFileSync(join(dir, 'root.json'), JSON.stringify(root));
    const ran = await cli(['lint', 'root.json']);
    expect(ran.stdout).toMatch(/part\.json:\d+:\d+ {2}\S+/);
    expectLogSafe(ran.stdout, 'lint: stdout');
    expectLogSafe(ran.stderr, 'lint: stderr');
  });
});

/** The report options of verify and the proxy: JUnit, the Markdown summary, the coverage report. */
const REPORTS = ['--junit', '--markdown', '--report'];

describe('verify', () => {
  it.each(['md', 'html'])(
    'keeps the hostile contract and answers as text in every report (coverage report .%s)',
    async (ending) => {
      const files = ['junit.xml', 'summary.md', `coverage.${ending}`].map((name) => join(dir, `verify-${name}`));
      const ran = await cli([
        'verify',
        '--base-url',
        upstreamUrl,
        '--key',
        'sk_live_acme_web_0001',
        '--contract',
        contract(),
        '--phases',
        'examples,coverage',
        '--max-time',
        '30',
        ...REPORTS.flatMap((flag, index) => [flag, files[index]!]),
        '--fail-under',
        '100',
        ...(ending === 'html' ? ['--json'] : []),
      ]);
      expect(ran.code, ran.stderr).toBe(1);
      if (ending === 'html') expectJsonHolds(ran.stdout, 'verify --json');
      else expectLogSafe(ran.stdout, 'verify: stdout');
      expect(ran.stdout + ran.stderr).toContain('Contract coverage of T');
      expectLogSafe(ran.stderr, 'verify: stderr');
      expectReports(files, 'verify');
    },
  );
});

describe('proxy', () => {
  it.each(['md', 'html'])(
    'keeps the hostile contract, requests and answers as text in every report (coverage report .%s)',
    async (ending) => {
      const names = ['junit.xml', 'summary.md', `coverage.${ending}`, 'report.json'];
      const files = names.map((name) => join(dir, `proxy-${name}`));
      const proxy = run(
        [
          'proxy',
          '--upstream',
          upstreamUrl,
          '--contract',
          contract(),
          '--port',
          '0',
          '--log-format',
          'pretty',
          ...[...REPORTS, '--json'].flatMap((flag, index) => [flag, files[index]!]),
          ...['--fail-under', '100'],
        ],
        {},
        dir,
      );
      try {
        const url = await listening(proxy);
        const path = '/x[x](http://evil)![x](http://evil/i.png)<img/src=x/onerror=alert(1)>|`tick`]]>##[error]pwned';
        const headers = { 'x-hostile': encodeURIComponent(HOSTILE), 'content-type': 'application/json' };
        for (const method of ['GET', 'POST'])
          await send(
            url,
            `${path}?q=${encodeURIComponent(HOSTILE)}`,
            method,
            headers,
            JSON.stringify({ name: HOSTILE }),
          );
      } finally {
        expect(await stop(proxy)).toBe(1);
      }
      expectLogSafe(proxy.stdout(), 'proxy: stdout');
      expectLogSafe(proxy.stderr(), 'proxy: stderr');
      expect(proxy.stdout()).toContain('Contract coverage of T');
      expectReports(files.slice(0, 3), 'proxy');
      expectJsonHolds(readFileSync(files[3]!, 'utf8'), 'proxy --json');
    },
  );
});

/** A request with its path as given (Node sends `<`, `>`, `|`, backticks and `#` as they are), read to its end. */
function send(base: string, path: string, method: string, headers: Record<string, string>, body: string) {
  const { hostname, port, pathname } = new URL(base);
  return new Promise<void>((resolve, reject) => {
    const req = request({ hostname, port, path: pathname + path, method, headers }, (res) =>
      res.resume().on('end', resolve),
    );
    req.on('error', reject);
    req.end(method === 'GET' ? undefined : body);
  });
}

/** JUnit, the Markdown summary, and the coverage report (Markdown or HTML, by its name). */
function expectReports([junit, summary, coverage]: string[], what: string): void {
  expectJUnitSafe(readFileSync(junit!, 'utf8'), `${what} --junit`);
  expectMarkdownSafe(readFileSync(summary!, 'utf8'), `${what} --markdown`);
  const report = readFileSync(coverage!, 'utf8');
  if (coverage!.endsWith('.html')) expectHtmlSafe(report, `${what} --report (HTML)`);
  else expectMarkdownSafe(report, `${what} --report (Markdown)`);
  expect(report).toMatch(/pwned/);
}

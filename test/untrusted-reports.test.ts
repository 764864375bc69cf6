// Proxied traffic and upstream answers are untrusted input (docs/security.md).
// A replay from a report is safe to paste: each one runs through sh with a
// stub curl that prints its arguments, and they are the original bytes, for
// hostile names, values and bodies. No secret reaches a report, a log or the
// admin view: the proxy sees planted secrets of every kind, and none is in any
// format. Markdown keeps the traffic as text, and terminal output escapes
// control characters.
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestCase } from '../src/verify/cases.js';
import { REPLAY_BODIES, toCurl } from '../src/verify/curl.js';
import type { Finding } from '../src/verify/findings.js';
import { writeJUnit } from '../src/verify/report/junit.js';
import { assertBuilt, listening, run, stop } from './helpers/run.js';

const HOSTILE = [
  '$(touch pwned)',
  '`touch pwned`',
  `it's "quoted"`,
  'a;touch pwned;',
  'naïve ☃ 中文',
  "'; touch pwned; echo '",
  '$HOME ${PATH} \\ \\\\',
  '-X DELETE',
  '{a,b} [1-9]',
];

/** Runs a replay through sh, with a curl on PATH that prints its arguments NUL-separated; returns them. */
function argumentsOf(command: string, dir: string): string[] {
  const bin = join(dir, 'bin');
  mkdirSync(bin, { recursive: true });
  writeFileSync(join(bin, 'curl'), '#!/bin/sh\nfor argument in "$@"; do printf \'%s\\0\' "$argument"; done\n');
  chmodSync(join(bin, 'curl'), 0o755);
  const out = execFileSync('/bin/sh', ['-c', command], {
    cwd: dir,
    env: { PATH: `${bin}:/usr/bin:/bin`, API_KEY: 'sk_live_from_the_environment' },
  });
  return out.toString('utf8').split('\0').slice(0, -1);
}

describe('a replay is safe to paste', () => {
  const base = 'http://127.0.0.1:4010/api';
  const cases: [string, TestCase][] = [
    ...HOSTILE.map((value, index): [string, TestCase] => [
      `header value ${value}`,
      { phase: 'proxy', label: '', method: 'GET', path: '/chatbots', headers: { [`x-hostile-${index}`]: value } },
    ]),
    ...HOSTILE.map((value): [string, TestCase] => [
      `path and query ${value}`,
      { phase: 'proxy', label: '', method: 'GET', path: `/chatbots?q=${value}`, headers: {} },
    ]),
    ...HOSTILE.map((value): [string, TestCase] => [
      `method ${value}`,
      { phase: 'proxy', label: '', method: value, path: '/chatbots', headers: {} },
    ]),
    ...[
      ...HOSTILE,
      'line one\nline two',
      'nul\u0000byte',
      '@/etc/passwd',
      '\u001b]0;title\u0007',
      'x'.repeat(3_000),
    ].map((value): [string, TestCase] => [
      `body ${JSON.stringify(value.slice(0, 20))}`,
      {
        phase: 'proxy',
        label: '',
        method: 'POST',
        path: '/chatbots',
        headers: { 'content-type': 'application/json' },
        body: new TextEncoder().encode(value),
      },
    ]),
    [
      'a body that is not UTF-8',
      {
        phase: 'proxy',
        label: '',
        method: 'POST',
        path: '/chatbots',
        headers: { 'content-type': 'application/json' },
        body: new Uint8Array([0xff, 0x00, 0x27, 0x24, 0x28]),
      },
    ],
  ];

  it.each(cases)('%s', (_label, testCase) => {
    const dir = mkdtempSync(join(tmpdir(), 'replay-'));
    const replay = toCurl(base, testCase);
    if (replay.body) {
      mkdirSync(join(dir, REPLAY_BODIES));
      writeFileSync(join(dir, REPLAY_BODIES, replay.body.file), Buffer.from(replay.body.base64, 'base64'));
    }
    const args = argumentsOf(replay.command, dir);
    // Nothing ran: no file "pwned".
    expect(readdirSync(dir).sort()).toEqual(['bin', ...(replay.body ? [REPLAY_BODIES] : [])]);
    const implied = testCase.body ? 'POST' : 'GET';
    expect(args.slice(0, 2)).toEqual(['-i', '--globoff']);
    const rest = args.slice(2);
    if (testCase.method !== implied) expect(rest.splice(0, 2)).toEqual(['-X', testCase.method]);
    expect(rest.shift()).toBe(base + testCase.path);
    for (const [name, value] of Object.entries(testCase.headers))
      expect(rest.splice(0, 2)).toEqual(['-H', `${name}: ${value}`]);
    if (!testCase.body) return expect(rest).toEqual([]);
    expect(rest[0]).toBe('--data-binary');
    const sent = rest[1]!.startsWith(`@${REPLAY_BODIES}/`)
      ? readFileSync(join(dir, rest[1]!.slice(1)))
      : Buffer.from(rest[1]!, 'utf8');
    expect(new Uint8Array(sent)).toEqual(testCase.body);
  });

  it('sends the key as "$API_KEY", whatever case the scheme is written in', () => {
    const dir = mkdtempSync(join(tmpdir(), 'replay-'));
    for (const scheme of ['Bearer', 'bearer', 'BEARER']) {
      const replay = toCurl(base, {
        phase: 'proxy',
        label: '',
        method: 'GET',
        path: '/chatbots',
        headers: { Authorization: `${scheme} sk_live_secret_0001` },
      });
      expect(replay.command).not.toContain('sk_live_secret');
      expect(argumentsOf(replay.command, dir)).toContain(`Authorization: ${scheme} sk_live_from_the_environment`);
    }
  });
});

describe('proxied secrets and hostile answers', () => {
  const SECRETS = [
    'c00kie_secret_1',
    'tok_secret_2',
    'sk_live_lowercase_bearer_3',
    'sk_live_query_4',
    'sk_live_body_5',
    'sk_live_upstream_6',
    'upstream_cookie_7',
    'pass_secret_8',
    'query_token_9',
    'member_password_10',
  ];
  const TRAFFIC =
    '<img src=x onerror=alert(1)> [a link](http://evil.example) ![pic](http://evil.example/p.png) | cell ``` ' +
    '\u001b]0;pwned\u0007\u001b[31m';
  let upstream: Server;
  let upstreamUrl = '';

  beforeAll(async () => {
    assertBuilt();
    // An upstream that breaks the contract in every answer, and echoes what is hostile.
    upstream = createServer((_req, res) => {
      res.setHeader('Set-Cookie', `session=${SECRETS[6]}`);
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify({ data: `${TRAFFIC} ${SECRETS[5]}` }));
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/api`;
  });
  afterAll(() => new Promise<void>((resolve) => upstream.close(() => resolve())));

  it.each(['md', 'html'])(
    'leaves no secret in a report (coverage .%s), log line or view; keeps the traffic text; escapes control characters',
    async (coverage) => {
      const dir = mkdtempSync(join(tmpdir(), 'proxy-reports-'));
      const files = ['junit.xml', 'summary.md', `coverage.${coverage}`, 'report.json'].map((name) => join(dir, name));
      const started = run([
        'proxy',
        '--upstream',
        upstreamUrl,
        '--port',
        '0',
        '--log-format',
        'pretty',
        '--junit',
        files[0]!,
        '--markdown',
        files[1]!,
        '--report',
        files[2]!,
        '--json',
        files[3]!,
      ]);
      const url = await listening(started);
      const headers: Record<string, string> = {
        cookie: `session=${SECRETS[0]}`,
        'x-api-token': SECRETS[1]!,
        authorization: `bearer ${SECRETS[2]}`,
        'x-copy': `again ${SECRETS[2]}`,
        'x-password': SECRETS[7]!,
        'x-traffic': '<img src=x> [a](http://evil.example) |',
        'content-type': 'application/json',
      };
      for (const method of ['GET', 'POST']) {
        await send(
          `${url}/chatbots?key=${SECRETS[3]}&access_token=${SECRETS[8]}`,
          method,
          headers,
          method === 'POST' ? JSON.stringify({ name: `${TRAFFIC} ${SECRETS[4]}`, password: SECRETS[9] }) : undefined,
        );
      }
      const view = await (await fetch(`${new URL(url).origin}/__admin/violations`)).text();
      expect(await stop(started)).toBe(1);
      const written = [...files.filter((file) => existsSync(file)).map((file) => readFileSync(file, 'utf8'))];
      expect(written).toHaveLength(4);
      for (const text of [...written, view, started.stdout(), started.stderr()]) {
        for (const secret of SECRETS) expect(text).not.toContain(secret);
      }
      expect(view).toContain('[redacted]');

      // Markdown: outside code, nothing of the traffic is markup.
      const markdowns = [
        readFileSync(files[1]!, 'utf8'),
        ...(coverage === 'md' ? [readFileSync(files[2]!, 'utf8')] : []),
      ];
      for (const markdown of markdowns) {
        expect(markdown).toContain('[redacted]'); // the findings are there, as code
        expect(markdown).toContain('<img src=x');
        const prose = withoutCode(markdown);
        expect(prose).not.toMatch(/<img|\]\(|evil\.example/);
      }
      // HTML: the traffic as escaped text, under a policy that forbids every script.
      if (coverage === 'html') {
        const html = readFileSync(files[2]!, 'utf8');
        expect(html).toContain('&lt;img src=x');
        expect(html).not.toMatch(/<img src=x|<a [^>]*evil\.example/);
        expect(html).toMatch(
          /http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'"/,
        );
      }
      // Terminal output: no control character of the traffic.
      expect(started.stdout()).toContain('contract violation');
      // eslint-disable-next-line no-control-regex -- the test looks for the escapes a hostile answer carried
      expect(started.stdout()).not.toMatch(/[\u0007\u001b]/);
    },
  );

  it("verify's text report escapes the target's control characters and masks its secrets", async () => {
    const started = run([
      'verify',
      '--base-url',
      upstreamUrl,
      '--key',
      'sk_live_given_key_0001',
      '--phases',
      'examples',
      '--max-time',
      '30',
    ]);
    expect(await started.exit).toBe(1);
    expect(started.stdout()).toContain('\\u001b]0;pwned\\u0007');
    // eslint-disable-next-line no-control-regex -- the test looks for the escapes a hostile answer carried
    expect(started.stdout()).not.toMatch(/[\u0007\u001b]/);
    for (const secret of [SECRETS[5]!, SECRETS[6]!, 'sk_live_given_key_0001'])
      expect(started.stdout()).not.toContain(secret);
  });
});

describe('JUnit stays well-formed', () => {
  it('holds control characters and ]]> from the traffic as text', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'junit-')), 'junit.xml');
    const hostile = 'bad ]]> <script> ]]> \u001b[31m \u0000 \u0007';
    const finding: Finding = {
      check: 'response_schema_conformance',
      operation: 'listChatbots',
      phase: 'proxy',
      label: `GET /x${hostile}`,
      request: { method: 'GET', path: '/x' },
      curl: [`curl '${hostile}'`],
      replayBodies: [],
      answer: { status: 200, contentType: 'text/plain', body: hostile },
      occurrences: 1,
      message: hostile,
      expected: hostile,
      pointer: '#/x',
      cause: 'c',
    };
    const check = { name: 'response_schema_conformance' as const, title: 'schema', ran: 1, failed: 1 };
    writeJUnit(
      {
        baseUrl: 'http://127.0.0.1/api',
        seconds: 1,
        checks: [check],
        tallies: [{ check: check.name, operation: 'listChatbots', ran: 1, failed: 1 }],
        failures: [finding],
        unlistedFailures: 0,
      },
      file,
    );
    const xml = readFileSync(file, 'utf8');
    // eslint-disable-next-line no-control-regex -- the characters XML 1.0 forbids, which must not reach the file
    expect(xml).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/);
    // Every ]]> closes a CDATA section that was opened: none comes from the traffic.
    expect(xml.split(']]>').length).toBe(xml.split('<![CDATA[').length);
    expect(xml).toContain('bad ]]\\u003e');
  });
});

/** Markdown with its fenced blocks and code spans taken out: what a renderer reads as markup. */
function withoutCode(markdown: string): string {
  const lines: string[] = [];
  let fence: string | undefined;
  for (const line of markdown.split('\n')) {
    const opening = /^(`{3,})/.exec(line)?.[1];
    if (fence) {
      if (line.trim() === fence) fence = undefined;
      continue;
    }
    if (opening) fence = opening;
    else lines.push(line.replace(/(`+) .*? \1/g, ''));
  }
  return lines.join('\n');
}

/** A request with headers as given (latin1 allowed), read to its end. */
function send(url: string, method: string, headers: Record<string, string>, body?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end(body);
  });
}

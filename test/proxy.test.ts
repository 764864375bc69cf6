// `proxy` between a client and a backend: each violation a broken upstream
// plants is reported once with the right check; a correct upstream passes
// untouched; --strict turns a violation into a 502 problem; --fallback serves
// what the upstream lacks; the command counts violations when it stops.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runProxy, type RunningProxy } from '../src/proxy/runProxy.js';
import type { Finding } from '../src/verify/findings.js';
import {
  answerProblem,
  dropHeader,
  faultyStore,
  json,
  rewriteBody,
  rewriteStatus,
  startBrokenServer,
} from './helpers/broken.js';
import { contract } from './helpers/contract.js';
import { listening, run, stop } from './helpers/run.js';
import { KEYS, startTestServer, TestClient } from './helpers/server.js';
import { joined } from './helpers/regexp.js';

const closing: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closing.splice(0).map((close) => close()));
});

/** An upstream with seven planted violations, each shown by one request. */
async function brokenUpstream() {
  const defaults = JSON.stringify(contract.rules.defaultSettings);
  const upstream = await startBrokenServer({
    store: faultyStore({
      input: (i) => {
        if (Object.keys(i.settings).some((key) => key.includes('.'))) throw new Error('dots');
        return i;
      },
      create: (c) =>
        c.name === 'inactive'
          ? { ...c, is_active: false }
          : JSON.stringify(c.settings) === defaults
            ? c
            : { ...c, created_at: c.created_at.slice(0, -1) },
    }),
    before: [
      rewriteStatus((req, code) =>
        code === 401 && String(req.headers.authorization).startsWith('Bearer sk_test_') ? 403 : code,
      ),
      dropHeader(
        (req, name) =>
          (name === 'allow' && req.method === 'PATCH') || (name === 'cache-control' && req.method === 'GET'),
      ),
      ...rewriteBody((text) => {
        const theme = (json(text)?.settings as { theme?: string } | undefined)?.theme;
        return theme?.length === 101 ? text.replace(theme, theme.slice(1)) : text;
      }),
    ],
  });
  closing.push(upstream.close);
  return upstream;
}

async function proxy(upstream: string, options: Partial<Parameters<typeof runProxy>[0]> = {}): Promise<RunningProxy> {
  const started = await runProxy({ upstream, port: 0, ...options });
  closing.push(started.close);
  return started;
}

const call = (
  url: string,
  method: string,
  init: { key?: string; json?: unknown; headers?: Record<string, string> } = {},
) =>
  fetch(url, {
    method,
    headers: {
      ...(init.key ? { authorization: `Bearer ${init.key}` } : {}),
      ...(init.json ? { 'content-type': 'application/json' } : {}),
      ...init.headers,
    },
    ...(init.json ? { body: JSON.stringify(init.json) } : {}),
  });

const PLANTED: [check: string, send: (url: string) => Promise<Response>][] = [
  [
    'response_schema_conformance',
    (url) =>
      call(`${url}/chatbots`, 'POST', {
        key: KEYS.acmeWeb,
        json: { name: 'with settings', settings: { theme: 'dark' } },
      }),
  ],
  ['is_active', (url) => call(`${url}/chatbots`, 'POST', { key: KEYS.acmeWeb, json: { name: 'inactive' } })],
  ['ignored_auth', (url) => call(`${url}/chatbots`, 'GET', { headers: { authorization: 'Bearer sk_test_123' } })],
  ['unsupported_method', (url) => call(`${url}/chatbots`, 'PATCH', { key: KEYS.acmeWeb })],
  [
    'negative_data_rejection',
    (url) =>
      call(`${url}/chatbots`, 'POST', {
        key: KEYS.acmeWeb,
        json: { name: 'long theme', settings: { theme: 't'.repeat(101) } },
      }),
  ],
  ['response_headers_conformance', (url) => call(`${url}/chatbots`, 'GET', { key: KEYS.acmeWeb })],
  [
    'not_a_server_error',
    (url) => call(`${url}/chatbots`, 'POST', { key: KEYS.acmeWeb, json: { name: 'dotted', settings: { 'a.b': 1 } } }),
  ],
];

describe('proxy in front of a broken upstream', () => {
  it('reports each planted violation once, with the right check, and marks the answers', async () => {
    const running = await proxy((await brokenUpstream()).url);
    for (const [check, send] of PLANTED) {
      const answer = await send(running.url);
      expect(answer.headers.get('sl-violations'), check).toContain(`"code":"${check}"`);
    }
    await PLANTED[5]![1](running.url); // the same cause again: counted, not listed twice
    const seen = (await (await fetch(`${running.url.replace(/\/api$/, '')}/__admin/violations`)).json()) as {
      violations: number;
      failures: Finding[];
    };
    for (const [check] of PLANTED)
      expect(
        seen.failures.some((f) => f.check === check),
        check,
      ).toBe(true);
    // Each cause once: an inactive chatbot breaks is_active and, separately, the envelope's schema.
    const causes = seen.failures.map((f) => `${f.check} ${f.operation} ${f.cause ?? ''}`);
    expect(new Set(causes).size).toBe(causes.length);
    const headers = seen.failures.find(
      (f) => f.check === 'response_headers_conformance' && f.message.includes('Cache-Control'),
    )!;
    expect(headers.occurrences).toBe(2);
    expect(headers.curl[0]).toMatch(
      /^curl -i --globoff 'http:\/\/127\.0\.0\.1:\d+\/api\/chatbots' -H 'authorization: Bearer '"\$API_KEY"/,
    );
    expect(seen.violations).toBeGreaterThanOrEqual(PLANTED.length + 1);
  });

  it('with --strict, answers a 502 problem that names the violation instead', async () => {
    const running = await proxy((await brokenUpstream()).url, { strict: true });
    const answer = await PLANTED[1]![1](running.url);
    expect(answer.status).toBe(502);
    expect(answer.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    const problem = (await answer.json()) as { type: string; detail: string; violations: { check: string }[] };
    expect(problem.type).toBe('https://chatbots.example/problems/contract-violation');
    // Its kind is the proxy's own document's, served beside the violations.
    const spec = (await (await fetch(`${new URL(running.url).origin}/__admin/openapi.json`)).json()) as {
      components: { responses: Record<string, { content: Record<string, { example: { type: string } }> }> };
    };
    expect(spec.components.responses.ContractViolation!.content['application/problem+json']!.example.type).toBe(
      problem.type,
    );
    expect(problem.detail).toMatch(/^The upstream answered 201, which breaks the contract: /);
    expect(problem.violations.map((v) => v.check).sort()).toEqual(['is_active', 'response_schema_conformance']);
  });

  it('marks a request that breaks the contract, and passes on the refusal asked for, even with --strict', async () => {
    const running = await proxy((await brokenUpstream()).url, { strict: true });
    const answer = await call(`${running.url}/chatbots`, 'POST', { key: KEYS.acmeWeb, json: { settings: {} } });
    expect(answer.status).toBe(422);
    expect(JSON.parse(answer.headers.get('sl-violations')!)).toEqual([
      {
        location: ['request'],
        severity: 'Error',
        code: 'request_conformance',
        message: expect.stringMatching(/^the request breaks the contract: /),
      },
    ]);
    expect(running.report()).toMatchObject({ violations: 0, requestViolations: 1 });
  });
});

describe('proxy in front of a correct upstream', () => {
  it('passes every answer through unmarked, and reports nothing', async () => {
    const upstream = await startTestServer();
    closing.push(upstream.close);
    const running = await proxy(upstream.server.url, { strict: true });
    const client = new TestClient(running.url); // every answer checked against openapi.yaml
    const created = await client.create(KEYS.acmeWeb, { name: 'through the proxy', settings: { theme: 'dark' } });
    expect(created.status).toBe(201);
    expect(created.headers.get('sl-violations')).toBeNull();
    expect((await client.listed(KEYS.acmeMobile)).map((c) => c.id)).toContain(created.body.data.id);
    expect((await client.request('POST', '/chatbots', { key: KEYS.acmeWeb, json: { name: '' } })).status).toBe(422);
    expect((await client.request('DELETE', '/chatbots', { key: KEYS.acmeWeb })).headers.get('allow')).toBe('GET, POST');
    expect(running.report().violations).toBe(0);
    expect(running.report().requests).toBe(4);
  });
});

describe('--fallback', () => {
  it.each(['reference', 'prism'] as const)('serves with %s what the upstream answers 404', async (kind) => {
    // A half-built backend: it has no list yet.
    const upstream = await startBrokenServer({ before: answerProblem(404, (req) => req.method === 'GET') });
    closing.push(upstream.close);
    const running = await proxy(upstream.url, { fallback: kind });
    const client = new TestClient(running.url);
    const listed = await client.list('sk_live_upstream_key_1');
    expect(listed.status).toBe(200);
    expect(listed.headers.get('x-proxy-fallback')).toBe(kind);
    expect(
      (await client.create(KEYS.acmeWeb, { name: 'from the upstream' })).headers.get('x-proxy-fallback'),
    ).toBeNull();
  });
});

describe('the proxy command', () => {
  it('logs each violation as one line; on SIGTERM counts them, writes JUnit, Markdown and HTML, exits 1', async () => {
    const upstream = await brokenUpstream();
    const dir = mkdtempSync(join(tmpdir(), 'proxy-'));
    const junit = join(dir, 'proxy.xml');
    const reports = ['--markdown', join(dir, 'summary.md'), '--report', join(dir, 'coverage.html')];
    const started = run(['proxy', '--upstream', upstream.url, '--port', '0', '--junit', junit, ...reports]);
    const url = await listening(started);
    await PLANTED[1]![1](url);
    await PLANTED[3]![1](url);
    expect(await stop(started)).toBe(1);
    const lines = started
      .stdout()
      .split('\n')
      .filter((line) => line.includes('contract violation by the answer:'));
    for (const line of lines)
      expect(JSON.parse(line)).toMatchObject({
        level: 40,
        check: expect.any(String),
        msg: expect.stringMatching(/^contract violation by the answer: /),
      });
    // is_active and the schema for the create; unsupported_method and the missing header for PATCH,
    // a method the contract does not document, so the request broke it too.
    expect(lines).toHaveLength(4);
    expect(started.stdout()).toMatch(
      joined(
        /^proxy: 2 requests checked, 4 contract violations by the upstream \(4 distinct\), /m,
        /1 request that broke the contract$/,
      ),
    );
    const xml = readFileSync(junit, 'utf8');
    expect(xml).toMatch(/<testcase [^>]*name="is_active · createChatbot"[^>]*>\s*<failure/);
    expect(xml).toMatch(/<testcase [^>]*name="unsupported_method · unmatched"[^>]*>\s*<failure/);
    const summary = readFileSync(join(dir, 'summary.md'), 'utf8');
    expect(summary).toMatch(/^## ❌ Contract proxy: failed\n/);
    expect(summary).toMatch(
      joined(
        /^- 2 requests in [\d.]+ s; 4 contract violations by the upstream's answers, /m,
        /1 requests? that broke the contract themselves$/,
      ),
    );
    for (const check of ['is_active', 'unsupported_method'])
      expect(summary).toMatch(new RegExp(`^\\| \\d \\| \`${check}\` \\|`, 'm'));
    expect(summary).toMatch(/```sh\ncurl -i --globoff -X 'PATCH' '[^']*\/chatbots'/);
    const html = readFileSync(join(dir, 'coverage.html'), 'utf8');
    expect(html).toContain('<h1>Contract coverage</h1>');
    expect(html).toContain(`Upstream: ${upstream.url}`);
    expect(html).toMatch(/<h3>is_active · createChatbot<\/h3>/);
  });

  it('reports a client’s bad request to a correct upstream in JUnit as skipped, never failed; exits 0', async () => {
    const upstream = await startTestServer();
    closing.push(upstream.close);
    const dir = mkdtempSync(join(tmpdir(), 'proxy-'));
    const [junit, html, markdown] = ['proxy.xml', 'proxy.html', 'proxy.md'].map((name) => join(dir, name));
    const reports = ['--junit', junit!, '--report', html!, '--markdown', markdown!];
    const started = run(['proxy', '--upstream', upstream.server.url, '--port', '0', ...reports]);
    const url = await listening(started);
    expect((await call(`${url}/chatbots`, 'POST', { key: KEYS.acmeWeb, json: { nmae: 'misspelt' } })).status).toBe(422);
    expect(await stop(started)).toBe(0);
    const xml = readFileSync(junit!, 'utf8');
    expect(xml).toMatch(/<testsuites [^>]*failures="0"/);
    expect(xml).toMatch(/<testcase [^>]*name="request_conformance · createChatbot"[^>]*>\s*<skipped/);
    expect(xml).not.toMatch(/\b1 (answers|requests) checked/);
    // The HTML report agrees with its verdict: the client's request apart, not red under Failures; no literal
    // backticks in its own words; and the field-level reason the 422 carried.
    const page = readFileSync(html!, 'utf8');
    expect(page).toContain('Verdict: passed');
    expect(page).toContain('<h2>Requests that broke the contract (the client&#39;s, not a failure)</h2>');
    expect(page).not.toMatch(/<h2>(Failures|Violations)<\/h2>|class="failure"/);
    expect(page.replace(/<pre>[\s\S]*?<\/pre>/g, '')).not.toContain('`');
    const reasons = "(body: must have required property 'name'; body.nmae: unknown property 'nmae')";
    expect(page).toContain(reasons.replaceAll("'", '&#39;'));
    expect(readFileSync(markdown!, 'utf8')).toContain("body.nmae: unknown property 'nmae'");
  });

  it('logs a violation repeated across a list’s items as one line under 4 kB, with its count', async () => {
    const upstream = await startBrokenServer({
      store: faultyStore({
        list: (chatbots) =>
          chatbots.map((chatbot) => ({ ...chatbot, created_at: chatbot.created_at.replace(/\.\d{3}Z$/, 'Z') })),
      }),
    });
    closing.push(upstream.close);
    const direct = new TestClient(upstream.url);
    for (let i = 0; i < 163; i++)
      await direct.create(KEYS.acmeWeb, { name: `Listed ${i}`, settings: { theme: 'dark', prompt: 'p'.repeat(40) } });
    const started = run(['proxy', '--upstream', upstream.url, '--port', '0']);
    const url = await listening(started);
    expect((await call(`${url}/chatbots`, 'GET', { key: KEYS.acmeWeb })).status).toBe(200);
    expect(await stop(started)).toBe(1);
    const lines = started
      .stdout()
      .split('\n')
      .filter((line) => line.includes('contract violation by the answer:'));
    expect(lines).toHaveLength(1);
    expect(Buffer.byteLength(lines[0]!)).toBeLessThanOrEqual(4096);
    expect(JSON.parse(lines[0]!).msg).toMatch(/body\/data\/\*\/created_at must match pattern .* \(in 163 items\)/);
  });
});

// An upstream's answer is untrusted (docs/security.md): `verify` and `proxy`
// read at most --max-response-bytes of it, as sent and decompressed, and stop
// reading past that, so that one huge answer cannot end them. The exchange is a
// max_response_size finding in every report; the proxy answers that client a
// 502 problem and serves the next one as before.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { RequestHandler } from 'express';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runProxy } from '../src/proxy/runProxy.js';
import { proxyAdminContract } from '../src/http/admin/adminContract.js';
import { AnswerTooLarge } from '../src/verify/answerCap.js';
import { send } from '../src/verify/send.js';
import { proxyViolations } from './helpers/adminAnswer.js';
import { startBrokenServer } from './helpers/broken.js';
import { joined } from './helpers/regexp.js';
import { assertBuilt, listening, run, stop } from './helpers/run.js';
import { startUpstream } from './helpers/upstream.js';
import { KEYS, TestClient } from './helpers/server.js';

const CAP = 64 * 1024;
/** What the upstream would stream, were it read whole: far past the cap, and past what kernel buffers hold. */
const STREAMED = 32 * 1024 * 1024;

const closing: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closing.splice(0).map((close) => close()));
});
beforeAll(assertBuilt);

/** The reference app, but its list answers a JSON string of STREAMED bytes, chunked; records how much it wrote. */
async function streamingUpstream() {
  const written: number[] = [];
  const chunk = Buffer.alloc(64 * 1024, 'a');
  const stream: RequestHandler = (req, res, next) => {
    if (req.method !== 'GET' || req.path !== '/api/chatbots') return next();
    res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
    let closed = false;
    res.on('close', () => (closed = true));
    const index = written.push(0) - 1;
    void (async () => {
      res.write('{"data":"');
      while (!closed && written[index]! < STREAMED) {
        written[index]! += chunk.length;
        if (!res.write(chunk)) await drainedOrClosed(res);
      }
      if (!closed) res.end('"}');
    })();
  };
  const upstream = await startBrokenServer({ before: stream });
  closing.push(upstream.close);
  return { url: upstream.url, written };
}

function drainedOrClosed(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

/** A bare upstream that answers every request with `answer`. */
async function bareUpstream(answer: (res: ServerResponse, req: IncomingMessage) => void): Promise<string> {
  const upstream = await startUpstream((req, res) => answer(res, req));
  closing.push(upstream.close);
  return upstream.url;
}

const limits = { requestMs: 10_000, deadline: new AbortController().signal, maxResponseBytes: CAP };
const list = { phase: 'proxy' as const, label: '', method: 'GET', path: '/chatbots', headers: {} };

describe('reading an answer', () => {
  it('stops past the cap, without reading the rest', async () => {
    const upstream = await streamingUpstream();
    const failure = await send(upstream.url, list, limits).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AnswerTooLarge);
    expect((failure as AnswerTooLarge).message).toMatch(/went past the 65536 bytes read of an answer/);
    expect((failure as AnswerTooLarge).head.status).toBe(200);
    await expect.poll(() => upstream.written[0]).toBeLessThan(STREAMED / 2);
  });

  it('reads none of an answer whose Content-Length is past the cap', async () => {
    const url = await bareUpstream((res, req) => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': String(STREAMED) });
      if (req.method === 'HEAD') res.end();
      else res.write('{"data":'); // and never more
    });
    await expect(send(url, list, limits)).rejects.toThrow(/declares 33554432 bytes \(Content-Length\)/);
    // A HEAD answer's Content-Length is the GET's: no body, nothing past the cap.
    expect((await send(url, { ...list, method: 'HEAD' }, limits)).status).toBe(200);
  });

  it('stops a compressed answer whose body, decompressed, is past the cap', async () => {
    const bomb = gzipSync(Buffer.alloc(4 * 1024 * 1024, ' '));
    const url = await bareUpstream((res) => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' });
      res.end(bomb);
    });
    expect(bomb.length).toBeLessThan(CAP);
    await expect(send(url, list, limits)).rejects.toThrow(/body, decompressed, went past the 65536 bytes/);
  });
});

describe('verify, against an upstream whose list is past the cap', () => {
  it('finds max_response_size, writes JUnit, Markdown, HTML, and exits 1 (the cap from the config file)', async () => {
    const upstream = await streamingUpstream();
    const dir = mkdtempSync(join(tmpdir(), 'verify-cap-'));
    writeFileSync(join(dir, '.chatbot-api-mockrc.json'), JSON.stringify({ maxResponseBytes: CAP }));
    const files = ['report.xml', 'summary.md', 'coverage.html'].map((name) => join(dir, name));
    const [junit, markdown, html] = files as [string, string, string];
    const started = run(
      [
        'verify',
        '--base-url',
        upstream.url,
        '--key',
        KEYS.acmeWeb,
        '--phases',
        'examples',
        '--junit',
        junit,
        '--markdown',
        markdown,
        '--report',
        html,
      ],
      {},
      dir,
    );
    expect(await started.exit).toBe(1);
    expect(started.stderr()).toContain(`Settings from ${join(dir, '.chatbot-api-mockrc.json')}`);
    expect(started.stdout()).toMatch(
      joined(
        /\d+\. max_response_size · listChatbots · examples phase[^\n]*\n +case:[^\n]*\n +problem: +/,
        /the answer's body went past the 65536 bytes read of an answer: reading stopped there/,
      ),
    );
    expect(started.stdout()).toMatch(/^ +got: +200 application\/json$/m);
    expect(readFileSync(junit, 'utf8')).toMatch(
      /<testcase [^>]*name="max_response_size · listChatbots"[^>]*>\s*<failure message="the answer's body went past/,
    );
    expect(readFileSync(markdown, 'utf8')).toMatch(/^\| \d+ \| `max_response_size` \| listChatbots \|/m);
    expect(readFileSync(html, 'utf8')).toMatch(/<h3>max_response_size · listChatbots<\/h3>/);
    expect(upstream.written.length).toBeGreaterThan(0);
    for (const bytes of upstream.written) expect(bytes).toBeLessThan(STREAMED / 2);
  });

  it('refuses a cap out of bounds, from the flag or its variable, in one line (exit 2)', async () => {
    const flag = run([
      'verify',
      '--base-url',
      'http://127.0.0.1:9/api',
      '--key',
      KEYS.acmeWeb,
      '--max-response-bytes',
      '12',
    ]);
    expect(await flag.exit).toBe(2);
    expect(flag.stderr()).toMatch(
      joined(
        /option '--max-response-bytes <n>' argument '12' is invalid\. /,
        /expected a whole number of bytes from 1024 to 268435456/,
      ),
    );
    const variable = run(['proxy', '--upstream', 'http://127.0.0.1:9/api', '--port', '0'], {
      MAX_RESPONSE_BYTES: 'lots',
    });
    expect(await variable.exit).toBe(2);
    expect(variable.stderr()).toMatch(
      /MAX_RESPONSE_BYTES: expected a whole number of bytes from 1024 to 268435456, not "lots"/,
    );
  });
});

describe('proxy, in front of an upstream whose list is past the cap', () => {
  it('answers that client a 502 problem, records the finding, serves the next client, and reports it', async () => {
    const upstream = await streamingUpstream();
    const dir = mkdtempSync(join(tmpdir(), 'proxy-cap-'));
    const [junit, markdown, html] = ['proxy.xml', 'summary.md', 'coverage.html'].map((name) => join(dir, name)) as [
      string,
      string,
      string,
    ];
    const reports = ['--junit', junit, '--markdown', markdown, '--report', html];
    const started = run([
      'proxy',
      '--upstream',
      upstream.url,
      '--port',
      '0',
      '--max-response-bytes',
      String(CAP),
      ...reports,
    ]);
    const url = await listening(started);
    const tooLarge = async () => {
      const answer = await fetch(`${url}/chatbots`, { headers: { authorization: `Bearer ${KEYS.acmeWeb}` } });
      expect(answer.status).toBe(502);
      expect(answer.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      const example = (
        proxyAdminContract().document.components!.responses!.UpstreamAnswerTooLarge as {
          content: Record<string, { example: object }>;
        }
      ).content['application/problem+json']!.example;
      expect(await answer.json()).toMatchObject({ ...example, detail: expect.stringMatching(/past the 65536 bytes/) });
    };
    await tooLarge();
    // The next client is served as before; its answer honours the contract, unmarked.
    const created = await new TestClient(url).create(KEYS.acmeWeb, { name: 'After a huge answer' });
    expect(created.status).toBe(201);
    expect(created.headers.get('sl-violations')).toBeNull();
    await tooLarge();
    const view = await proxyViolations(url);
    expect(view.body).toMatchObject({
      requests: 3,
      violations: 2,
      failures: [{ check: 'max_response_size', operation: 'listChatbots', occurrences: 2, answer: { status: 200 } }],
    });
    expect(await stop(started)).toBe(1);
    expect(started.stdout()).toMatch(
      /^proxy: 3 requests checked, 2 contract violations by the upstream \(1 distinct\)/m,
    );
    expect(readFileSync(junit, 'utf8')).toMatch(
      /<testcase [^>]*name="max_response_size · listChatbots"[^>]*>\s*<failure/,
    );
    expect(readFileSync(markdown, 'utf8')).toMatch(/^\| \d+ \| `max_response_size` \|/m);
    expect(readFileSync(html, 'utf8')).toMatch(/<h3>max_response_size · listChatbots<\/h3>/);
    for (const bytes of upstream.written) expect(bytes).toBeLessThan(STREAMED / 2);
  });

  it('answers a 502 outside the API too, and counts no violation there (it judges nothing there)', async () => {
    const url = await bareUpstream((res) => {
      res.writeHead(200, { 'Content-Type': 'text/html', 'Content-Length': String(STREAMED) });
      res.write('<html>');
    });
    const proxy = await runProxy({ upstream: url, port: 0, maxResponseBytes: CAP });
    closing.push(proxy.close);
    const answer = await fetch(`${new URL(proxy.url).origin}/docs/`);
    expect(answer.status).toBe(502);
    expect(((await answer.json()) as { type: string }).type).toBe(
      'https://chatbots.example/problems/upstream-answer-too-large',
    );
    expect(proxy.report()).toMatchObject({ requests: 0, violations: 0 });
  });
});

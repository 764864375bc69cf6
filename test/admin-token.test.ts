// The admin token, wherever it is checked (serve, mock, proxy): without it, or
// with another, the admin API answers 401; with it, the Bearer scheme written
// in any case (RFC 9110 §11.1), it answers. Off loopback the proxy, like serve
// and mock, refuses to start without one: it holds the traffic it has seen.
// Every admin answer is checked against its own document.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { OpenAPIV3 } from 'openapi-types';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runMock } from '../src/mock/runMock.js';
import { runProxy } from '../src/proxy/runProxy.js';
import { adminContract, proxyAdminContract } from '../src/http/admin/adminContract.js';
import { documentedAnswer } from './helpers/adminAnswer.js';
import { joined } from './helpers/regexp.js';
import { assertBuilt, listening, run } from './helpers/run.js';
import { startTestServer } from './helpers/server.js';

const TOKEN = 'admin-secret-0001';
// Nothing is sent to it: these tests ask the proxy's admin API only.
const NO_UPSTREAM = 'http://127.0.0.1:9/api';

const closing: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closing.splice(0).map((close) => close()));
});
beforeAll(assertBuilt);

const AUTHORIZATIONS: [label: string, authorization: string | undefined, passes: boolean][] = [
  ['no Authorization', undefined, false],
  ['a wrong token', `Bearer wrong-${TOKEN}`, false],
  ['the token under another scheme', `Basic ${TOKEN}`, false],
  ['the scheme alone', 'Bearer', false],
  ['the token without a scheme', TOKEN, false],
  ['the token', `Bearer ${TOKEN}`, true],
  ['the token, the scheme in lower case', `bearer ${TOKEN}`, true],
  ['the token, the scheme in upper case', `BEARER ${TOKEN}`, true],
];

/** Asks `path` of the admin API with each Authorization: 200 with the token, 401 (documented) otherwise. */
async function expectGuarded(url: string, document: OpenAPIV3.Document, path: string): Promise<void> {
  for (const [label, authorization, passes] of AUTHORIZATIONS) {
    const response = await fetch(`${new URL(url).origin}/__admin${path}`, {
      headers: authorization ? { authorization } : {},
    });
    const { status, headers } = await documentedAnswer(document, 'GET', path, response);
    expect(status, label).toBe(passes ? 200 : 401);
    if (!passes) expect(headers.get('www-authenticate'), label).toMatch(/^Bearer /);
  }
}

describe('the admin token', () => {
  it('guards serve’s admin API, in any case of the scheme', async () => {
    const guarded = await startTestServer({ adminToken: TOKEN });
    closing.push(guarded.close);
    await expectGuarded(guarded.server.url, adminContract().document, '/state');
  });

  it('guards the mock’s admin API, in any case of the scheme', async () => {
    const mock = await runMock({ port: 0, adminToken: TOKEN });
    closing.push(mock.close);
    await expectGuarded(mock.url, adminContract().document, '/requests');
  }, 60_000);

  it('guards the proxy’s violations, in any case of the scheme; its document stays open', async () => {
    const proxy = await runProxy({ upstream: NO_UPSTREAM, port: 0, adminToken: TOKEN });
    closing.push(proxy.close);
    await expectGuarded(proxy.url, proxyAdminContract().document, '/violations');
    const document = await fetch(`${new URL(proxy.url).origin}/__admin/openapi.json`);
    expect(document.status).toBe(200);
  });

  it('keeps the proxy’s Host allow-list, refusing with its own documented problem', async () => {
    const proxy = await runProxy({ upstream: NO_UPSTREAM, port: 0, adminToken: TOKEN });
    closing.push(proxy.close);
    const response = await withHost(`${new URL(proxy.url).origin}/__admin/violations`, 'rebound.example', TOKEN);
    expect((await documentedAnswer(proxyAdminContract().document, 'GET', '/violations', response)).status).toBe(403);
  });
});

describe('the proxy off loopback', () => {
  it('refuses to start without an admin token: one line, exit 2', async () => {
    await expect(runProxy({ upstream: NO_UPSTREAM, port: 0, host: '0.0.0.0' })).rejects.toThrow(
      /open admin API: anyone who reaches it could read the traffic it has seen/,
    );
    const started = run(['proxy', '--upstream', NO_UPSTREAM, '--host', '0.0.0.0', '--port', '0']);
    expect(await started.exit).toBe(2);
    expect(started.stdout()).not.toMatch(/listening/);
    expect(started.stderr().trim().split('\n')).toEqual([
      expect.stringMatching(
        joined(
          /^chatbot-api-mock: error: refusing to bind 0\.0\.0\.0 with an open admin API: /,
          /.*Set an admin token, or bind a loopback address\. \(--admin-token\)$/,
        ),
      ),
    ]);
  });

  it.each([
    ['the flag', ['--admin-token', TOKEN], {}, undefined],
    ['its variable', [], { ADMIN_TOKEN: TOKEN }, undefined],
    ['the config file', [], {}, { adminToken: TOKEN }],
  ])('starts with a token from %s, and asks for it', async (_from, args, env, config) => {
    const cwd = mkdtempSync(join(tmpdir(), 'proxy-token-'));
    if (config) writeFileSync(join(cwd, '.chatbot-api-mockrc.json'), JSON.stringify(config));
    const started = run(['proxy', '--upstream', NO_UPSTREAM, '--host', '0.0.0.0', '--port', '0', ...args], env, cwd);
    const url = await listening(started);
    expect(started.stdout()).toMatch(/__admin\/violations {2}\(admin token required\)$/m);
    const loopback = url.replace('0.0.0.0', '127.0.0.1');
    await expectGuarded(loopback, proxyAdminContract().document, '/violations');
  });
});

/** A GET naming another Host (fetch cannot set it), read whole. */
function withHost(url: string, host: string, token: string): Promise<Response> {
  return new Promise((resolve, reject) => {
    const sent = request(url, { headers: { host, authorization: `Bearer ${token}` } }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => {
        const headers = new Headers();
        for (const [name, value] of Object.entries(answer.headers))
          for (const one of [value ?? []].flat()) headers.append(name, one);
        resolve(new Response(Buffer.concat(chunks), { status: answer.statusCode ?? 0, headers }));
      });
      answer.on('error', reject);
    });
    sent.on('error', reject);
    sent.end();
  });
}

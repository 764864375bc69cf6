// A request target that is not a path (`*@host/x`, `*/x`, an absolute URL,
// `OPTIONS *`), which Node's parser lets through, reaches no other host: proxy
// refuses it with its documented 400 problem, forwards nothing, and serves the
// next request; serve answers it as a path it does not list, never with a 5xx.
// A second loopback listener counts every connection anything makes to it.
import type { Request } from 'express';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { assertHonoursContract } from '../src/contract/check.js';
import { proxyAdminContract } from '../src/http/admin/adminContract.js';
import { expectDocumentedProblem, proxyViolations } from './helpers/adminAnswer.js';
import { startBrokenServer } from './helpers/broken.js';
import { contract } from './helpers/contract.js';
import { countingListener } from './helpers/countingListener.js';
import { rawRequest } from './helpers/rawHttp.js';
import { assertBuilt, listening, run } from './helpers/run.js';
import { KEYS, TestClient } from './helpers/server.js';

const closing: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closing.splice(0).map((close) => close()));
});
beforeAll(assertBuilt);

/** Another service on loopback, which no target a client sends may reach. */
const elsewhere = countingListener((_req, res) => res.end('internal secret'));

/** Each [method, target]: not a path, and each naming the other service where it can. */
function targets(): [string, string][] {
  const other = `127.0.0.1:${elsewhere.port}`;
  return [
    ['GET', `*@${other}/internal/admin?x=1`],
    ['GET', '*/x'],
    ['GET', `http://${other}/x`],
    ['GET', `x://x@${other}/`],
    ['OPTIONS', '*'],
  ];
}

const CLOSE = ['Connection: close'];

describe('proxy, sent a request target that is not a path', () => {
  it('answers each its 400 problem, forwards none, and then serves a request', async () => {
    const forwarded: string[] = [];
    const upstream = await startBrokenServer({
      before: (req: Request, _res, next) => {
        forwarded.push(req.originalUrl);
        next();
      },
    });
    closing.push(upstream.close);
    const url = await listening(run(['proxy', '--upstream', upstream.url, '--port', '0']));
    const { document } = proxyAdminContract();
    for (const [method, target] of targets()) {
      const answer = await rawRequest(url, method, target, CLOSE);
      expect(answer.status, `${method} ${target}: ${answer.text}`).toBe(400);
      expectDocumentedProblem(document, 'InvalidRequestTarget', {
        status: answer.status,
        type: answer.headers.get('content-type') ?? '',
        body: JSON.parse(answer.text),
      });
      expect(answer.headers.get('cache-control')).toBe('no-store');
    }
    expect(elsewhere.connections).toBe(0);
    expect(forwarded).toEqual([]);

    // A path that looks like another host is a path: it goes to the upstream, below its own origin.
    const slashes = await rawRequest(url, 'GET', `//127.0.0.1:${elsewhere.port}/x`, CLOSE);
    expect(slashes.status).toBe(404);
    expect(forwarded).toEqual([`//127.0.0.1:${elsewhere.port}/x`]);

    const listed = await new TestClient(url).list(KEYS.acmeWeb);
    expect(listed.status).toBe(200);
    expect(listed.headers.get('sl-violations')).toBeNull();
    const view = await proxyViolations(url);
    expect(view.body).toMatchObject({ requests: 1, violations: 0, requestViolations: 0 });
    expect(elsewhere.connections).toBe(0);
  });
});

describe('serve, sent a request target that is not a path', () => {
  it('answers each as a path the contract does not list, never with a 5xx', async () => {
    const url = await listening(run(['serve', '--port', '0', '--quiet']));
    const before = elsewhere.connections;
    for (const [method, target] of targets()) {
      const answer = await rawRequest(url, method, target, CLOSE);
      expect(answer.status, `${method} ${target}: ${answer.text}`).toBe(404);
      assertHonoursContract(contract, { method, path: target, ...answer });
    }
    // The admin API is not reached by an absolute URL either.
    const admin = await rawRequest(url, 'GET', `${new URL(url).origin}/__admin/journal`, CLOSE);
    expect(admin.status).toBe(404);
    expect(elsewhere.connections).toBe(before);
  });
});

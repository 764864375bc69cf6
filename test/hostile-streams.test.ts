// A streamed answer (OpenAPI 3.2's sequential media types) is untrusted traffic (docs/security.md): `proxy` passes it
// on as it comes, checks each item, and keeps what it reports bounded however long the stream runs. The first broken
// items are listed and the rest counted, so that an upstream sending broken items without end grows nothing; a client
// that goes away stops the proxy's read of the upstream; SIGTERM ends the proxy with such a stream in flight.
import { mkdtempSync, writeFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dump } from 'js-yaml';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LISTED_ITEMS } from '../src/contract/streamCheck.js';
import { proxyViolations } from './helpers/adminAnswer.js';
import { assertBuilt, listening, run, stop } from './helpers/run.js';
import { startUpstream } from './helpers/upstream.js';
import { until } from './helpers/until.js';

/** A 3.2 contract whose one operation answers a stream of JSON Lines, each item an integer. */
const CONTRACT = {
  openapi: '3.2.0',
  info: { title: 'Events', version: '1' },
  servers: [{ url: '/api' }],
  paths: {
    '/events': {
      get: {
        operationId: 'listEvents',
        responses: {
          '200': { description: 'The events', content: { 'application/jsonl': { itemSchema: { type: 'integer' } } } },
        },
      },
    },
  },
};
/** A broken item: not JSON at all. */
const BROKEN = 'x\n';
/** The upstream's writes: 64 KiB of broken items each. */
const WRITE = BROKEN.repeat(32 * 1024);

const closing: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closing.splice(0).map((close) => close()));
});
let contractFile = '';
beforeAll(() => {
  assertBuilt();
  contractFile = join(mkdtempSync(join(tmpdir(), 'hostile-streams-')), 'openapi.yaml');
  writeFileSync(contractFile, dump(CONTRACT));
});

/** An upstream that streams broken items, `writes` times WRITE or without end, and counts the streams still open. */
async function brokenItemsUpstream(writes = Infinity) {
  const open = new Set<ServerResponse>();
  const upstream = await startUpstream((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/jsonl' });
    open.add(res);
    res.on('close', () => open.delete(res));
    let written = 0;
    const next = () => {
      while (!res.destroyed && written < writes) {
        written++;
        if (!res.write(WRITE)) return void res.once('drain', next);
      }
      if (!res.destroyed) res.end();
    };
    next();
  });
  closing.push(upstream.close);
  return { url: upstream.url, open };
}

/** The proxy, with an upstream timeout far past the bound a test waits: only the proxy's own stop ends a read. */
async function startProxy(upstream: string) {
  const started = run(['proxy', '--upstream', upstream, '--contract', contractFile, '--port', '0', '--timeout', '600']);
  return { started, url: await listening(started) };
}

describe('proxy, in front of an upstream whose stream items all break the contract', () => {
  it('passes the stream whole, lists the first broken items and counts the rest', async () => {
    const writes = 8;
    const upstream = await brokenItemsUpstream(writes);
    const { started, url } = await startProxy(upstream.url);
    const streamed = await fetch(`${url}/events`);
    expect(streamed.status).toBe(200);
    expect(await streamed.text()).toBe(WRITE.repeat(writes));
    const view = await proxyViolations(url);
    const items = (WRITE.length / BROKEN.length) * writes;
    expect(view.body).toMatchObject({
      requests: 1,
      violations: LISTED_ITEMS + 1,
      failures: [
        { check: 'content_type_conformance', message: '200: item 1 cannot be read: x', occurrences: LISTED_ITEMS },
        {
          check: 'content_type_conformance',
          message:
            `200: ${items - LISTED_ITEMS} more items break the contract ` +
            `(the first ${LISTED_ITEMS} broken items are listed)`,
          occurrences: 1,
        },
      ],
    });
    expect(await stop(started)).toBe(1);
  });

  it('stops reading the upstream once the client goes, and ends on SIGTERM with such a stream in flight', async () => {
    const upstream = await brokenItemsUpstream();
    const { started, url } = await startProxy(upstream.url);
    const gone = new AbortController();
    const left = await fetch(`${url}/events`, { signal: gone.signal });
    await left.body!.getReader().read();
    // The proxy is left waiting on this client, the upstream paused, or reading on: either way, the client goes.
    gone.abort();
    await until(
      () => upstream.open.size === 0,
      () => 'the proxy still reads the stream of a client that has gone',
    );

    const staying = await fetch(`${url}/events`);
    const stays = staying.body!.getReader();
    await stays.read();
    // A close waits for the requests in flight, then ends without them.
    expect(await stop(started)).toBe(1);
    expect(started.child.signalCode).toBeNull();
    expect(started.stderr()).toMatch(/requests still in flight after \d+ ms: stopping without them/);
    await stays.cancel().catch(() => {});
  });
});

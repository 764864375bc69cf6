// `proxy` and `verify` on what OpenAPI 3.2 adds (test/helpers/contract32.ts): a QUERY operation, an additional
// operation and a streamed answer pass the proxy; a stream passes item by item, each item checked by the itemSchema as
// it arrives, so that a broken item is reported (and, with --strict, ends the stream there, after the items before it).
// `verify` exercises each of them against `serve` on the same contract, and passes.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dump } from 'js-yaml';
import { afterEach, describe, expect, it } from 'vitest';
import { responseViolations } from '../src/contract/check.js';
import { createContract } from '../src/contract/contract.js';
import { liveValidators } from '../src/contract/load.js';
import { ItemReader } from '../src/contract/sequential.js';
import { runProxy } from '../src/proxy/runProxy.js';
import { runVerify } from '../src/verify/runVerify.js';
import { contract32File, with32Additions } from './helpers/contract32.js';
import { KEYS, startTestServer } from './helpers/server.js';

const document = with32Additions();
const against = createContract(document, liveValidators);
const closing: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closing.splice(0).map((close) => close()));
});

async function proxyTo(upstream: string, strict = false, maxResponseBytes?: number) {
  const proxy = await runProxy({
    upstream,
    port: 0,
    strict,
    contract: against,
    ...(maxResponseBytes ? { maxResponseBytes } : {}),
  });
  closing.push(proxy.close);
  return proxy;
}

/** An upstream that answers the event stream with the events given, each written apart, a pause between them. */
async function streamingUpstream(events: string[]): Promise<string> {
  const server: Server = createServer((_request, res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' });
    const next = (index: number) => {
      if (index === events.length || res.destroyed) return void res.end();
      res.write(events[index]);
      setTimeout(() => next(index + 1), 20);
    };
    next(0);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closing.push(() => new Promise((resolve) => server.close(() => resolve())));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
}

const call = (url: string, method: string, body?: unknown) =>
  fetch(url, {
    method,
    headers: {
      authorization: `Bearer ${KEYS.acmeWeb}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

/** The answer's text, checked against the 3.2 contract. */
async function checked(response: Response, method: string, path: string): Promise<string> {
  const text = await response.text();
  const { status, headers } = response;
  expect(responseViolations(against, { method, path, status, headers, text })).toEqual([]);
  return text;
}

const items = (text: string) => {
  const reader = new ItemReader('text/event-stream');
  return [...reader.push(text), ...reader.end()].map((item) => ('value' in item ? item.value : item));
};

const good = 'event: created\nid: 1\ndata: first\n\n';
const bad = 'event: deleted\nid: 2\ndata: second\n\n';
const last = 'event: renamed\nid: 3\ndata: third\n\n';

describe('proxy, OpenAPI 3.2', () => {
  it('passes QUERY, an additional operation and a stream from a correct upstream, and reports nothing', async () => {
    const upstream = await startTestServer({ contractFile: contract32File() });
    closing.push(upstream.close);
    const proxy = await proxyTo(upstream.server.url, true);
    const found = await call(`${proxy.url}/chatbots/search`, 'QUERY', { name: 'Support' });
    expect(found.status).toBe(200);
    await checked(found, 'QUERY', '/chatbots/search');
    const purged = await call(`${proxy.url}/chatbots/archive`, 'PURGE');
    expect(purged.status).toBe(204);
    await checked(purged, 'PURGE', '/chatbots/archive');
    const events = await call(`${proxy.url}/chatbots/events`, 'GET');
    expect(events.headers.get('content-type')).toBe('text/event-stream');
    expect(items(await checked(events, 'GET', '/chatbots/events'))).toHaveLength(2);
    // A query string its schema refuses: the upstream's 422 is what the contract says, the request the client's fault.
    const refused = await call(`${proxy.url}/chatbots/lookup?limit=20`, 'GET');
    expect(refused.status).toBe(422);
    await checked(refused, 'GET', '/chatbots/lookup');
    expect(proxy.report()).toMatchObject({ requests: 4, violations: 0, requestViolations: 1 });
  });

  it('checks each item as it passes, passes the stream whole, and reports the item that breaks it', async () => {
    const proxy = await proxyTo(await streamingUpstream([good, bad, last]));
    const events = await call(`${proxy.url}/chatbots/events`, 'GET');
    expect(events.status).toBe(200);
    expect(items(await events.text())).toEqual([
      { event: 'created', id: '1', data: 'first' },
      { event: 'deleted', id: '2', data: 'second' },
      { event: 'renamed', id: '3', data: 'third' },
    ]);
    const report = proxy.report();
    expect(report.violations).toBe(1);
    expect(report.failures).toEqual([
      expect.objectContaining({
        check: 'response_schema_conformance',
        message: expect.stringMatching(/item 2/),
        pointer: expect.stringMatching(/\/itemSchema$/),
      }),
    ]);
  });

  it('with --strict, ends the stream at the item that breaks the contract, after those before it', async () => {
    const proxy = await proxyTo(await streamingUpstream([good, bad, last]), true);
    const events = await call(`${proxy.url}/chatbots/events`, 'GET');
    expect(events.status).toBe(200);
    expect(items(await events.text())).toEqual([{ event: 'created', id: '1', data: 'first' }]);
    expect(proxy.report().violations).toBe(1);
  });
});

describe('proxy, a stream past the cap', () => {
  it('holds no more than --max-response-bytes of an unfinished item: the stream ends there, a finding', async () => {
    const endless = `data: ${'x'.repeat(4_000)}`;
    const proxy = await proxyTo(await streamingUpstream([good, endless, endless, last]), false, 2_048);
    const events = await call(`${proxy.url}/chatbots/events`, 'GET');
    expect(events.status).toBe(200);
    expect(items(await events.text())[0]).toEqual({ event: 'created', id: '1', data: 'first' });
    expect(proxy.report().failures).toEqual([expect.objectContaining({ check: 'max_response_size' })]);
  });
});

describe('verify, OpenAPI 3.2', () => {
  it('passes against serve on the same contract, every 3.2 operation exercised', async () => {
    const file = contract32File();
    const upstream = await startTestServer({ contractFile: file });
    closing.push(upstream.close);
    const report = await runVerify({
      baseUrl: upstream.server.url,
      key: KEYS.acmeWeb,
      keySameAccount: KEYS.acmeMobile,
      keyOtherAccount: KEYS.globex,
      contract: against,
      contractFile: file,
      maxExamples: 20,
      seed: 32,
    });
    const described = report.failures.map((f) => `${f.check} · ${f.operation} · ${f.label}: ${f.message}`);
    expect(described).toEqual([]);
    const exercised = (operationId: string) =>
      report.coverage.find((operation) => operation.operation === operationId)?.statuses.some((s) => s.exercised);
    for (const operationId of ['searchChatbots', 'lookUpChatbots', 'streamChatbotEvents', 'exportChatbots'])
      expect(exercised(operationId), operationId).toBe(true);
    expect(exercised('purgeArchivedChatbots')).toBe(true);
    // The query string was tried, each boundary of its schema.
    const tried = report.tallies.filter((tally) => tally.operation === 'lookUpChatbots');
    expect(tried.find((tally) => tally.check === 'negative_data_rejection')?.ran).toBeGreaterThan(2);
  }, 120_000);

  it('catches a service that does not check the query parameters its contract declares', async () => {
    // The same service, but its lookup reads no query string: whatever it is sent is answered 200.
    const careless = with32Additions();
    for (const path of ['/chatbots/lookup', '/chatbots/export'])
      delete (careless.paths[path] as { get: { parameters?: unknown } }).get.parameters;
    const path = join(mkdtempSync(join(tmpdir(), 'careless-')), 'openapi.yaml');
    writeFileSync(path, dump(careless));
    const upstream = await startTestServer({ contractFile: path });
    closing.push(upstream.close);
    const report = await runVerify({
      baseUrl: upstream.server.url,
      key: KEYS.acmeWeb,
      contract: against,
      phases: ['coverage'],
      seed: 32,
    });
    for (const operation of ['lookUpChatbots', 'exportChatbots'])
      expect(report.failures).toContainEqual(expect.objectContaining({ check: 'negative_data_rejection', operation }));
  }, 120_000);
});

// Generated requests, valid and broken one way at a time, through real HTTP.
// Properties: never a 5xx; every answer honours openapi.yaml (checked by the
// client); a rejected request changes nothing; an accepted one round-trips.
// FUZZ_RUNS sets the number of cases (default 2,000), FUZZ_SEED replays a run.
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { InMemoryChatbotStore } from '../../src/state/memoryStore.js';
import type { ChatbotEnvelope } from '../../src/contract/types.js';
import { KEYS, startTestServer, type RequestOptions, type TestServer } from '../helpers/server.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 2_000);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);

const store = new InMemoryChatbotStore();
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ store });
});
afterAll(() => t.close());

const validName = fc
  .string({ minLength: 1, maxLength: 200, unit: 'grapheme' })
  .filter((name) => /\S/.test(name) && name.length <= 200);
const json = fc.jsonValue({ maxDepth: 3 });
const validSettings = fc.oneof(
  fc.constant(undefined),
  fc.constant(null),
  fc.dictionary(fc.string({ maxLength: 12 }), json, { maxKeys: 5 }).map((d) => ({ ...d, theme: 'dark' })),
  fc.record({ theme: fc.string({ minLength: 1, maxLength: 100 }), prompt: fc.string({ maxLength: 300 }) }),
);
const validBody = fc
  .record({ name: validName, settings: validSettings })
  .map(({ name, settings }) => (settings === undefined ? { name } : { name, settings }));
const nested = (depth: number) => JSON.parse(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`) as object;

/** A body broken in one way, and the raw text to send. */
const brokenRaw = fc.oneof(
  fc
    .record({ name: fc.oneof(fc.integer(), fc.boolean(), fc.constant(null), fc.array(fc.string()), fc.object()) })
    .map((b) => JSON.stringify(b)),
  fc.record({ settings: validSettings }).map((b) => JSON.stringify(b)),
  fc
    .tuple(
      validName,
      fc.string({ minLength: 1, maxLength: 10 }).filter((k) => k !== 'name' && k !== 'settings'),
      json,
    )
    .map(([name, key, value]) => JSON.stringify({ name, [key]: value ?? 1 })),
  fc.integer({ min: 201, max: 5_000 }).map((n) => JSON.stringify({ name: 'x'.repeat(n) })),
  fc.integer({ min: 9, max: 3_000 }).map((depth) => JSON.stringify({ name: 'Deep', settings: nested(depth) })),
  fc.oneof(fc.integer(), fc.string(), fc.constant([]), fc.array(json)).map((b) => JSON.stringify(b)),
  fc.constantFrom('__proto__', 'constructor', 'prototype').map((key) => `{"name":"Proto","${key}":{"polluted":true}}`),
  fc.constant('{"name":"Dup","name":"licate","settings":{},"settings":[]}'),
  fc.constant('{"name":"\\ud800 lone surrogate","settings":{"theme":"\\udfff"}}'),
  fc.string({ maxLength: 50 }).map((text) => `{${text}`),
  fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes).toString('latin1')),
);
const noise = fc.dictionary(
  fc.stringMatching(/^x-[a-z]{1,10}$/),
  fc.string({ maxLength: 40 }).map((value) => value.replace(/[^\x20-\x7e]/g, '')),
  { maxKeys: 3 },
);
const contentType = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/xml',
  undefined,
);

const withType = (headers: Record<string, string>, type: string | undefined): Record<string, string> =>
  type ? { ...headers, 'content-type': type } : headers;

/** Numbers no double keeps as written: beyond its range, below it, or with more digits than it holds. */
const inexactNumber = fc.oneof(
  fc.integer({ min: 309, max: 5_000 }).map((exponent) => `1e${exponent}`),
  fc.integer({ min: 325, max: 5_000 }).map((exponent) => `-2.5e-${exponent}`),
  fc.stringMatching(/^[1-9][0-9]{17,40}$/),
);
const encodedLies = fc.record({
  body: validBody,
  encoding: fc.constantFrom('gzip', 'deflate', 'br', 'gzip, br', 'identity, gzip', 'x-gzip', 'compress'),
});
const rawBytes = fc
  .uint8Array({ minLength: 1, maxLength: 200 })
  .map((bytes) => Buffer.concat([Buffer.from('{"name":"'), Buffer.from(bytes), Buffer.from('"}')]));
// Methods as tokens, as any client may send them (CONNECT asks the client for a tunnel: not a request to fuzz).
const method = fc
  .oneof(
    fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD', 'TRACE'),
    fc.stringMatching(/^[A-Z]{1,12}$/),
  )
  .filter((m) => m !== 'CONNECT');
const elsewhere = fc.oneof(
  fc.record({
    method,
    path: fc.constantFrom('/chatbots/', '/chatbots//', '/chatbots/x', '/Chatbots', '/chatbots/../chatbots/', '/'),
  }),
  fc.record({
    method: method.filter((m) => m !== 'GET' && m !== 'POST' && m !== 'OPTIONS'),
    path: fc.constant('/chatbots'),
  }),
);

type Case =
  | { kind: 'valid'; body: object; headers: Record<string, string> }
  | { kind: 'broken'; options: RequestOptions }
  | { kind: 'elsewhere'; method: string; path: string };
const cases: fc.Arbitrary<Case> = fc.oneof(
  fc
    .record({ body: validBody, headers: noise })
    .map(({ body, headers }) => ({ kind: 'valid' as const, body, headers })),
  fc.record({ raw: brokenRaw, type: contentType, headers: noise }).map(({ raw, type, headers }) => ({
    kind: 'broken' as const,
    options: { key: KEYS.acmeWeb, raw, headers: withType(headers, type) },
  })),
  encodedLies.map(({ body, encoding }) => ({
    kind: 'broken' as const,
    options: {
      key: KEYS.acmeWeb,
      raw: JSON.stringify(body),
      headers: { 'content-type': 'application/json', 'content-encoding': encoding },
    },
  })),
  rawBytes.map((raw) => ({
    kind: 'broken' as const,
    options: { key: KEYS.acmeWeb, raw, headers: { 'content-type': 'application/json' } },
  })),
  inexactNumber.map((token) => ({
    kind: 'broken' as const,
    options: {
      key: KEYS.acmeWeb,
      raw: `{"name":"Numbers","settings":{"n":${token}}}`,
      headers: { 'content-type': 'application/json' },
    },
  })),
  elsewhere.map(({ method, path }) => ({ kind: 'elsewhere' as const, method, path })),
  fc
    .record({
      body: validBody,
      type: contentType.filter((type) => type === undefined || !type.startsWith('application/json')),
    })
    .map(({ body, type }) => ({
      kind: 'broken' as const,
      options: { key: KEYS.acmeWeb, raw: JSON.stringify(body), headers: withType({}, type) },
    })),
);

it(`holds for ${RUNS} generated requests (seed ${SEED})`, async () => {
  console.log(`fuzz: ${RUNS} cases, seed ${SEED} (replay with FUZZ_SEED=${SEED})`);
  const heapBefore = process.memoryUsage().heapUsed;
  await fc.assert(
    fc.asyncProperty(cases, async (generated) => {
      const before = (await store.all()).length;
      const last = (await store.all()).at(-1);
      const response =
        generated.kind === 'valid'
          ? await t.client.request<ChatbotEnvelope>('POST', '/chatbots', {
              key: KEYS.acmeWeb,
              json: generated.body,
              headers: generated.headers,
            })
          : generated.kind === 'broken'
            ? await t.client.request<ChatbotEnvelope>('POST', '/chatbots', generated.options)
            : await t.client.request<ChatbotEnvelope>(generated.method, generated.path, {
                key: KEYS.acmeWeb,
                json: { name: 'Elsewhere' },
              });
      expect(response.status).toBeLessThan(500);
      if (generated.kind === 'elsewhere') expect([404, 405]).toContain(response.status);
      if (response.status === 201) {
        expect((await store.all()).length).toBe(before + 1);
        expect((await store.all()).at(-1)!.chatbot).toEqual(response.body.data);
        if (generated.kind === 'valid') expect(response.body.data.name).toBe((generated.body as { name: string }).name);
      } else {
        expect(generated.kind).not.toBe('valid');
        expect((await store.all()).length).toBe(before);
        expect((await store.all()).at(-1)).toBe(last);
      }
    }),
    { numRuns: RUNS, seed: SEED, endOnFailure: true },
  );
  // Accepted creates round-trip into the list, in order.
  const listed = await t.client.listed(KEYS.acmeWeb);
  expect(listed).toEqual((await store.all()).map((record) => record.chatbot));
  // Bounded memory: what the run leaves behind is the stored chatbots, not the traffic.
  globalThis.gc?.();
  const grown = process.memoryUsage().heapUsed - heapBefore;
  console.log(`fuzz: heap grew by ${(grown / 1e6).toFixed(1)} MB for ${(await store.all()).length} stored chatbots`);
  expect(grown).toBeLessThan(200e6);
}, 600_000);

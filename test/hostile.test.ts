// A client's mistakes, sent as an attacker would send them, are documented 4xx
// problems that change nothing: compressed bodies that do not decompress,
// invalid UTF-8, numbers that cannot be kept exactly, a trailing slash, a plain
// OPTIONS, settings too large to store, an account that is full. Each is
// answered at its own cost: a bounded 422, a 413 from the declared length alone,
// and one Authorization header at most.
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawExchange } from './helpers/rawHttp.js';
import { KEYS, startTestServer, type RequestOptions, type TestServer } from './helpers/server.js';

/** A run of zeros in a number: read whole, however long, and in one pass. */
const ZEROS = '0'.repeat(50_000);
const PROBLEM = 'https://chatbots.example/problems/';
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ maxChatbotsPerAccount: 3 });
});
afterAll(() => t?.close());

const json = (raw: string | Uint8Array, headers: Record<string, string> = {}): RequestOptions => ({
  key: KEYS.acmeWeb,
  raw,
  headers: { 'content-type': 'application/json', ...headers },
});

describe('client mistakes are documented 4xx problems that store nothing', () => {
  it.each([
    ['gzip on a body that is not gzip', json('{"name":"Bot"}', { 'content-encoding': 'gzip' }), 400, 'malformed-json'],
    [
      'deflate on a body that is not deflate',
      json('{"name":"Bot"}', { 'content-encoding': 'deflate' }),
      400,
      'malformed-json',
    ],
    ['br on a body that is not brotli', json('{"name":"Bot"}', { 'content-encoding': 'br' }), 400, 'malformed-json'],
    [
      'truncated gzip',
      json(gzipSync('{"name":"Bot"}').subarray(0, 12), { 'content-encoding': 'gzip' }),
      400,
      'malformed-json',
    ],
    [
      'gzip with a bad CRC',
      json(Buffer.concat([gzipSync('{"name":"Bot"}').subarray(0, -8), Buffer.alloc(8)]), {
        'content-encoding': 'gzip',
      }),
      400,
      'malformed-json',
    ],
    [
      'invalid UTF-8',
      json(Buffer.from([0x7b, 0x22, 0x6e, 0x61, 0x6d, 0x65, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d])),
      400,
      'malformed-json',
    ],
    ['a lone continuation byte', json(Buffer.from('{"name":"a\x80b"}', 'latin1')), 400, 'malformed-json'],
    ['1e400', json('{"name":"Bot","settings":{"big":1e400}}'), 422, 'validation-failed'],
    ['1e-400', json('{"name":"Bot","settings":{"tiny":1e-400}}'), 422, 'validation-failed'],
    [
      'a number of 50,000 digits that a double rounds to 1',
      json(`{"name":"Bot","settings":{"n":1.${ZEROS}1}}`),
      422,
      'validation-failed',
    ],
    [
      'a 30-digit integer',
      json('{"name":"Bot","settings":{"n":[123456789012345678901234567890]}}'),
      422,
      'validation-failed',
    ],
    [
      'settings of 34,000 empty objects',
      json(JSON.stringify({ name: 'Bot', settings: { a: Array.from({ length: 34_000 }, () => ({})) } })),
      422,
      'validation-failed',
    ],
    [
      'settings of 20,000 characters',
      json(JSON.stringify({ name: 'Bot', settings: { prompt: 'p'.repeat(20_000) } })),
      422,
      'validation-failed',
    ],
  ])('%s', async (_label, options, status, type) => {
    const before = await t.client.snapshot();
    const response = await t.client.request<{ type: string; validation?: { location: string[]; code: string }[] }>(
      'POST',
      '/chatbots',
      options,
    );
    expect(response.status).toBe(status);
    expect(response.body.type).toBe(PROBLEM + type);
    expect(await t.client.snapshot()).toEqual(before);
  });

  it('names each number it cannot keep, and keeps every number it can, exactly', async () => {
    const refused = await t.client.request<{ validation: { location: string[]; code: string }[] }>(
      'POST',
      '/chatbots',
      json('{"name":"Bot","settings":{"ok":1.5,"list":[1,1e400],"deep":{"n":9007199254740993}}}'),
    );
    expect(refused.body.validation).toEqual([
      expect.objectContaining({ location: ['body', 'settings', 'list', '1'], code: 'exactNumber' }),
      expect.objectContaining({ location: ['body', 'settings', 'deep', 'n'], code: 'exactNumber' }),
    ]);
    const kept = await t.client.request<{ data: { settings: Record<string, unknown> } }>(
      'POST',
      '/chatbots',
      json(`{"name":"Numbers","settings":{"a":0.1,"b":-0,"c":1e21,"d":9007199254740991,"e":1.50,"f":2.5${ZEROS}}}`),
    );
    expect(kept.status).toBe(201);
    expect(kept.text).toContain('"a":0.1,"b":0,"c":1e+21,"d":9007199254740991,"e":1.5,"f":2.5');
  });

  it('answers 404 for a trailing slash, as for any path the contract does not list', async () => {
    expect((await t.client.request('GET', '/chatbots/', { key: KEYS.acmeWeb })).status).toBe(404);
    expect((await t.client.request('POST', '/chatbots/', { key: KEYS.acmeWeb, json: { name: 'Slash' } })).status).toBe(
      404,
    );
  });

  it('answers a plain OPTIONS 405 with Allow and Cache-Control; a preflight with CORS and Cache-Control', async () => {
    const plain = await t.client.request('OPTIONS', '/chatbots');
    expect([plain.status, plain.headers.get('allow'), plain.headers.get('cache-control')]).toEqual([
      405,
      'GET, POST',
      'no-store',
    ]);
    const preflight = await t.client.request('OPTIONS', '/chatbots', {
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('cache-control')).toBe('no-store');
  });

  it('answers 409 once the account holds the most chatbots it may, and still serves other accounts', async () => {
    let answered = 0;
    for (let i = 0; i < 5; i++) {
      const response = await t.client.create(KEYS.acmeMobile, { name: `Filling ${i}` });
      if (response.status === 201) answered++;
      else {
        expect(response.status).toBe(409);
        expect(response.body).toMatchObject({ type: `${PROBLEM}chatbot-limit-reached`, status: 409 });
      }
    }
    expect((await t.client.listed(KEYS.acmeWeb)).length).toBe(3);
    expect(answered).toBeLessThanOrEqual(3);
    expect((await t.client.create(KEYS.globex, { name: 'Another account' })).status).toBe(201);
  });
});

describe('client mistakes answered at their cost', () => {
  it('lists at most 100 problems of a body with 10,000 unknown fields, and counts the rest', async () => {
    const body = Object.fromEntries([['name', 'Bot'], ...Array.from({ length: 10_000 }, (_, i) => [`k${i}`, 0])]);
    const text = JSON.stringify(body);
    expect(text.length).toBeLessThanOrEqual(102_400);
    const response = await t.client.request<{ validation: unknown[]; validation_omitted: number }>(
      'POST',
      '/chatbots',
      json(text),
    );
    expect(response.status).toBe(422);
    expect(response.body.validation).toHaveLength(100);
    expect(response.body.validation_omitted).toBe(9_900);
    expect(response.text.length).toBeLessThan(text.length);
  });

  it('answers a declared Content-Length over the limit with 413 at once, and closes the connection', async () => {
    // Fifty megabytes announced, a few bytes sent: the rest never comes, and the answer must not wait for it.
    const answer = await rawExchange(
      t.server.url,
      'POST',
      '/chatbots',
      ['Content-Type: application/json', `Authorization: Bearer ${KEYS.acmeWeb}`, 'Content-Length: 50000000'],
      '{"name":"',
    );
    expect([answer.status, answer.headers.get('connection')]).toEqual([413, 'close']);
    expect(JSON.parse(answer.text).type).toBe(`${PROBLEM}payload-too-large`);
  });

  it('refuses two Authorization headers as a malformed key (401), even with a valid key first', async () => {
    const answer = await rawExchange(t.server.url, 'GET', '/chatbots', [
      'Connection: close',
      `Authorization: Bearer ${KEYS.acmeWeb}`,
      `Authorization: Bearer ${KEYS.globex}`,
    ]);
    expect(answer.status).toBe(401);
    expect(JSON.parse(answer.text).detail).toMatch(/^The Authorization header is malformed\./);
  });
});

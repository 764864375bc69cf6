// Every documented error, as problem+json, and nothing stored after any of them.
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from './helpers/contract.js';
import { InMemoryChatbotStore } from '../src/state/memoryStore.js';
import type { Chatbot, Problem } from '../src/contract/types.js';
import { KEYS, startTestServer, type RequestOptions, type TestServer } from './helpers/server.js';

const PROBLEM = 'https://chatbots.example/problems/';
const { maxBodyBytes } = contract.rules;

/** settings nested `levels` deep, the settings object itself being level 1. */
function nested(levels: number): Record<string, unknown> {
  let value: Record<string, unknown> = { theme: 'dark' };
  for (let level = 1; level < levels; level++) value = { theme: 'dark', inner: value };
  return value;
}

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
  await t.client.create(KEYS.acmeWeb, { name: 'Existing' });
  await t.client.create(KEYS.globex, { name: 'Existing too' });
});
afterAll(() => t.close());

type Case = [label: string, method: string, path: string, options: RequestOptions, status: number, type: string];
const json = (raw: string): RequestOptions => ({
  key: KEYS.acmeWeb,
  raw,
  headers: { 'content-type': 'application/json' },
});
const body = (value: unknown): RequestOptions => ({ key: KEYS.acmeWeb, json: value });

const REJECTED: Case[] = [
  ['truncated JSON', 'POST', '/chatbots', json('{"name": "Half'), 400, 'malformed-json'],
  ['a trailing comma', 'POST', '/chatbots', json('{"name": "Bot",}'), 400, 'malformed-json'],
  ['single quotes', 'POST', '/chatbots', json("{'name': 'Bot'}"), 400, 'malformed-json'],
  ['a byte-order mark', 'POST', '/chatbots', json('\uFEFF{"name": "Bot"}'), 400, 'malformed-json'],
  [
    'text/plain',
    'POST',
    '/chatbots',
    { key: KEYS.acmeWeb, raw: '{"name":"Bot"}', headers: { 'content-type': 'text/plain' } },
    415,
    'unsupported-media-type',
  ],
  [
    'no content type',
    'POST',
    '/chatbots',
    { key: KEYS.acmeWeb, raw: new TextEncoder().encode('{"name":"Bot"}') },
    415,
    'unsupported-media-type',
  ],
  [
    'a form',
    'POST',
    '/chatbots',
    { key: KEYS.acmeWeb, raw: 'name=Bot', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
    415,
    'unsupported-media-type',
  ],
  [
    'a latin1 charset',
    'POST',
    '/chatbots',
    { key: KEYS.acmeWeb, raw: '{"name":"Bot"}', headers: { 'content-type': 'application/json; charset=latin1' } },
    415,
    'unsupported-media-type',
  ],
  [
    'an unknown content encoding',
    'POST',
    '/chatbots',
    {
      key: KEYS.acmeWeb,
      raw: '{"name":"Bot"}',
      headers: { 'content-type': 'application/json', 'content-encoding': 'zstd-ish' },
    },
    415,
    'unsupported-media-type',
  ],
  [
    'a body one byte over the limit',
    'POST',
    '/chatbots',
    json(JSON.stringify({ name: 'Big', settings: { prompt: 'p'.repeat(maxBodyBytes) } }).slice(0, maxBodyBytes + 1)),
    413,
    'payload-too-large',
  ],
  ['a huge body', 'POST', '/chatbots', json('x'.repeat(5_000_000)), 413, 'payload-too-large'],
  ['a huge body on GET', 'GET', '/chatbots', json('x'.repeat(maxBodyBytes + 1)), 413, 'payload-too-large'],
  ['no body', 'POST', '/chatbots', { key: KEYS.acmeWeb }, 422, 'validation-failed'],
  ['an empty JSON body', 'POST', '/chatbots', json(''), 422, 'validation-failed'],
  ['an empty object', 'POST', '/chatbots', body({}), 422, 'validation-failed'],
  ['a JSON array', 'POST', '/chatbots', body([{ name: 'Bot' }]), 422, 'validation-failed'],
  ['a JSON string', 'POST', '/chatbots', body('Bot'), 422, 'validation-failed'],
  ['JSON null', 'POST', '/chatbots', json('null'), 422, 'validation-failed'],
  ['a numeric name', 'POST', '/chatbots', body({ name: 42 }), 422, 'validation-failed'],
  ['a null name', 'POST', '/chatbots', body({ name: null }), 422, 'validation-failed'],
  ['an empty name', 'POST', '/chatbots', body({ name: '' }), 422, 'validation-failed'],
  ['a blank name', 'POST', '/chatbots', body({ name: ' \t\n ' }), 422, 'validation-failed'],
  ['a name of 201 characters', 'POST', '/chatbots', body({ name: 'x'.repeat(201) }), 422, 'validation-failed'],
  ['settings as an array', 'POST', '/chatbots', body({ name: 'Bot', settings: ['dark'] }), 422, 'validation-failed'],
  ['settings as a string', 'POST', '/chatbots', body({ name: 'Bot', settings: 'dark' }), 422, 'validation-failed'],
  ['a numeric theme', 'POST', '/chatbots', body({ name: 'Bot', settings: { theme: 1 } }), 422, 'validation-failed'],
  ['a null theme', 'POST', '/chatbots', body({ name: 'Bot', settings: { theme: null } }), 422, 'validation-failed'],
  ['settings 9 levels deep', 'POST', '/chatbots', body({ name: 'Bot', settings: nested(9) }), 422, 'validation-failed'],
  [
    'settings 20,000 levels deep',
    'POST',
    '/chatbots',
    json(`{"name":"Bot","settings":{"a":${'['.repeat(20_000)}${']'.repeat(20_000)}}}`),
    422,
    'validation-failed',
  ],
  [
    'an unknown top-level field',
    'POST',
    '/chatbots',
    body({ name: 'Bot', is_active: false }),
    422,
    'validation-failed',
  ],
  [
    'a __proto__ field',
    'POST',
    '/chatbots',
    json('{"name":"Bot","__proto__":{"polluted":true}}'),
    422,
    'validation-failed',
  ],
  ['an unknown path', 'GET', '/chatbot', { key: KEYS.acmeWeb }, 404, 'not-found'],
  [
    'a path below /chatbots',
    'GET',
    '/chatbots/3f0b8c52-7d1e-4a9b-9c2f-5e6d7a8b9c01',
    { key: KEYS.acmeWeb },
    404,
    'not-found',
  ],
  ['DELETE', 'DELETE', '/chatbots', { key: KEYS.acmeWeb }, 405, 'method-not-allowed'],
  ['PUT', 'PUT', '/chatbots', body({ name: 'Bot' }), 405, 'method-not-allowed'],
  ['PATCH', 'PATCH', '/chatbots', body({ name: 'Bot' }), 405, 'method-not-allowed'],
];

describe('rejected requests', () => {
  it.each(REJECTED)(
    '%s: %s %s answers the documented problem and stores nothing',
    async (_l, method, path, options, status, type) => {
      const before = await t.client.snapshot();
      const response = await t.client.request<Problem>(method, path, options);
      expect(response.status).toBe(status);
      expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(response.body).toMatchObject({ type: PROBLEM + type, status });
      expect(response.text).not.toMatch(/\n\s+at |node_modules|\.ts:\d/); // no stack traces
      expect(await t.client.snapshot()).toEqual(before);
      expect((await t.client.create(KEYS.acmeMobile, { name: 'Still serving' })).status).toBe(201);
    },
  );

  it('reports every problem of a request at once, each with location, code and message', async () => {
    const response = await t.client.request<Problem>(
      'POST',
      '/chatbots',
      body({ nme: 'Typo', settings: { theme: 7 } }),
    );
    expect(response.status).toBe(422);
    expect(response.body.validation).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ location: ['body'], code: 'required' }),
        expect.objectContaining({ location: ['body', 'nme'], code: 'additionalProperties' }),
        expect.objectContaining({ location: ['body', 'settings', 'theme'], code: 'type' }),
      ]),
    );
    expect(response.body.validation).toHaveLength(3);
  });

  it('names the depth limit when settings nest too deep, and accepts exactly 8 levels', async () => {
    const deep = await t.client.request<Problem>('POST', '/chatbots', body({ name: 'Deep', settings: nested(9) }));
    expect(deep.body.validation).toEqual([
      { location: ['body', 'settings'], code: 'maxDepth', message: 'must not nest deeper than 8 levels' },
    ]);
    const limit = await t.client.create(KEYS.acmeWeb, { name: 'Eight', settings: nested(8) });
    expect(limit.status).toBe(201);
    expect(limit.body.data.settings).toEqual({ ...contract.rules.defaultSettings, ...nested(8) });
  });

  it('checks in the documented order: the first failing check decides the answer', async () => {
    const huge = 'x'.repeat(maxBodyBytes + 1);
    const text = { 'content-type': 'text/plain' };
    const cases: [method: string, path: string, options: RequestOptions, status: number][] = [
      ['POST', '/chatbot', { raw: huge, headers: text }, 404], // path before method, size and key
      ['PUT', '/chatbots', { raw: huge, headers: text }, 405], // method before size and key
      ['POST', '/chatbots', { raw: huge, headers: text }, 413], // size before key and media type
      ['POST', '/chatbots', { raw: '{', headers: text }, 401], // key before media type and syntax
      ['POST', '/chatbots', { key: KEYS.acmeWeb, raw: '{', headers: text }, 415], // media type before syntax
      [
        'POST',
        '/chatbots',
        { key: KEYS.acmeWeb, raw: '{"name": 7', headers: { 'content-type': 'application/json' } },
        400,
      ],
    ];
    for (const [method, path, options, status] of cases) {
      const response = await t.client.request<Problem>(method, path, options);
      expect(`${method} ${path} → ${response.status}`).toBe(`${method} ${path} → ${status}`);
    }
  });

  it('answers 405 with an Allow header listing the methods of the path', async () => {
    const response = await t.client.request('DELETE', '/chatbots', { key: KEYS.acmeWeb });
    expect(response.headers.get('allow')).toBe('GET, POST');
  });

  it('answers 404 outside /api too', async () => {
    const response = await fetch(t.server.url.replace(/\/api$/, '/elsewhere'));
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  });

  it('sends no X-Powered-By header', async () => {
    const ok = await t.client.list(KEYS.acmeWeb);
    const bad = await t.client.request('GET', '/chatbots');
    for (const response of [ok, bad]) expect(response.headers.has('x-powered-by')).toBe(false);
  });
});

describe('CORS', () => {
  it('answers a preflight from any origin, allowing Authorization and Content-Type', async () => {
    const response = await t.client.request('OPTIONS', '/chatbots', {
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-methods')).toContain('POST');
    expect(response.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization');
    expect(response.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('content-type');
  });

  it('allows any origin on real answers, errors included', async () => {
    const headers = { origin: 'http://localhost:3000' };
    const ok = await t.client.request('GET', '/chatbots', { key: KEYS.acmeWeb, headers });
    const unauthorized = await t.client.request('GET', '/chatbots', { headers });
    for (const response of [ok, unauthorized]) {
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
    }
  });
});

describe('a response that would break the contract', () => {
  /** A store with a bug: the chatbot it creates lacks is_active. */
  class BrokenStore extends InMemoryChatbotStore {
    override async create(...args: Parameters<InMemoryChatbotStore['create']>) {
      const { is_active: _dropped, ...rest } = await super.create(...args);
      return rest as Chatbot & { is_active: true };
    }
  }
  /** A store that fails outright. */
  class FailingStore extends InMemoryChatbotStore {
    override async create(): Promise<never> {
      throw new Error('disk on fire at /var/secret/path');
    }
  }

  it('becomes a 500 problem and a loud log line, never a 200', async () => {
    const lines: string[] = [];
    const logger = pino({}, { write: (line: string) => lines.push(line) });
    const broken = await startTestServer({ store: new BrokenStore(), logger });
    try {
      const response = await broken.client.create(KEYS.acmeWeb, { name: 'Broken when created' });
      expect(response.status).toBe(500);
      expect(response.body).toMatchObject({ type: `${PROBLEM}internal-error`, status: 500 });
      const logged = lines.map((line) => JSON.parse(line) as { level: number; msg: string; operationId?: string });
      expect(logged).toContainEqual(
        expect.objectContaining({
          level: 50,
          operationId: 'createChatbot',
          msg: expect.stringMatching(/BREAKS THE CONTRACT/),
        }),
      );
    } finally {
      await broken.close();
    }
  });

  it('is sent as it is with --no-validate-responses, which trades the check for speed', async () => {
    const unchecked = await startTestServer({ store: new BrokenStore(), validateResponses: false });
    try {
      await expect(unchecked.client.create(KEYS.acmeWeb, { name: 'Unchecked' })).rejects.toThrow(/is_active/);
    } finally {
      await unchecked.close();
    }
  });

  it('answers 500 without internal messages when the store fails', async () => {
    const failing = await startTestServer({ store: new FailingStore() });
    try {
      const response = await failing.client.create(KEYS.acmeWeb, { name: 'Doomed' });
      expect(response.status).toBe(500);
      expect(response.text).not.toMatch(/fire|secret|\/var|at /);
      expect((await failing.client.list(KEYS.acmeWeb)).status).toBe(200);
    } finally {
      await failing.close();
    }
  });
});

// Latency and faults: none by default; Prefer headers per request; --delay and --fault-rate globally.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parsePreferences } from './faults.js';
import { contract } from '../../../test/helpers/contract.js';
import { KEYS, startTestServer, type TestServer } from '../../../test/helpers/server.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const example = (status: string) =>
  (contract.document.components!.responses as Record<string, { content: Record<string, { example: unknown }> }>)[
    status
  ]!.content['application/problem+json']!.example;

describe('Prefer: code=NNN', () => {
  it.each([
    ['401', 'Unauthorized'],
    ['413', 'PayloadTooLarge'],
    ['415', 'UnsupportedMediaType'],
    ['422', 'ValidationFailed'],
    ['500', 'InternalError'],
  ])('answers %s with its documented example, storing nothing', async (code, component) => {
    const before = await t.client.snapshot();
    const response = await t.client.request('POST', '/chatbots', {
      key: KEYS.acmeWeb,
      json: { name: 'Never stored' },
      headers: { prefer: `code=${code}` },
    });
    expect(response.status).toBe(Number(code));
    expect(response.body).toEqual(example(component));
    expect(response.headers.get('preference-applied')).toBe(`code=${code}`);
    expect(await t.client.snapshot()).toEqual(before);
  });

  it('answers a success code with its example, without storing it', async () => {
    const before = await t.client.snapshot();
    const response = await t.client.request<{ data: { name: string } }>('POST', '/chatbots', {
      key: KEYS.acmeWeb,
      json: { name: 'Not this one' },
      headers: { prefer: 'code=201' },
    });
    expect(response.status).toBe(201);
    expect(response.body.data.name).toBe('Support Assistant'); // the first named example, as Prism picks
    expect(await t.client.snapshot()).toEqual(before);
  });

  it('ignores a code the operation does not document', async () => {
    const response = await t.client.request('GET', '/chatbots', { key: KEYS.acmeWeb, headers: { prefer: 'code=422' } });
    expect(response.status).toBe(200);
    expect(response.headers.has('preference-applied')).toBe(false);
  });
});

describe('Prefer: delay and fault', () => {
  it('delays one answer by delay=MS', async () => {
    const started = performance.now();
    const response = await t.client.request('GET', '/chatbots', {
      key: KEYS.acmeWeb,
      headers: { prefer: 'delay=300' },
    });
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    expect(response.headers.get('preference-applied')).toBe('delay=300');
  });

  it('drops the connection with fault=reset, storing nothing', async () => {
    const before = await t.client.snapshot();
    await expect(
      t.client.request('POST', '/chatbots', {
        key: KEYS.acmeWeb,
        json: { name: 'x' },
        headers: { prefer: 'fault=reset' },
      }),
    ).rejects.toThrow(/socket hang up|ECONNRESET/);
    expect(await t.client.snapshot()).toEqual(before);
  });
});

describe('--delay and --fault-rate', () => {
  it('delays every /api answer by --delay MIN-MAX', async () => {
    const slow = await startTestServer({ delay: [200, 250] });
    try {
      const started = performance.now();
      expect((await slow.client.list(KEYS.acmeWeb)).status).toBe(200);
      expect(performance.now() - started).toBeGreaterThanOrEqual(195);
    } finally {
      await slow.close();
    }
  });

  it('fails every request at --fault-rate 1, with a 500 problem or a dropped connection', async () => {
    const chaos = await startTestServer({ faultRate: 1 });
    try {
      const outcomes = new Set<string>();
      for (let i = 0; i < 20; i++) {
        try {
          const response = await chaos.client.request('POST', '/chatbots', {
            key: KEYS.acmeWeb,
            json: { name: `c${i}` },
          });
          expect(response.status).toBe(500);
          outcomes.add('500');
        } catch (error) {
          expect(String(error)).toMatch(/socket hang up|ECONNRESET/);
          outcomes.add('reset');
        }
      }
      expect(outcomes).toEqual(new Set(['500', 'reset']));
    } finally {
      await chaos.close();
    }
    const calm = await startTestServer({ faultRate: 0 });
    try {
      expect((await calm.client.list(KEYS.acmeWeb)).status).toBe(200);
    } finally {
      await calm.close();
    }
  });
});

describe('parsing', () => {
  it('reads Prefer headers', () => {
    expect([...parsePreferences('code=404, delay="20"; foo, fault=reset')]).toEqual([
      ['code', '404'],
      ['delay', '20'],
      ['fault', 'reset'],
    ]);
  });
});

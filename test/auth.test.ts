// openapi.yaml, "Authentication" and bearerAuth: every request needs `Authorization: Bearer <API_KEY>`; anything else
// is 401.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEYS, startTestServer, type TestServer } from './helpers/server.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
  await t.client.create(KEYS.acmeWeb, { name: 'Existing' });
});
afterAll(() => t.close());

const BAD_AUTHORIZATION: [string, string | undefined][] = [
  ['no header', undefined],
  ['an empty header', ''],
  ['the scheme alone', 'Bearer'],
  ['the scheme and a space', 'Bearer '],
  ['another scheme', `Basic ${Buffer.from('user:pass').toString('base64')}`],
  ['the key without a scheme', KEYS.acmeWeb],
  ['a lower-case scheme', `bearer ${KEYS.acmeWeb}`],
  ['an upper-case scheme', `BEARER ${KEYS.acmeWeb}`],
  ['two spaces', `Bearer  ${KEYS.acmeWeb}`],
  ['a tab', `Bearer\t${KEYS.acmeWeb}`],
  ['two keys', `Bearer ${KEYS.acmeWeb} ${KEYS.globex}`],
  ['a key without the sk_live_ prefix', 'Bearer acme_web_0001'],
  ['a test-mode prefix', 'Bearer sk_test_acme_web_0001'],
  ['an upper-case key', `Bearer ${KEYS.acmeWeb.toUpperCase()}`],
  ['an unknown key', 'Bearer sk_live_unknown_0001'],
  ['a known key with a character more', `Bearer ${KEYS.acmeWeb}x`],
  ['a known key with a character less', `Bearer ${KEYS.acmeWeb.slice(0, -1)}`],
  ['a very long key', `Bearer sk_live_${'a'.repeat(8000)}`],
];

describe('authentication', () => {
  it.each(BAD_AUTHORIZATION)('answers 401 problem+json to %s, and stores nothing', async (_label, authorization) => {
    const before = await t.client.snapshot();
    const headers: Record<string, string> = authorization === undefined ? {} : { authorization };
    for (const request of [
      t.client.request('GET', '/chatbots', { headers }),
      t.client.request('POST', '/chatbots', { headers, json: { name: 'Intruder' } }),
    ]) {
      const response = await request;
      expect(response.status).toBe(401);
      expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(response.headers.get('www-authenticate')).toMatch(/^Bearer /);
      expect(response.body).toMatchObject({ status: 401, type: 'https://chatbots.example/problems/unauthorized' });
    }
    expect(await t.client.snapshot()).toEqual(before);
  });

  it('checks the key before the body: a bad body with a bad key is 401', async () => {
    const response = await t.client.request('POST', '/chatbots', {
      headers: { authorization: 'Bearer sk_live_nope', 'content-type': 'text/plain' },
      raw: '{not json',
    });
    expect(response.status).toBe(401);
  });

  it('says what is wrong in detail, without echoing the key', async () => {
    const missing = await t.client.request('GET', '/chatbots');
    expect((missing.body as { detail: string }).detail).toMatch(/missing/);
    const unknown = await t.client.request('GET', '/chatbots', { key: 'sk_live_secret_guess' });
    expect((unknown.body as { detail: string }).detail).toMatch(/not known/);
    expect(unknown.text).not.toContain('sk_live_secret_guess');
  });

  it('accepts every key of the keys file', async () => {
    for (const key of Object.values(KEYS)) expect((await t.client.list(key)).status).toBe(200);
  });
});

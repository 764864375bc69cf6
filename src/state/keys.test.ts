// Unit tests of the keys file and of key checking.
import { describe, expect, it } from 'vitest';
import { createAuthenticator } from './authenticator.js';
import { DEMO_KEYS, keyLookup, KeysFileError, parseKeys } from './keys.js';
import { readKeysFile } from './keysFile.js';
import { KEYS_FILE } from '../../test/helpers/server.js';

describe('parseKeys', () => {
  it('flattens accounts and projects into one entry per key', () => {
    expect(readKeysFile(KEYS_FILE)).toEqual([
      { key: 'sk_live_acme_web_0001', accountId: 'acme', projectId: 'acme-web' },
      { key: 'sk_live_acme_mobile_0001', accountId: 'acme', projectId: 'acme-mobile' },
      { key: 'sk_live_globex_0001', accountId: 'globex', projectId: 'globex-main' },
    ]);
    expect(parseKeys(DEMO_KEYS)).toHaveLength(3);
  });

  const project = (api_keys: unknown[], id = 'p1') => ({ id, api_keys });
  it.each([
    ['not an object', [], /"accounts" array/],
    ['no accounts', { accounts: [] }, /empty/],
    ['an account without id', { accounts: [{ projects: [] }] }, /accounts\[0\] needs a non-empty string "id"/],
    ['an account without projects', { accounts: [{ id: 'a' }] }, /account "a"\) needs a "projects" array/],
    [
      'a project without api_keys',
      { accounts: [{ id: 'a', projects: [{ id: 'p1' }] }] },
      /project "p1"\) needs an "api_keys" array/,
    ],
    [
      'a key without the prefix',
      { accounts: [{ id: 'a', projects: [project(['pk_live_1'])] }] },
      /api_keys\[0\] \(project "p1"\) does not start with "sk_live_"/,
    ],
    ['a bare prefix', { accounts: [{ id: 'a', projects: [project(['sk_live_'])] }] }, /needs characters after/],
    ['a key with a space', { accounts: [{ id: 'a', projects: [project(['sk_live_a b'])] }] }, /no white space/],
    ['a number as key', { accounts: [{ id: 'a', projects: [project([42])] }] }, /is not a string/],
    [
      'a key listed twice',
      { accounts: [{ id: 'a', projects: [project(['sk_live_1']), project(['sk_live_1'], 'p2')] }] },
      /listed twice \(also in project "p1"\)/,
    ],
    [
      'an account listed twice',
      {
        accounts: [
          { id: 'a', projects: [] },
          { id: 'a', projects: [] },
        ],
      },
      /account id "a" is listed twice/,
    ],
    [
      'a project listed twice',
      { accounts: [{ id: 'a', projects: [project([]), project([])] }] },
      /project id "p1" is listed twice/,
    ],
  ])('rejects %s, naming the problem', (_label, json, message) => {
    expect(() => parseKeys(json)).toThrow(KeysFileError);
    expect(() => parseKeys(json)).toThrow(message);
  });
});

describe('createAuthenticator', () => {
  const auth = createAuthenticator(keyLookup(parseKeys(DEMO_KEYS)));
  it('finds the project and account of a key', async () => {
    expect(await auth.authenticate('Bearer sk_live_acme_mobile_0001')).toEqual({
      ok: true,
      principal: { accountId: 'acme', projectId: 'acme-mobile' },
    });
  });
  it.each([undefined, '', 'Bearer', 'bearer sk_live_acme_web_0001', 'Bearer sk_live_acme_web_0001 ', 'Bearer x'])(
    'refuses %j',
    async (header) => expect((await auth.authenticate(header)).ok).toBe(false),
  );
});

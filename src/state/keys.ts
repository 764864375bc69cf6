// The keys file: accounts, their projects, and each project's API keys.
// A bad file stops the start, so a typo never turns into a silent 401 later.
import type { Principal } from '../contract/types.js';

export const API_KEY_PREFIX = 'sk_live_';

export interface KeysFile {
  accounts: { id: string; projects: { id: string; api_keys: string[] }[] }[];
}

/** The keys as a lookup, for an authenticator with no store (the mock). */
export function keyLookup(keys: readonly ApiKey[]): (key: string) => ApiKey | undefined {
  const byKey = new Map(keys.map((entry) => [entry.key, entry]));
  return (key) => byKey.get(key);
}

/** One API key and whom it stands for. */
export interface ApiKey extends Principal {
  key: string;
}

export class KeysFileError extends Error {
  override name = 'KeysFileError';
}

/** Built-in demo keys, used when no keys file is given. */
export const DEMO_KEYS: KeysFile = {
  accounts: [
    {
      id: 'acme',
      projects: [
        { id: 'acme-web', api_keys: ['sk_live_acme_web_0001'] },
        { id: 'acme-mobile', api_keys: ['sk_live_acme_mobile_0001'] },
      ],
    },
    { id: 'globex', projects: [{ id: 'globex-main', api_keys: ['sk_live_globex_0001'] }] },
  ],
};

/** Checks the shape of a keys document and flattens it into one entry per key. */
export function parseKeys(json: unknown): ApiKey[] {
  if (!isObject(json) || !Array.isArray(json.accounts)) fail('expected an object with an "accounts" array');
  if (json.accounts.length === 0) fail('"accounts" is empty: no key could ever be accepted');

  const keys: ApiKey[] = [];
  const keyOwners = new Map<string, string>();
  const accountIds = new Set<string>();
  const projectIds = new Set<string>();
  json.accounts.forEach((account: unknown, a) => {
    const at = `accounts[${a}]`;
    if (!isObject(account) || !isId(account.id)) fail(`${at} needs a non-empty string "id"`);
    const accountId = account.id;
    if (accountIds.has(accountId)) fail(`${at}: account id "${accountId}" is listed twice`);
    accountIds.add(accountId);
    if (!Array.isArray(account.projects)) fail(`${at} (account "${accountId}") needs a "projects" array`);
    account.projects.forEach((project: unknown, p) => {
      const pat = `${at}.projects[${p}]`;
      if (!isObject(project) || !isId(project.id)) fail(`${pat} needs a non-empty string "id"`);
      const projectId = project.id;
      if (projectIds.has(projectId)) fail(`${pat}: project id "${projectId}" is listed twice`);
      projectIds.add(projectId);
      if (!Array.isArray(project.api_keys)) fail(`${pat} (project "${projectId}") needs an "api_keys" array`);
      project.api_keys.forEach((key: unknown, k) => {
        const kat = `${pat}.api_keys[${k}] (project "${projectId}")`;
        if (typeof key !== 'string') fail(`${kat} is not a string`);
        if (!key.startsWith(API_KEY_PREFIX)) fail(`${kat} does not start with "${API_KEY_PREFIX}"`);
        if (key.length === API_KEY_PREFIX.length || /\s/.test(key)) {
          fail(`${kat} needs characters after "${API_KEY_PREFIX}" and no white space`);
        }
        const owner = keyOwners.get(key);
        if (owner !== undefined) fail(`${kat} is listed twice (also in project "${owner}")`);
        keyOwners.set(key, projectId);
        keys.push({ key, accountId, projectId });
      });
    });
  });
  return keys;
}

function fail(message: string): never {
  throw new KeysFileError(message);
}

function isId(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

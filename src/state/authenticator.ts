// Bearer API keys, looked up in a Map: V8 hashes the whole key and compares
// characters only with a key of the same hash, so the time a lookup takes says
// nothing about how much of a guessed key was right.
import { API_KEY_PREFIX, type ApiKey } from './keys.js';
import type { Principal } from '../contract/types.js';

export type AuthResult = { ok: true; principal: Principal } | { ok: false; detail: string };

export interface Authenticator {
  authenticate(authorization: string | undefined): AuthResult;
}

// Exactly "Bearer", one space, and a key without white space (see openapi.yaml).
const BEARER = /^Bearer (\S+)$/;

export function createAuthenticator(keys: readonly ApiKey[]): Authenticator {
  const byKey = new Map<string, Principal>();
  for (const { key, accountId, projectId } of keys) byKey.set(key, { accountId, projectId });

  return {
    authenticate(authorization) {
      if (authorization === undefined || authorization === '') {
        return { ok: false, detail: 'The Authorization header is missing. Send `Authorization: Bearer <API_KEY>`.' };
      }
      const key = BEARER.exec(authorization)?.[1];
      if (key === undefined) {
        return {
          ok: false,
          detail: 'The Authorization header is malformed. Send exactly `Bearer`, one space, and the API key.',
        };
      }
      if (!key.startsWith(API_KEY_PREFIX)) {
        return { ok: false, detail: `The API key is malformed: API keys start with \`${API_KEY_PREFIX}\`.` };
      }
      const principal = byKey.get(key);
      return principal ? { ok: true, principal } : { ok: false, detail: 'The API key is not known.' };
    },
  };
}

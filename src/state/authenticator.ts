// Bearer API keys: the header's form is checked here, and the key is looked up
// where the keys live (the store). In memory and SQLite that is a Map: V8 hashes
// the whole key and compares characters only with a key of the same hash, so the
// time a lookup takes says nothing about how much of a guessed key was right.
import { API_KEY_PREFIX } from './keys.js';
import type { Principal } from '../contract/types.js';

export type AuthResult = { ok: true; principal: Principal } | { ok: false; detail: string };

export interface Authenticator {
  authenticate(authorization: string | undefined): Promise<AuthResult>;
}

/** Whom a key stands for (the store's principalOf, or a Map of the keys file); undefined when unknown. */
export type KeyLookup = (key: string) => Promise<Principal | undefined> | Principal | undefined;

// Exactly "Bearer", one space, and a key without white space (see openapi.yaml).
const BEARER = /^Bearer (\S+)$/;

/** The key of an Authorization header of the contract's form, `Bearer <key>`; undefined for any other. */
export function bearerKey(authorization: string | undefined): string | undefined {
  return BEARER.exec(authorization ?? '')?.[1];
}

export function createAuthenticator(lookup: KeyLookup): Authenticator {
  return {
    async authenticate(authorization) {
      if (authorization === undefined || authorization === '') {
        return { ok: false, detail: 'The Authorization header is missing. Send `Authorization: Bearer <API_KEY>`.' };
      }
      const key = bearerKey(authorization);
      if (key === undefined) {
        return {
          ok: false,
          detail: 'The Authorization header is malformed. Send exactly `Bearer`, one space, and the API key.',
        };
      }
      if (!key.startsWith(API_KEY_PREFIX)) {
        return { ok: false, detail: `The API key is malformed: API keys start with \`${API_KEY_PREFIX}\`.` };
      }
      const found = await lookup(key);
      return found
        ? { ok: true, principal: { accountId: found.accountId, projectId: found.projectId } }
        : { ok: false, detail: 'The API key is not known.' };
    },
  };
}

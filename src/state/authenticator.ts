// Bearer API keys: the header's form is checked here, and the key is looked up
// where the keys live (the store). In memory and SQLite that is a Map: V8 hashes
// the whole key and compares characters only with a key of the same hash, so the
// time a lookup takes says nothing about how much of a guessed key was right.
import { API_KEY_PREFIX } from './keys.js';
import type { Principal } from '../contract/types.js';

export type AuthResult = { ok: true; principal: Principal } | { ok: false; detail: string };

export interface Authenticator {
  /**
   * An Authorization header of the form `Bearer <key>`; the key must start with `prefix` (default sk_live_). `exact`
   * (the default) is the built-in contract's decision: the word `Bearer` as written, one space; otherwise the scheme
   * is read as RFC 9110 reads it, in any case, and one space or more.
   */
  authenticate(authorization: string | undefined, prefix?: string, exact?: boolean): Promise<AuthResult>;
  /** A key sent elsewhere (a header, a query parameter, a cookie, Basic credentials' user name). */
  identify(key: string, prefix?: string): Promise<AuthResult>;
}

/** Whom a key stands for (the store's principalOf, or a Map of the keys file); undefined when unknown. */
export type KeyLookup = (key: string) => Promise<Principal | undefined> | Principal | undefined;

// Exactly "Bearer", one space, and a key without white space (see openapi.yaml).
const BEARER = /^Bearer (\S+)$/;
// RFC 9110 §11.1: an auth-scheme is case-insensitive; §11.4: one space or more before the credentials.
const ANY_CASE_BEARER = /^bearer +(\S+)$/i;

/** The key of an Authorization header of the form `Bearer <key>` (`exact`: as written); undefined for any other. */
export function bearerKey(authorization: string | undefined, exact = true): string | undefined {
  return (exact ? BEARER : ANY_CASE_BEARER).exec(authorization ?? '')?.[1];
}

export function createAuthenticator(lookup: KeyLookup): Authenticator {
  const identify = async (key: string, prefix = ''): Promise<AuthResult> => {
    if (!key.startsWith(prefix)) {
      return { ok: false, detail: `The API key is malformed: API keys start with \`${prefix}\`.` };
    }
    const found = await lookup(key);
    return found
      ? { ok: true, principal: { accountId: found.accountId, projectId: found.projectId } }
      : { ok: false, detail: 'The API key is not known.' };
  };
  return {
    identify,
    async authenticate(authorization, prefix = API_KEY_PREFIX, exact = true) {
      if (authorization === undefined || authorization === '') {
        return { ok: false, detail: 'The Authorization header is missing. Send `Authorization: Bearer <API_KEY>`.' };
      }
      const key = bearerKey(authorization, exact);
      if (key === undefined) {
        return {
          ok: false,
          detail: 'The Authorization header is malformed. Send exactly `Bearer`, one space, and the API key.',
        };
      }
      return identify(key, prefix);
    },
  };
}

// Where verify sends a key: where the operation's security says
// (src/contract/security.ts), as a client would. A Bearer token or an OAuth 2
// access token in `Authorization: Bearer`; Basic credentials as
// `user:password` (a key without a colon is the user name, with no password);
// an apiKey scheme's header, query parameter or cookie. A request no operation
// matches carries the key where the document's own security puts it, else as
// a Bearer token.
import type { Contract } from '../contract/contract.js';
import { keyPlacesOf, type KeyPlace } from '../contract/security.js';
import { pathOnly, type TestCase } from './cases.js';

/** The user name and password Basic credentials send for a key. */
export function basicCredentials(key: string): string {
  return key.includes(':') ? key : `${key}:`;
}

/** The case with `key` where the operation it names takes one; as it is where that operation takes none. */
export function withCredentials(contract: Contract, testCase: TestCase, key: string): TestCase {
  const match = contract.router.match(testCase.method, pathOnly(testCase.path));
  const places =
    match.kind === 'operation' ? match.operation.keyPlaces : keyPlacesOf(contract.dereferenced, { responses: {} });
  const fallback: KeyPlace = { in: 'bearer', name: 'Authorization' };
  const place = match.kind === 'operation' ? places[0] : (places[0] ?? fallback);
  if (!place) return testCase;
  if (place.in === 'query') {
    const joiner = testCase.path.includes('?') ? '&' : '?';
    const pair = `${encodeURIComponent(place.name)}=${encodeURIComponent(key)}`;
    return { ...testCase, path: `${testCase.path}${joiner}${pair}` };
  }
  const header: [string, string] =
    place.in === 'bearer'
      ? ['Authorization', `Bearer ${key}`]
      : place.in === 'basic'
        ? ['Authorization', `Basic ${Buffer.from(basicCredentials(key)).toString('base64')}`]
        : place.in === 'cookie'
          ? ['Cookie', `${place.name}=${key}`]
          : [place.name, key];
  return { ...testCase, headers: { [header[0]]: header[1], ...testCase.headers } };
}

// When most requests the contract wants accepted fail alike, the likely cause
// is the set-up, not the service: say so once, before the failures.
import type { KeyRole } from './cases.js';

const MOSTLY = 0.8;

export function setUpHints(
  acceptedStatuses: ReadonlyMap<number, number>,
  baseUrl: string,
  keys: Partial<Record<KeyRole, string>>,
): string[] {
  const total = [...acceptedStatuses.values()].reduce((sum, count) => sum + count, 0);
  if (total < 3) return [];
  const share = (status: number) => (acceptedStatuses.get(status) ?? 0) / total;
  const hints: string[] = [];
  if (share(404) >= MOSTLY) {
    const path = new URL(baseUrl).pathname.replace(/\/+$/, '');
    hints.push(
      path.endsWith('/api')
        ? `nearly every valid request got 404: is ${baseUrl} the API's address? It must be the base URL the ` +
            `contract's paths hang from.`
        : `nearly every valid request got 404: the base URL must end in /api (try ${baseUrl.replace(/\/+$/, '')}/api).`,
    );
  }
  if (share(401) >= MOSTLY) {
    hints.push(
      `nearly every valid request got 401: the key was refused. Check the key (and ` +
        `${keys.sameAccount || keys.otherAccount ? 'the other keys' : 'that it is a key of this deployment'}).`,
    );
  }
  if (share(409) >= MOSTLY)
    hints.push(
      'nearly every create got 409: the account is full. Use a key of another account, or a server with a higher ' +
        'limit.',
    );
  return hints;
}

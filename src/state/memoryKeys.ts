// The keys in memory, by key, with the account each project belongs to: the
// memory store's, and the index the SQLite store keeps in front of its file.
import type { Principal } from '../contract/types.js';
import type { ApiKey } from './keys.js';
import { checkKeyOwners } from './store.js';

export class MemoryKeys {
  #keys = new Map<string, ApiKey>();
  #projects = new Map<string, string>();

  /** Adds the keys not held yet; refuses, adding none, a project that would change account. */
  add(keys: readonly ApiKey[]): void {
    checkKeyOwners(this.#projects, keys);
    for (const key of keys) {
      if (this.#keys.has(key.key)) continue;
      this.#keys.set(key.key, { key: key.key, accountId: key.accountId, projectId: key.projectId });
      this.#projects.set(key.projectId, key.accountId);
    }
  }

  principalOf(key: string): Principal | undefined {
    const found = this.#keys.get(key);
    return found && { accountId: found.accountId, projectId: found.projectId };
  }

  /** Every key, in the order they were added. */
  all(): ApiKey[] {
    return [...this.#keys.values()];
  }
}

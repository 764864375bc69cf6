// The in-memory store: the default, and the index the SQLite store keeps in
// front of its file. One append-only list per account: listing never looks at
// other tenants, and insertion order is creation order.
import type { Chatbot, CreatedChatbot, Principal } from '../contract/types.js';
import type { ApiKey } from './keys.js';
import { AccountFullError, checkKeyOwners, newChatbot, type ChatbotStore, type NewChatbot, type StoredChatbot, type StoreHealth } from './store.js';

export interface MemoryStoreContents {
  keys?: readonly ApiKey[];
  chatbots?: readonly StoredChatbot[];
}

export class InMemoryChatbotStore implements ChatbotStore {
  readonly kind: ChatbotStore['kind'] = 'memory';
  #byAccount = new Map<string, StoredChatbot[]>();
  #all: StoredChatbot[] = [];
  // What listByAccount hands out, built once per change of the account.
  #snapshots = new Map<string, readonly Chatbot[]>();
  // Each account's chatbots as JSON, comma-joined, appended to as they are created: the
  // first list after a create costs the new chatbot's serialization, not the whole list's.
  #serialized = new Map<string, string>();
  #keys = new Map<string, ApiKey>();
  #projects = new Map<string, string>();

  /** Chatbots only (an array, the older form), or keys and chatbots. */
  constructor(contents: readonly StoredChatbot[] | MemoryStoreContents = {}) {
    const { keys = [], chatbots = [] } = Array.isArray(contents) ? { chatbots: contents } : (contents as MemoryStoreContents);
    this.insertKeys(keys);
    for (const record of chatbots) this.insert(record);
  }

  async create(owner: Principal, input: NewChatbot, maxPerAccount = Infinity): Promise<CreatedChatbot> {
    if (this.countOf(owner.accountId) >= maxPerAccount) throw new AccountFullError(owner.accountId, maxPerAccount);
    const chatbot = newChatbot(input);
    this.insert({ accountId: owner.accountId, projectId: owner.projectId, chatbot });
    return chatbot;
  }

  async listByAccount(accountId: string): Promise<readonly Chatbot[]> {
    return this.listNow(accountId);
  }

  async listJson(accountId: string): Promise<string> {
    return `[${this.#serialized.get(accountId) ?? ''}]`;
  }

  async all(): Promise<readonly StoredChatbot[]> {
    return this.#all;
  }

  async start(keys: readonly ApiKey[], seed: readonly StoredChatbot[]): Promise<void> {
    this.insertKeys(keys);
    if (this.#all.length === 0) for (const record of seed) this.insert(record);
  }

  async addKeys(keys: readonly ApiKey[]): Promise<void> {
    this.insertKeys(keys);
  }

  async principalOf(key: string): Promise<Principal | undefined> {
    const found = this.#keys.get(key);
    return found && { accountId: found.accountId, projectId: found.projectId };
  }

  async keys(): Promise<readonly ApiKey[]> {
    return [...this.#keys.values()];
  }

  async reset(keys: readonly ApiKey[], chatbots: readonly StoredChatbot[]): Promise<void> {
    this.resetNow(keys, chatbots);
  }

  async health(): Promise<StoreHealth> {
    return { store: this.kind, writable: true, chatbots: this.#all.length };
  }

  async close(): Promise<void> {}

  /** The account's list, synchronously: the same frozen array until the account changes. */
  protected listNow(accountId: string): readonly Chatbot[] {
    let snapshot = this.#snapshots.get(accountId);
    if (!snapshot) {
      snapshot = Object.freeze(this.#byAccount.get(accountId)?.map((record) => record.chatbot) ?? []);
      this.#snapshots.set(accountId, snapshot);
    }
    return snapshot;
  }

  protected countOf(accountId: string): number {
    return this.#byAccount.get(accountId)?.length ?? 0;
  }

  protected get size(): number {
    return this.#all.length;
  }

  protected resetNow(keys: readonly ApiKey[], chatbots: readonly StoredChatbot[]): void {
    this.#byAccount = new Map();
    this.#all = [];
    this.#snapshots = new Map();
    this.#serialized = new Map();
    this.#keys = new Map();
    this.#projects = new Map();
    this.insertKeys(keys);
    for (const record of chatbots) this.insert(record);
  }

  protected insertKeys(keys: readonly ApiKey[]): void {
    checkKeyOwners(this.#projects, keys);
    for (const key of keys) {
      if (this.#keys.has(key.key)) continue;
      this.#keys.set(key.key, { key: key.key, accountId: key.accountId, projectId: key.projectId });
      this.#projects.set(key.projectId, key.accountId);
    }
  }

  protected insert(record: StoredChatbot): void {
    const list = this.#byAccount.get(record.accountId);
    if (list) list.push(record);
    else this.#byAccount.set(record.accountId, [record]);
    this.#all.push(record);
    this.#snapshots.delete(record.accountId);
    const item = JSON.stringify(record.chatbot);
    const before = this.#serialized.get(record.accountId);
    this.#serialized.set(record.accountId, before === undefined ? item : `${before},${item}`);
  }
}

// The records of inferred resources in memory: one Map per collection and
// account, in insertion order, so that a list never looks at another tenant.
// The SQLite store keeps it as the index in front of its file.
import { AccountFullError } from './store.js';
import { isBelow, itemPath, type RecordStore, type StoredRecord } from './recordStore.js';

export class MemoryRecords implements RecordStore {
  // collection → account → id → record
  #collections = new Map<string, Map<string, Map<string, StoredRecord>>>();

  async insertRecord(record: StoredRecord, maxPerAccount = Infinity): Promise<void> {
    this.checkRoom(record, maxPerAccount);
    this.put(record);
  }

  async findRecord(accountId: string, collection: string, id: string): Promise<StoredRecord | undefined> {
    return this.#account(collection, accountId)?.get(id);
  }

  async listRecords(accountId: string, collection: string): Promise<readonly StoredRecord[]> {
    return [...(this.#account(collection, accountId)?.values() ?? [])];
  }

  async replaceRecord(accountId: string, collection: string, id: string, body: Record<string, unknown>) {
    const found = this.#account(collection, accountId)?.get(id);
    if (found) this.put({ ...found, body });
    return found !== undefined;
  }

  async removeRecord(accountId: string, collection: string, id: string): Promise<boolean> {
    return this.drop(accountId, collection, id);
  }

  async removeBelow(accountId: string, item: string): Promise<void> {
    this.dropBelow(accountId, item);
  }

  async clearRecords(accountId?: string): Promise<void> {
    this.forget(accountId);
  }

  /** Drops every record (or one account's) from memory: what a store's reset does once its own write is done. */
  forget(accountId?: string): void {
    if (accountId === undefined) this.#collections.clear();
    else for (const accounts of this.#collections.values()) accounts.delete(accountId);
  }

  /** Fails when the account's collection holds `maxPerAccount` records already. */
  protected checkRoom(record: StoredRecord, maxPerAccount: number): void {
    if ((this.#account(record.collection, record.accountId)?.size ?? 0) >= maxPerAccount)
      throw new AccountFullError(record.accountId, maxPerAccount, 'records here');
  }

  /** Keeps a record: a new one last, a replaced one in its place. */
  protected put(record: StoredRecord): void {
    const accounts = this.#collections.get(record.collection) ?? new Map<string, Map<string, StoredRecord>>();
    this.#collections.set(record.collection, accounts);
    const records = accounts.get(record.accountId) ?? new Map<string, StoredRecord>();
    accounts.set(record.accountId, records.set(record.id, Object.freeze({ ...record })));
  }

  /** Removes a record and every record below it; whether it was there. */
  protected drop(accountId: string, collection: string, id: string): boolean {
    const removed = this.#account(collection, accountId)?.delete(id) ?? false;
    if (removed) this.dropBelow(accountId, itemPath(collection, id));
    return removed;
  }

  protected dropBelow(accountId: string, item: string): void {
    for (const [collection, accounts] of this.#collections) if (isBelow(collection, item)) accounts.delete(accountId);
  }

  #account(collection: string, accountId: string): Map<string, StoredRecord> | undefined {
    return this.#collections.get(collection)?.get(accountId);
  }
}

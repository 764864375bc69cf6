// The records of inferred resources in memory: one Map per collection and
// account, in insertion order, so that a list never looks at another tenant.
// Each account's count in all is kept beside them, for its cap, and the count
// of every account's, for the cap on all a store holds (with its chatbots); a
// Map emptied by a removal is dropped, so that what made-up parents opened is
// given back. The SQLite store keeps it as the index in front of its file.
import { AccountFullError, StoreFullError } from './store.js';
import { bodyText, isBelow, itemPath, type RecordStore, type StoredRecord } from './recordStore.js';

export class MemoryRecords implements RecordStore {
  // collection → account → id → record
  #collections = new Map<string, Map<string, Map<string, StoredRecord>>>();
  // account → how many records it holds, in all its collections
  #held = new Map<string, number>();
  // how many records every account holds together
  #total = 0;

  /** `chatbots`: how many chatbots the store holds beside these records, for the cap on all it holds. */
  constructor(private readonly chatbots: () => number = () => 0) {}

  /** How many records are kept: in every account, or in one. */
  count(accountId?: string): number {
    return accountId === undefined ? this.#total : (this.#held.get(accountId) ?? 0);
  }

  async insertRecord(record: StoredRecord, maxPerAccount = Infinity, maxInAll = Infinity, maxStored = Infinity) {
    this.checkRoom(record, maxPerAccount, maxInAll, maxStored);
    bodyText(record.body); // refused here as the stores that write it refuse it
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
    if (!found) return false;
    bodyText(body);
    this.put({ ...found, body });
    return true;
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
    if (accountId === undefined) {
      this.#collections.clear();
      this.#held.clear();
      this.#total = 0;
      return;
    }
    for (const [collection, accounts] of this.#collections) this.#dropAccount(collection, accounts, accountId);
  }

  /** Fails (StoreFullError) when a write of many chatbots (a seed, an account replaced) would leave the store holding
   * more than `maxStored` with these records: `adding` chatbots, and `removing` of the chatbots and records held. */
  checkStored(adding: number, maxStored: number, removing = 0): void {
    const after = this.#total + this.chatbots() - removing + adding;
    if (after > maxStored) throw new StoreFullError(maxStored, after);
  }

  /** Fails when the account's collection holds `maxPerAccount` records already, the account `maxInAll`, or the store
   * `maxStored` with its chatbots. */
  protected checkRoom(record: StoredRecord, maxPerAccount: number, maxInAll: number, maxStored: number): void {
    if ((this.#account(record.collection, record.accountId)?.size ?? 0) >= maxPerAccount)
      throw new AccountFullError(record.accountId, maxPerAccount, 'records here');
    if ((this.#held.get(record.accountId) ?? 0) >= maxInAll)
      throw new AccountFullError(record.accountId, maxInAll, 'records in all');
    this.checkFull(maxStored);
  }

  /** Fails (StoreFullError) when the store holds `maxStored` already, these records and its chatbots together. */
  checkFull(maxStored: number): void {
    if (this.#total + this.chatbots() >= maxStored) throw new StoreFullError(maxStored);
  }

  /** Keeps a record: a new one last, a replaced one in its place. */
  protected put(record: StoredRecord): void {
    const accounts = this.#collections.get(record.collection) ?? new Map<string, Map<string, StoredRecord>>();
    this.#collections.set(record.collection, accounts);
    const records = accounts.get(record.accountId) ?? new Map<string, StoredRecord>();
    if (!records.has(record.id)) this.#count(record.accountId, 1);
    accounts.set(record.accountId, records.set(record.id, Object.freeze({ ...record })));
  }

  /** Removes a record and every record below it; whether it was there. */
  protected drop(accountId: string, collection: string, id: string): boolean {
    const accounts = this.#collections.get(collection);
    const records = accounts?.get(accountId);
    if (!accounts || !records?.delete(id)) return false;
    this.#count(accountId, -1);
    if (records.size === 0) this.#dropAccount(collection, accounts, accountId);
    this.dropBelow(accountId, itemPath(collection, id));
    return true;
  }

  protected dropBelow(accountId: string, item: string): void {
    for (const [collection, accounts] of this.#collections)
      if (isBelow(collection, item)) this.#dropAccount(collection, accounts, accountId);
  }

  /** Removes the account's records of one collection, and the collection once no account holds any. */
  #dropAccount(collection: string, accounts: Map<string, Map<string, StoredRecord>>, accountId: string): void {
    this.#count(accountId, -(accounts.get(accountId)?.size ?? 0));
    accounts.delete(accountId);
    if (accounts.size === 0) this.#collections.delete(collection);
  }

  #count(accountId: string, change: number): void {
    this.#total += change;
    const held = (this.#held.get(accountId) ?? 0) + change;
    if (held > 0) this.#held.set(accountId, held);
    else this.#held.delete(accountId);
  }

  #account(collection: string, accountId: string): Map<string, StoredRecord> | undefined {
    return this.#collections.get(collection)?.get(accountId);
  }
}

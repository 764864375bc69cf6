// The records of inferred resources in the SQLite file: each write committed
// (by the store's own transaction, `write`) before the index in memory in
// front of it changes, as the chatbots are.
import type { DatabaseSync } from 'node:sqlite';
import { MemoryRecords } from './memoryRecords.js';
import { bodyText, itemPath, recordFromRow, type RecordRow, type StoredRecord } from './recordStore.js';

export class SqliteRecords extends MemoryRecords {
  readonly #write: (work: () => void) => void;
  readonly #statements;

  /** `chatbots`: how many chatbots the store holds beside these records (MemoryRecords). */
  constructor(db: DatabaseSync, write: (work: () => void) => void, chatbots: () => number) {
    super(chatbots);
    this.#write = write;
    // eslint-disable-next-line no-restricted-syntax -- the SELECT names RecordRow's columns
    const rows = db.prepare('SELECT * FROM records ORDER BY seq').all() as unknown as RecordRow[];
    for (const row of rows) this.put(recordFromRow(row));
    const below = 'account_id = ? AND substr(collection, 1, length(?)) = ?';
    this.#statements = {
      insert: db.prepare('INSERT INTO records (collection, account_id, project_id, id, body) VALUES (?, ?, ?, ?, ?)'),
      update: db.prepare('UPDATE records SET body = ? WHERE collection = ? AND account_id = ? AND id = ?'),
      delete: db.prepare('DELETE FROM records WHERE collection = ? AND account_id = ? AND id = ?'),
      deleteBelow: db.prepare(`DELETE FROM records WHERE ${below}`),
      deleteAccount: db.prepare('DELETE FROM records WHERE account_id = ?'),
      deleteAll: db.prepare('DELETE FROM records'),
    };
  }

  override async insertRecord(
    record: StoredRecord,
    maxPerAccount = Infinity,
    maxInAll = Infinity,
    maxStored = Infinity,
  ): Promise<void> {
    this.checkRoom(record, maxPerAccount, maxInAll, maxStored);
    const { collection, accountId, projectId, id, body } = record;
    const text = bodyText(body);
    this.#write(() => this.#statements.insert.run(collection, accountId, projectId, id, text));
    this.put(record);
  }

  override async replaceRecord(accountId: string, collection: string, id: string, body: Record<string, unknown>) {
    const found = await this.findRecord(accountId, collection, id);
    if (!found) return false;
    const text = bodyText(body);
    this.#write(() => this.#statements.update.run(text, collection, accountId, id));
    this.put({ ...found, body });
    return true;
  }

  override async removeRecord(accountId: string, collection: string, id: string): Promise<boolean> {
    if (!(await this.findRecord(accountId, collection, id))) return false;
    const below = `${itemPath(collection, id)}/`;
    this.#write(() => {
      this.#statements.delete.run(collection, accountId, id);
      this.#statements.deleteBelow.run(accountId, below, below);
    });
    return this.drop(accountId, collection, id);
  }

  override async removeBelow(accountId: string, item: string): Promise<void> {
    this.#write(() => this.#statements.deleteBelow.run(accountId, `${item}/`, `${item}/`));
    this.dropBelow(accountId, item);
  }

  override async clearRecords(accountId?: string): Promise<void> {
    this.#write(() =>
      accountId === undefined ? this.#statements.deleteAll.run() : this.#statements.deleteAccount.run(accountId),
    );
    this.forget(accountId);
  }
}

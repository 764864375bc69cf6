// Where the records of inferred resources live (src/contract/resources.ts):
// any resource of a contract but the chatbots, which keep their own table.
// A record belongs to the project of the key that created it and is seen by
// that project's account. Its collection is the concrete collection path,
// each parameter's value encoded (/chatbots/3f0b…/versions), so that
// removing a record removes every record below it.

/** A record of an inferred resource, with its owner. */
export interface StoredRecord {
  accountId: string;
  projectId: string;
  /** The concrete collection path: /pets, or /chatbots/{encoded id}/versions. */
  collection: string;
  id: string;
  body: Readonly<Record<string, unknown>>;
}

export interface RecordStore {
  /** Stores a new record; rejects with AccountFullError, storing nothing, when the account holds `maxPerAccount`
   * records in its collection, or `maxInAll` in all its collections (each parameter's value a collection of its own:
   * only this bounds what made-up parents add); with StoreFullError when the store holds `maxStored` records and
   * chatbots of all accounts together. */
  insertRecord(record: StoredRecord, maxPerAccount?: number, maxInAll?: number, maxStored?: number): Promise<void>;
  /** The account's record of that id in the collection. */
  findRecord(accountId: string, collection: string, id: string): Promise<StoredRecord | undefined>;
  /** The account's records in the collection, oldest first. */
  listRecords(accountId: string, collection: string): Promise<readonly StoredRecord[]>;
  /** Replaces the body of the account's record; false when it holds none of that id. */
  replaceRecord(accountId: string, collection: string, id: string, body: Record<string, unknown>): Promise<boolean>;
  /** Removes the account's record and every record below it; false when it held no such record. */
  removeRecord(accountId: string, collection: string, id: string): Promise<boolean>;
  /** Removes every record below an item another table keeps (a chatbot's sub-resources). */
  removeBelow(accountId: string, itemPath: string): Promise<void>;
  /** Removes every record (a reset), or every record of one account. */
  clearRecords(accountId?: string): Promise<void>;
}

/** A record as a database row holds it (SQLite and PostgreSQL alike): the body as the JSON text sent. */
export interface RecordRow {
  account_id: string;
  project_id: string;
  collection: string;
  id: string;
  body: string;
}

export function recordFromRow(row: RecordRow): StoredRecord {
  return {
    accountId: row.account_id,
    projectId: row.project_id,
    collection: row.collection,
    id: row.id,
    body: JSON.parse(row.body) as Record<string, unknown>,
  };
}

/** A record's body as the JSON text a store writes. Every store makes it before anything is committed, so that a body
 * JSON cannot hold (a bigint) is refused with nothing stored, in memory too. */
export function bodyText(body: Readonly<Record<string, unknown>>): string {
  return JSON.stringify(body);
}

/** The concrete path of an item: its collection and its id, encoded as a path segment. */
export function itemPath(collection: string, id: string): string {
  return `${collection}/${encodeURIComponent(id)}`;
}

/** Whether a collection lies below an item (its path starts with the item's and a slash). */
export function isBelow(collection: string, item: string): boolean {
  return collection.startsWith(`${item}/`);
}

// --data-file FILE: the state in SQLite (node:sqlite, built into Node) on one machine. WAL with synchronous=FULL;
// the creates that arrive together are committed in one transaction, and each is answered only after that commit.
// The file is locked for as long as the server runs (locking_mode=EXCLUSIVE), so a second server on it refuses to
// start. Lists are served from the in-memory index it keeps in front of the file: with the lock, nothing else can
// change the file while it runs, and the index's counts are the file's (the caps read them). Every chatbot of a
// write is encoded before its transaction: nothing can refuse one once it is committed, and the index then takes the
// bytes made. The file is read at start, each chatbot checked by the contract's encoder: one changed behind the
// server's back makes its account's list answer a 500 problem, never a contract-breaking 200.
import type { DatabaseSync } from 'node:sqlite';
import type { ChatbotEncoder } from '../contract/encoder.js';
import type { Chatbot, CreatedChatbot, Principal } from '../contract/types.js';
import type { ApiKey } from './keys.js';
import { InMemoryChatbotStore } from './memoryStore.js';
import { inTransaction, openDatabase, sqliteCode, whyNotWritable } from './nodeSqlite.js';
import { NAME_AS_JSON, prepareStatements, SCHEMA } from './sqliteSchema.js';
import { SqliteRecords } from './sqliteRecords.js';
import {
  AccountFullError,
  fromRow,
  StoreFullError,
  newChatbot,
  StoreOpenError,
  StoreUnavailableError,
  type ChatbotRow,
  type EncodedChatbot,
  type NewChatbot,
  type StoredChatbot,
  type StoreHealth,
} from './store.js';

type SqliteRow = Omit<ChatbotRow, 'name'> & { name_json: string };

const PROBE_PADDING = '.'.repeat(16_384);

// SQLite's primary result codes (https://sqlite.org/rescode.html) that say the file cannot take a write now.
const SQLITE_BUSY = 5;
const UNAVAILABLE = new Set([
  SQLITE_BUSY,
  6 /* LOCKED */,
  8 /* READONLY */,
  10 /* IOERR */,
  11 /* CORRUPT */,
  13 /* FULL */,
  14 /* CANTOPEN */,
]);
const SQLITE_NOTADB = 26;

interface Pending {
  chatbot: EncodedChatbot;
  done(error?: unknown): void;
}

export interface SqliteOptions {
  /** Caps the file at this many pages (PRAGMA max_page_count): a full disk, rehearsed. */
  maxPages?: number;
  /** The contract's encoder (contract.encodeChatbot), to check each chatbot as the file is read. */
  encode?: ChatbotEncoder;
}

export class SqliteChatbotStore extends InMemoryChatbotStore {
  override readonly kind = 'sqlite' as const;
  readonly #db: DatabaseSync;
  readonly #statements: ReturnType<typeof prepareStatements>;
  override readonly records: SqliteRecords;
  #pending: Pending[] = [];
  // The creates waiting for their commit count against the cap on all it holds, as those committed do.
  readonly #chatbots = () => this.countOf() + this.#pending.length;
  #scheduled = false;

  private constructor(db: DatabaseSync, encode: ChatbotEncoder | undefined) {
    super();
    this.#db = db;
    this.#statements = prepareStatements(db);
    this.records = new SqliteRecords(db, (work) => this.#write(work), this.#chatbots);
    if (encode) this.useEncoder(encode);
    // node:sqlite types a row as a record of SQL values; these SELECTs name the columns the row types hold.
    const keys = db
      .prepare('SELECT key, account_id AS accountId, project_id AS projectId FROM api_keys ORDER BY seq')
      // eslint-disable-next-line no-restricted-syntax -- see above
      .all() as unknown as ApiKey[];
    this.insertKeys(keys);
    // Each chatbot checked by the encoder as it is read: one that breaks the contract is refused in its account's list.
    // eslint-disable-next-line no-restricted-syntax -- the table's columns are SqliteRow's fields (sqliteSchema.ts)
    const rows = db.prepare('SELECT * FROM chatbots ORDER BY seq').all() as unknown as SqliteRow[];
    for (const { name_json, ...row } of rows) this.load(fromRow({ ...row, name: JSON.parse(name_json) as string }));
  }

  /** Opens (or creates) the file, takes its lock, and loads it; fails with a one-line reason. */
  static open(path: string, options: SqliteOptions = {}): SqliteChatbotStore {
    let db: DatabaseSync | undefined;
    try {
      db = openDatabase(path);
      db.exec('PRAGMA locking_mode = EXCLUSIVE; PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL');
      if (options.maxPages) db.exec(`PRAGMA max_page_count = ${Math.floor(options.maxPages)}`);
      db.exec(SCHEMA); // a write: it takes the lock, and proves the file writable
      const schema = db.prepare("SELECT value FROM meta WHERE key = 'schema'").get()?.value;
      const opened = db;
      if (schema === '1') inTransaction(opened, () => opened.exec(NAME_AS_JSON));
      return new SqliteChatbotStore(db, options.encode);
    } catch (error) {
      if (db?.isOpen !== false) db?.close();
      const code = sqliteCode(error);
      if (code === SQLITE_BUSY) throw new StoreOpenError(`data file ${path} is locked: another server is using it`);
      if (code === SQLITE_NOTADB) throw new StoreOpenError(`data file ${path} is not a SQLite database of this server`);
      throw new StoreOpenError(`data file ${path} cannot be used: ${whyNotWritable(path) ?? (error as Error).message}`);
    }
  }

  override create(owner: Principal, input: NewChatbot, maxPerAccount = Infinity, maxStored = Infinity) {
    const waiting = this.#pending.filter((pending) => pending.chatbot.record.accountId === owner.accountId).length;
    if (this.countOf(owner.accountId) + waiting >= maxPerAccount)
      return Promise.reject(new AccountFullError(owner.accountId, maxPerAccount));
    if (this.#chatbots() + this.records.count() >= maxStored) return Promise.reject(new StoreFullError(maxStored));
    const chatbot = newChatbot(input);
    const record = { accountId: owner.accountId, projectId: owner.projectId, chatbot };
    return new Promise<CreatedChatbot>((resolve, reject) => {
      // Encoded now: one the encoder refuses rejects here, alone, before it joins a batch.
      for (const encoded of this.encoded([record]))
        this.#pending.push({ chatbot: encoded, done: (error) => (error ? reject(error) : resolve(chatbot)) });
      if (!this.#scheduled) {
        this.#scheduled = true;
        setImmediate(() => this.#flush());
      }
    });
  }

  override async start(keys: readonly ApiKey[], seed: readonly StoredChatbot[], encode?: ChatbotEncoder) {
    if (encode) this.useEncoder(encode);
    const seeding = this.encoded(this.countOf() === 0 ? seed : []);
    this.#write(() => {
      this.#insertKeys(keys);
      this.#insertRows(recordsOf(seeding));
    });
    this.insertKeys(keys);
    this.append(seeding);
  }

  override async addKeys(keys: readonly ApiKey[]): Promise<void> {
    this.#write(() => this.#insertKeys(keys));
    this.insertKeys(keys);
  }

  override async addChatbots(chatbots: readonly StoredChatbot[], maxStored = Infinity): Promise<void> {
    const encoded = this.encoded(chatbots);
    this.#flush(); // after the creates already answered for
    this.records.checkStored(chatbots.length, maxStored);
    this.#write(() => this.#insertRows(recordsOf(encoded)));
    this.append(encoded);
  }

  override async updateChatbot(accountId: string, chatbot: Chatbot): Promise<boolean> {
    const swap = this.editing(accountId, chatbot.id, (record) => [{ ...record, chatbot }]); // checked first
    if (!swap) return false;
    const { name, settings, is_active, created_at, id } = chatbot;
    const values = [JSON.stringify(name), JSON.stringify(settings), is_active ? 1 : 0, created_at, id, accountId];
    this.#write(() => this.#statements.updateChatbot.run(...values));
    swap();
    return true;
  }

  override async removeChatbot(accountId: string, id: string): Promise<boolean> {
    const swap = this.editing(accountId, id, () => []);
    if (!swap) return false;
    this.#write(() => this.#statements.deleteChatbot.run(id, accountId));
    swap();
    return true;
  }

  override async replaceAccount(accountId: string, chatbots: readonly StoredChatbot[], maxStored = Infinity) {
    const swap = this.replacing(accountId, chatbots); // every one checked before anything is written
    this.#flush(); // the creates already waiting are committed first, and replaced with the rest
    this.records.checkStored(chatbots.length, maxStored, this.countOf(accountId) + this.records.count(accountId));
    this.#write(() => {
      this.#statements.deleteAccount.run(accountId);
      this.#db.prepare('DELETE FROM records WHERE account_id = ?').run(accountId);
      this.#insertRows(chatbots);
    });
    swap();
    this.records.forget(accountId);
  }

  override async reset(keys: readonly ApiKey[], chatbots: readonly StoredChatbot[]): Promise<void> {
    const encoded = this.encoded(chatbots);
    this.#flush(); // the creates already answered for are committed before the reset
    this.#write(() => {
      this.#db.exec('DELETE FROM chatbots; DELETE FROM api_keys; DELETE FROM records');
      this.#insertKeys(keys);
      this.#insertRows(recordsOf(encoded));
    });
    this.resetNow(keys, encoded);
    this.records.forget();
  }

  /** Writable when a write of 16 kB (more than a large create) commits now. */
  override async health(): Promise<StoreHealth> {
    try {
      this.#write(() => this.#statements.probe.run(`${new Date().toISOString()} ${PROBE_PADDING}`));
      return { store: this.kind, writable: true, chatbots: this.countOf() };
    } catch (error) {
      return { store: this.kind, writable: false, detail: (error as Error).message, chatbots: this.countOf() };
    }
  }

  override async close(): Promise<void> {
    this.#flush();
    this.#db.close();
  }

  /** Commits every pending create in one transaction, then answers each. */
  #flush(): void {
    this.#scheduled = false;
    const batch = this.#pending.splice(0);
    if (batch.length === 0) return;
    const chatbots = batch.map((pending) => pending.chatbot); // encoded as each was created
    try {
      this.#write(() => this.#insertRows(recordsOf(chatbots)));
    } catch (error) {
      for (const pending of batch) pending.done(error);
      return;
    }
    this.append(chatbots);
    for (const pending of batch) pending.done();
  }

  #insertKeys(keys: readonly ApiKey[]): void {
    for (const { key, accountId, projectId } of keys) this.#statements.insertKey.run(key, accountId, projectId);
  }

  #insertRows(records: readonly StoredChatbot[]): void {
    for (const { accountId, projectId, chatbot } of records) {
      this.#statements.insertChatbot.run(
        chatbot.id,
        accountId,
        projectId,
        JSON.stringify(chatbot.name),
        JSON.stringify(chatbot.settings),
        chatbot.is_active ? 1 : 0,
        chatbot.created_at,
      );
    }
  }

  /** One transaction; a failure to commit (a full disk, a read-only file) is the store's, not the client's. */
  #write(work: () => void): void {
    try {
      inTransaction(this.#db, work);
    } catch (error) {
      if (UNAVAILABLE.has(sqliteCode(error) ?? -1)) {
        throw new StoreUnavailableError(`the data file cannot be written: ${(error as Error).message}`);
      }
      throw error;
    }
  }
}

const recordsOf = (chatbots: readonly EncodedChatbot[]) => chatbots.map(({ record }) => record);

// --database-url postgres://…: the state in PostgreSQL (pg), shared by any
// number of server processes. Every list and key lookup asks the database. Each
// chatbot is kept with the bytes the contract's encoder made of it (`encoded`),
// and a list joins them; a row another process wrote (a replica, a restore, a
// hand) is checked by the encoder the first time this process reads it, and
// one that breaks the contract makes its account's list a 500, never a 200.
// Creation order is an identity column; within an account, creates take a
// transaction-scoped advisory lock, so that order is also commit order (a list
// never shows a chatbot before an older one) and created_at (the database's
// clock) never goes backwards. Other accounts never wait.
import type pg from 'pg';
import { BrokenChatbotError, encodeUnchecked, type ChatbotEncoder } from '../contract/encoder.js';
import type { Chatbot, CreatedChatbot, Principal } from '../contract/types.js';
import type { ApiKey } from './keys.js';
import {
  AccountFullError,
  checkOneAccount,
  fromRow,
  newChatbot,
  StoreOpenError,
  StoreUnavailableError,
  type ChatbotRow,
  type ChatbotStore,
  type NewChatbot,
  type StoredChatbot,
  type StoreHealth,
} from './store.js';
import { insertChatbots, insertKeys, replaceAccountRows } from './postgresBulk.js';
import { asUnavailable, redact } from './postgresFailures.js';
import { COLUMNS, migrate, NOW_UTC_MS, RECOUNT } from './postgresSchema.js';

const TEXT = new TextDecoder();

type PostgresRow = Omit<ChatbotRow, 'name'> & { name_json: string };
const toRow = ({ name_json, ...row }: PostgresRow): ChatbotRow => ({ ...row, name: JSON.parse(name_json) as string });

type ListedRow = PostgresRow & { encoded: string | null };

export class PostgresChatbotStore implements ChatbotStore {
  readonly kind = 'postgres' as const;
  #encode: ChatbotEncoder = encodeUnchecked;
  // What this process has checked of each row, by id: the row as it was then, and the JSON it sends for it.
  // An unchanged row is checked once; the texts are kept, as the memory store keeps its bytes.
  readonly #checked = new Map<string, { seen: string; text: string }>();

  private constructor(private readonly pool: pg.Pool) {}

  /** Connects, and creates or migrates the schema; fails with a one-line reason. */
  static async open(url: string): Promise<PostgresChatbotStore> {
    // pg is loaded only when a database is asked for: `import { runServe }` does not load it.
    const { default: driver } = await import('pg');
    const pool = new driver.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5_000 });
    pool.on('error', () => {}); // an idle connection lost: the next query reconnects
    try {
      const client = await pool.connect();
      try {
        await migrate(client);
      } finally {
        client.release();
      }
      return new PostgresChatbotStore(pool);
    } catch (error) {
      await pool.end().catch(() => {});
      throw new StoreOpenError(`database ${redact(url)} cannot be used: ${(error as Error).message}`);
    }
  }

  async create(owner: Principal, input: NewChatbot, maxPerAccount = Infinity): Promise<CreatedChatbot> {
    return this.#transaction(async (client) => {
      // The account's lock first, then the database's clock: created_at never goes backwards within an account.
      const { rows } = await client.query<{ now: string }>(
        `SELECT ${NOW_UTC_MS} AS now FROM (SELECT pg_advisory_xact_lock(hashtext($1))) AS locked`,
        [owner.accountId],
      );
      const chatbot = newChatbot(input, new Date(oneRow(rows).now));
      const encoded = this.#encode(chatbot);
      // Tables in the order a reset locks them (chatbots, then account_sizes): no deadlock with one.
      await client.query(`INSERT INTO chatbots (${COLUMNS}, encoded) VALUES ($1, $2, $3, $4, $5, true, $6, $7)`, [
        chatbot.id,
        owner.accountId,
        owner.projectId,
        JSON.stringify(chatbot.name),
        JSON.stringify(chatbot.settings),
        chatbot.created_at,
        TEXT.decode(encoded),
      ]);
      const size = await client.query<{ chatbots: string }>(
        `INSERT INTO account_sizes (account_id, chatbots) VALUES ($1, 1)
         ON CONFLICT (account_id) DO UPDATE SET chatbots = account_sizes.chatbots + 1 RETURNING chatbots`,
        [owner.accountId],
      );
      // Over the limit: the transaction rolls back, the insert with it.
      if (Number(oneRow(size.rows).chatbots) > maxPerAccount)
        throw new AccountFullError(owner.accountId, maxPerAccount);
      return chatbot;
    });
  }

  async listByAccount(accountId: string): Promise<readonly Chatbot[]> {
    const { rows } = await this.#query<PostgresRow>(
      `SELECT ${COLUMNS} FROM chatbots WHERE account_id = $1 ORDER BY seq`,
      [accountId],
    );
    return rows.map((row) => fromRow(toRow(row)).chatbot);
  }

  async listEncoded(accountId: string): Promise<readonly string[]> {
    const { rows } = await this.#query<ListedRow>(
      `SELECT ${COLUMNS}, encoded FROM chatbots WHERE account_id = $1 ORDER BY seq`,
      [accountId],
    );
    return rows.map((row, index) => (index === 0 ? '' : ',') + this.#checkedText(row));
  }

  /** A row's JSON, checked by the encoder the first time this process sees it as it is now. */
  #checkedText(row: ListedRow): string {
    // A row without `encoded` (written before it was kept) is known by its fields.
    const seen = row.encoded ?? `${row.name_json}\u0000${row.settings}\u0000${row.is_active}\u0000${row.created_at}`;
    const known = this.#checked.get(row.id);
    if (known?.seen === seen) return known.text;
    let chatbot: unknown;
    try {
      chatbot = row.encoded === null ? fromRow(toRow(row)).chatbot : JSON.parse(row.encoded);
    } catch (error) {
      throw new BrokenChatbotError(row.id, `its stored JSON does not parse (${(error as Error).message})`);
    }
    // The encoder checks the row and makes the bytes sent for it, in one call.
    const text = TEXT.decode(this.#encode(chatbot));
    this.#checked.set(row.id, { seen, text });
    return text;
  }

  async all(): Promise<readonly StoredChatbot[]> {
    const { rows } = await this.#query<PostgresRow>(`SELECT ${COLUMNS} FROM chatbots ORDER BY seq`);
    return rows.map((row) => fromRow(toRow(row)));
  }

  async start(keys: readonly ApiKey[], seed: readonly StoredChatbot[], encode?: ChatbotEncoder): Promise<void> {
    if (encode) this.#encode = encode;
    await this.#transaction(async (client) => {
      // Replicas starting together: one at a time, so the seed goes in once.
      await client.query('LOCK TABLE chatbots, api_keys IN SHARE ROW EXCLUSIVE MODE');
      await insertKeys(client, keys);
      const { rows } = await client.query('SELECT 1 FROM chatbots LIMIT 1');
      if (rows.length === 0 && seed.length > 0) {
        await insertChatbots(client, seed, this.#encode);
        await client.query(RECOUNT);
      }
    });
  }

  async addKeys(keys: readonly ApiKey[]): Promise<void> {
    await this.#transaction(async (client) => {
      await client.query('LOCK TABLE api_keys IN SHARE ROW EXCLUSIVE MODE');
      await insertKeys(client, keys);
    });
  }

  async principalOf(key: string): Promise<Principal | undefined> {
    const { rows } = await this.#query<{ account_id: string; project_id: string }>(
      'SELECT account_id, project_id FROM api_keys WHERE key = $1',
      [key],
    );
    return rows[0] ? { accountId: rows[0].account_id, projectId: rows[0].project_id } : undefined;
  }

  async keys(): Promise<readonly ApiKey[]> {
    const { rows } = await this.#query<{ key: string; account_id: string; project_id: string }>(
      'SELECT key, account_id, project_id FROM api_keys ORDER BY seq',
    );
    return rows.map((row) => ({ key: row.key, accountId: row.account_id, projectId: row.project_id }));
  }

  async addChatbots(chatbots: readonly StoredChatbot[]): Promise<void> {
    await this.#transaction(async (client) => {
      // As a reset does: no create lands between the rows and the recount.
      await client.query('LOCK TABLE chatbots, account_sizes IN ACCESS EXCLUSIVE MODE');
      await insertChatbots(client, chatbots, this.#encode);
      await client.query(RECOUNT);
    });
  }

  async replaceAccount(accountId: string, chatbots: readonly StoredChatbot[]): Promise<void> {
    checkOneAccount(accountId, chatbots);
    await this.#transaction((client) => replaceAccountRows(client, accountId, chatbots, this.#encode));
  }

  async reset(keys: readonly ApiKey[], chatbots: readonly StoredChatbot[]): Promise<void> {
    await this.#transaction(async (client) => {
      // Creates in flight wait for the reset, and land after it: nothing older comes back.
      await client.query('LOCK TABLE chatbots, api_keys, account_sizes IN ACCESS EXCLUSIVE MODE');
      await client.query('DELETE FROM chatbots');
      await client.query('DELETE FROM api_keys');
      await insertKeys(client, keys);
      await insertChatbots(client, chatbots, this.#encode);
      await client.query(RECOUNT);
    });
  }

  async health(): Promise<StoreHealth> {
    try {
      const { rows } = await this.#query<{ writable: boolean; chatbots: string }>(
        'SELECT NOT pg_is_in_recovery() AS writable, (SELECT count(*) FROM chatbots) AS chatbots',
      );
      const { writable, chatbots } = oneRow(rows);
      return {
        store: this.kind,
        writable,
        chatbots: Number(chatbots),
        ...(writable ? {} : { detail: 'the database is read-only (a standby)' }),
      };
    } catch (error) {
      return { store: this.kind, writable: false, detail: (error as Error).message };
    }
  }

  async close(): Promise<void> {
    await this.pool.end();
  }

  async #query<R extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<pg.QueryResult<R>> {
    try {
      return await this.pool.query<R>(text, values);
    } catch (error) {
      throw asUnavailable(error);
    }
  }

  async #transaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    let client: pg.PoolClient;
    try {
      client = await this.pool.connect();
    } catch (error) {
      throw asUnavailable(error);
    }
    try {
      await client.query('BEGIN');
      const result = await work(client);
      await client.query('COMMIT');
      client.release();
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      const failure = asUnavailable(error);
      client.release(failure instanceof StoreUnavailableError); // a connection that failed is not reused
      throw failure;
    }
  }
}

/** The row of a statement that returns exactly one (a SELECT of values, an upsert's RETURNING). */
function oneRow<R>(rows: R[]): R {
  const [row] = rows;
  if (!row) throw new Error('the database returned no row where one was certain');
  return row;
}

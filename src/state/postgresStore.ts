// --database-url postgres://…: the state in PostgreSQL (pg), shared by any number of server processes. Every list and
// key lookup asks the database. Each chatbot is kept with the bytes the contract's encoder made of it (`encoded`), and
// a list joins them; a row another process wrote (a replica, a restore, a hand) is checked by the encoder the first
// time this process reads it, and one that breaks the contract makes its account's list a 500, never a 200. Creation
// order is an identity column; within an account, creates take a transaction-scoped advisory lock, so that order is
// also commit order (a list never shows a chatbot before an older one) and created_at (the database's clock) never
// goes backwards. Other accounts never wait. What all accounts hold is counted as postgresStored.ts says.
import type pg from 'pg';
import { encodeUnchecked, type ChatbotEncoder } from '../contract/encoder.js';
import type { Chatbot, Principal } from '../contract/types.js';
import type { ApiKey } from './keys.js';
import {
  AccountFullError,
  checkOneAccount,
  encodeEach,
  newChatbot,
  StoreOpenError,
  type ChatbotStore,
  type NewChatbot,
  type ProjectChatbots,
  type StoredChatbot,
  type StoreHealth,
} from './store.js';
import { addChatbotRows, insertChatbots, insertKeys, replaceAccountRows } from './postgresBulk.js';
import { redact } from './postgresFailures.js';
import { oneRow, query, transaction } from './postgresAccess.js';
import {
  accountChatbots,
  allChatbots,
  healthOf,
  newestOfProject,
  ownersOf,
  principalOf,
  storedKeys,
} from './postgresReads.js';
import { PostgresRecords } from './postgresRecords.js';
import { addStored, RECOUNT_STORED, slackOf, storedIn, storingMany, storingOne } from './postgresStored.js';
import type { RecordStore } from './recordStore.js';
import { checkedText, type CheckedTexts, type ListedRow } from './postgresRows.js';
import { COLUMNS, migrate, NOW_UTC_MS, RECOUNT } from './postgresSchema.js';

const TEXT = new TextDecoder();

export class PostgresChatbotStore implements ChatbotStore {
  readonly kind = 'postgres' as const;
  #encode: ChatbotEncoder = encodeUnchecked;
  // What this process has checked of each row, by id: the row as it was then, and the JSON it sends for it.
  // An unchanged row is checked once; the texts are kept, as the memory store keeps its bytes.
  readonly #checked: CheckedTexts = new Map();

  // Typed by its interface: the declarations a consumer reads name no type of pg.
  readonly records: RecordStore;

  // slack: how many creates may be in flight at once on the database (postgresStored.ts).
  private constructor(
    private readonly pool: pg.Pool,
    private readonly slack: number,
  ) {
    this.records = new PostgresRecords(pool, slack);
  }

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
        return new PostgresChatbotStore(pool, await slackOf(client));
      } finally {
        client.release();
      }
    } catch (error) {
      await pool.end().catch(() => {});
      throw new StoreOpenError(`database ${redact(url)} cannot be used: ${(error as Error).message}`);
    }
  }

  async create(owner: Principal, input: NewChatbot, maxPerAccount = Infinity, maxStored = Infinity) {
    return storingOne(this.pool, owner.accountId, { max: maxStored, slack: this.slack }, async (client) => {
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

  listByAccount(accountId: string): Promise<readonly Chatbot[]> {
    return accountChatbots(this.pool, accountId);
  }

  async listEncoded(accountId: string): Promise<readonly string[]> {
    const { rows } = await query<ListedRow>(
      this.pool,
      `SELECT ${COLUMNS}, encoded FROM chatbots WHERE account_id = $1 ORDER BY seq`,
      [accountId],
    );
    return rows.map((row, index) => (index === 0 ? '' : ',') + checkedText(row, this.#checked, this.#encode));
  }

  async findChatbot(accountId: string, id: string): Promise<Chatbot | undefined> {
    const { rows } = await query<ListedRow>(
      this.pool,
      `SELECT ${COLUMNS}, encoded FROM chatbots WHERE account_id = $1 AND id = $2`,
      [accountId, id],
    );
    return rows[0] && (JSON.parse(checkedText(rows[0], this.#checked, this.#encode)) as Chatbot);
  }

  async updateChatbot(accountId: string, chatbot: Chatbot): Promise<boolean> {
    const encoded = TEXT.decode(this.#encode(chatbot)); // checked before anything is written
    const { rowCount } = await query(
      this.pool,
      `UPDATE chatbots SET name_json = $3, settings = $4, is_active = $5, created_at = $6, encoded = $7
       WHERE account_id = $1 AND id = $2`,
      [
        accountId,
        chatbot.id,
        JSON.stringify(chatbot.name),
        JSON.stringify(chatbot.settings),
        chatbot.is_active,
        chatbot.created_at,
        encoded,
      ],
    );
    return (rowCount ?? 0) > 0;
  }

  async removeChatbot(accountId: string, id: string): Promise<boolean> {
    return transaction(this.pool, async (client) => {
      // The account's lock, as a create takes it: its size stays the count of its rows.
      await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [accountId]);
      const { rowCount } = await client.query('DELETE FROM chatbots WHERE account_id = $1 AND id = $2', [
        accountId,
        id,
      ]);
      if (!rowCount) return false;
      await client.query('UPDATE account_sizes SET chatbots = chatbots - 1 WHERE account_id = $1', [accountId]);
      await addStored(client, accountId, -1);
      return true;
    });
  }

  all(): Promise<readonly StoredChatbot[]> {
    return allChatbots(this.pool);
  }

  ownersOf(ids: readonly string[]): Promise<ReadonlyMap<string, string>> {
    return ownersOf(this.pool, ids);
  }

  newestOfProject(accountId: string, projectId: string, count: number): Promise<ProjectChatbots> {
    return newestOfProject(this.pool, accountId, projectId, count);
  }

  async start(keys: readonly ApiKey[], seed: readonly StoredChatbot[], encode?: ChatbotEncoder): Promise<void> {
    if (encode) this.#encode = encode;
    await transaction(this.pool, async (client) => {
      // Replicas starting together: one at a time, so the seed goes in once.
      await client.query('LOCK TABLE chatbots, api_keys IN SHARE ROW EXCLUSIVE MODE');
      await insertKeys(client, keys);
      const { rows } = await client.query('SELECT 1 FROM chatbots LIMIT 1');
      if (rows.length === 0 && seed.length > 0) {
        // Encoded whole before the rows are written: one the encoder refuses rolls the keys back too.
        await insertChatbots(client, encodeEach(seed, this.#encode));
        await client.query(RECOUNT + RECOUNT_STORED);
      }
    });
  }

  async addKeys(keys: readonly ApiKey[]): Promise<void> {
    await transaction(this.pool, async (client) => {
      await client.query('LOCK TABLE api_keys IN SHARE ROW EXCLUSIVE MODE');
      await insertKeys(client, keys);
    });
  }

  principalOf(key: string): Promise<Principal | undefined> {
    return principalOf(this.pool, key);
  }

  keys(): Promise<readonly ApiKey[]> {
    return storedKeys(this.pool);
  }

  async addChatbots(chatbots: readonly StoredChatbot[], maxStored = Infinity): Promise<void> {
    const encoded = encodeEach(chatbots, this.#encode);
    await storingMany(this.pool, maxStored, (client) => addChatbotRows(client, encoded));
  }

  async replaceAccount(accountId: string, chatbots: readonly StoredChatbot[], maxStored = Infinity): Promise<void> {
    checkOneAccount(accountId, chatbots);
    const encoded = encodeEach(chatbots, this.#encode);
    await storingMany(this.pool, maxStored, (client) => replaceAccountRows(client, accountId, encoded));
  }

  async reset(keys: readonly ApiKey[], chatbots: readonly StoredChatbot[]): Promise<void> {
    const encoded = encodeEach(chatbots, this.#encode);
    await transaction(this.pool, async (client) => {
      // Creates (and record writes) in flight wait for the reset, and land after it: nothing older comes back.
      await client.query(
        'LOCK TABLE chatbots, api_keys, account_sizes, records, stored_counts IN ACCESS EXCLUSIVE MODE',
      );
      await client.query('DELETE FROM chatbots');
      await client.query('DELETE FROM records');
      await client.query('DELETE FROM api_keys');
      await insertKeys(client, keys);
      await insertChatbots(client, encoded);
      await client.query(RECOUNT + RECOUNT_STORED);
    });
  }

  stored(accountId?: string): Promise<number> {
    return storedIn(this.pool, accountId);
  }

  health(): Promise<StoreHealth> {
    return healthOf(this.pool);
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}

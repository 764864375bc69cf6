// --database-url postgres://…: the state in PostgreSQL (pg), shared by any
// number of server processes. Nothing is cached in the process: every list and
// key lookup asks the database. Creation order is an identity column; within an
// account, creates take a transaction-scoped advisory lock, so that order is
// also commit order (a list never shows a chatbot before an older one) and
// created_at (the database's clock) never goes backwards. Other accounts never wait.
import pg from 'pg';
import type { Chatbot, CreatedChatbot, Principal } from '../contract/types.js';
import type { ApiKey } from './keys.js';
import {
  AccountFullError, checkKeyOwners, fromRow, newChatbot, StoreOpenError, StoreUnavailableError,
  type ChatbotRow, type ChatbotStore, type NewChatbot, type StoredChatbot, type StoreHealth,
} from './store.js';

const MIGRATION_LOCK = 7_263_110; // any constant: replicas starting together migrate one at a time
const SCHEMA = `
  CREATE TABLE IF NOT EXISTS api_keys (seq BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY, key TEXT NOT NULL UNIQUE,
    account_id TEXT NOT NULL, project_id TEXT NOT NULL);
  CREATE TABLE IF NOT EXISTS chatbots (seq BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY, id TEXT NOT NULL UNIQUE,
    account_id TEXT NOT NULL, project_id TEXT NOT NULL, name_json TEXT NOT NULL, settings TEXT NOT NULL,
    is_active BOOLEAN NOT NULL, created_at TEXT NOT NULL);
  CREATE INDEX IF NOT EXISTS chatbots_by_account ON chatbots (account_id, seq);
  CREATE TABLE IF NOT EXISTS account_sizes (account_id TEXT PRIMARY KEY, chatbots BIGINT NOT NULL);
`;
// How many chatbots each account holds, kept beside them so that the per-account limit costs one row, not a count.
const RECOUNT = `
  DELETE FROM account_sizes;
  INSERT INTO account_sizes (account_id, chatbots) SELECT account_id, count(*) FROM chatbots GROUP BY account_id;
`;
const NOW_UTC_MS = `to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
// The name is kept as JSON text, as the settings are: PostgreSQL's text holds no NUL
// and no lone surrogate, and a name may hold either.
const COLUMNS = 'id, account_id, project_id, name_json, settings, is_active, created_at';
// A database made when the name was kept as plain text: once, under the migration lock.
const NAME_AS_JSON = `
  DO $$ BEGIN
    IF EXISTS (SELECT 1 FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = 'chatbots' AND column_name = 'name') THEN
      ALTER TABLE chatbots ADD COLUMN IF NOT EXISTS name_json TEXT;
      UPDATE chatbots SET name_json = to_json(name)::text;
      ALTER TABLE chatbots ALTER COLUMN name_json SET NOT NULL, DROP COLUMN name;
    END IF;
  END $$;
`;
type PostgresRow = Omit<ChatbotRow, 'name'> & { name_json: string };
const toRow = ({ name_json, ...row }: PostgresRow): ChatbotRow => ({ ...row, name: JSON.parse(name_json) as string });


export class PostgresChatbotStore implements ChatbotStore {
  readonly kind = 'postgres' as const;

  private constructor(private readonly pool: pg.Pool) {}

  /** Connects, and creates or migrates the schema; fails with a one-line reason. */
  static async open(url: string): Promise<PostgresChatbotStore> {
    const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5_000 });
    pool.on('error', () => {}); // an idle connection lost: the next query reconnects
    try {
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
        await client.query(NAME_AS_JSON);
        await client.query(SCHEMA);
        // A database made before the sizes were kept: count once.
        const { rows } = await client.query('SELECT (SELECT count(*) FROM account_sizes) = 0 AND EXISTS (SELECT 1 FROM chatbots) AS stale');
        if (rows[0].stale) await client.query(RECOUNT);
        await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
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
    const chatbot = newChatbot(input);
    const { rows } = await this.#transaction(async (client) => {
      await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [owner.accountId]);
      // Tables in the order a reset locks them (chatbots, then account_sizes): no deadlock with one.
      const inserted = await client.query<{ created_at: string }>(
        `INSERT INTO chatbots (${COLUMNS}) VALUES ($1, $2, $3, $4, $5, true, ${NOW_UTC_MS}) RETURNING created_at`,
        [chatbot.id, owner.accountId, owner.projectId, JSON.stringify(chatbot.name), JSON.stringify(chatbot.settings)],
      );
      const size = await client.query<{ chatbots: string }>(
        `INSERT INTO account_sizes (account_id, chatbots) VALUES ($1, 1)
         ON CONFLICT (account_id) DO UPDATE SET chatbots = account_sizes.chatbots + 1 RETURNING chatbots`,
        [owner.accountId],
      );
      // Over the limit: the transaction rolls back, the insert with it.
      if (Number(size.rows[0]!.chatbots) > maxPerAccount) throw new AccountFullError(owner.accountId, maxPerAccount);
      return inserted;
    });
    return { ...chatbot, created_at: rows[0]!.created_at };
  }

  async listByAccount(accountId: string): Promise<readonly Chatbot[]> {
    const { rows } = await this.#query<PostgresRow>(`SELECT ${COLUMNS} FROM chatbots WHERE account_id = $1 ORDER BY seq`, [accountId]);
    return rows.map((row) => fromRow(toRow(row)).chatbot);
  }

  /** The list as JSON, built by the database from the stored text: nothing is parsed or checked again here. */
  async listItemsJson(accountId: string): Promise<string> {
    const { rows } = await this.#query<{ json: string | null }>(
      `SELECT string_agg('{"id":' || to_json(id)::text || ',"name":' || name_json || ',"settings":' || settings ||
         ',"is_active":' || is_active::text || ',"created_at":' || to_json(created_at)::text || '}', ',' ORDER BY seq) AS json
       FROM chatbots WHERE account_id = $1`,
      [accountId],
    );
    return rows[0]?.json ?? '';
  }

  async all(): Promise<readonly StoredChatbot[]> {
    const { rows } = await this.#query<PostgresRow>(`SELECT ${COLUMNS} FROM chatbots ORDER BY seq`);
    return rows.map((row) => fromRow(toRow(row)));
  }

  async start(keys: readonly ApiKey[], seed: readonly StoredChatbot[]): Promise<void> {
    await this.#transaction(async (client) => {
      // Replicas starting together: one at a time, so the seed goes in once.
      await client.query('LOCK TABLE chatbots, api_keys IN SHARE ROW EXCLUSIVE MODE');
      await insertKeys(client, keys);
      const { rows } = await client.query('SELECT 1 FROM chatbots LIMIT 1');
      if (rows.length === 0 && seed.length > 0) {
        await insertChatbots(client, seed);
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
    const { rows } = await this.#query<{ key: string; account_id: string; project_id: string }>('SELECT key, account_id, project_id FROM api_keys ORDER BY seq');
    return rows.map((row) => ({ key: row.key, accountId: row.account_id, projectId: row.project_id }));
  }

  async reset(keys: readonly ApiKey[], chatbots: readonly StoredChatbot[]): Promise<void> {
    await this.#transaction(async (client) => {
      // Creates in flight wait for the reset, and land after it: nothing older comes back.
      await client.query('LOCK TABLE chatbots, api_keys, account_sizes IN ACCESS EXCLUSIVE MODE');
      await client.query('DELETE FROM chatbots');
      await client.query('DELETE FROM api_keys');
      await insertKeys(client, keys);
      await insertChatbots(client, chatbots);
      await client.query(RECOUNT);
    });
  }

  async health(): Promise<StoreHealth> {
    try {
      const { rows } = await this.#query<{ writable: boolean; chatbots: string }>(
        'SELECT NOT pg_is_in_recovery() AS writable, (SELECT count(*) FROM chatbots) AS chatbots',
      );
      const { writable, chatbots } = rows[0]!;
      return { store: this.kind, writable, chatbots: Number(chatbots), ...(writable ? {} : { detail: 'the database is read-only (a standby)' }) };
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

/** Inside a transaction that holds the api_keys lock: refuses a project that would change account. */
async function insertKeys(client: pg.PoolClient, keys: readonly ApiKey[]): Promise<void> {
  const { rows } = await client.query<{ project_id: string; account_id: string }>('SELECT DISTINCT project_id, account_id FROM api_keys');
  checkKeyOwners(new Map(rows.map((row) => [row.project_id, row.account_id])), keys);
  for (const { key, accountId, projectId } of keys) {
    await client.query('INSERT INTO api_keys (key, account_id, project_id) VALUES ($1, $2, $3) ON CONFLICT (key) DO NOTHING', [key, accountId, projectId]);
  }
}

/** In chunks of one statement each: a large seed or reset costs a few round trips, not one per chatbot. */
async function insertChatbots(client: pg.PoolClient, records: readonly StoredChatbot[]): Promise<void> {
  for (let start = 0; start < records.length; start += 5_000) {
    const chunk = records.slice(start, start + 5_000);
    const column = (pick: (record: StoredChatbot) => unknown) => chunk.map(pick);
    await client.query(
      `INSERT INTO chatbots (${COLUMNS})
       SELECT a, b, c, d, e, f, g FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::boolean[], $7::text[])
         WITH ORDINALITY AS t(a, b, c, d, e, f, g, n)
       ORDER BY n`,
      [
        column((r) => r.chatbot.id),
        column((r) => r.accountId),
        column((r) => r.projectId),
        column((r) => JSON.stringify(r.chatbot.name)),
        column((r) => JSON.stringify(r.chatbot.settings)),
        column((r) => r.chatbot.is_active),
        column((r) => r.chatbot.created_at),
      ],
    );
  }
}

/** Connection failures and a database that cannot write are the store's, and passing: 503. */
function asUnavailable(error: unknown): unknown {
  const { code = '', message = '' } = error as { code?: string; message?: string };
  const lost = /^(08|53|57P0|25006|40001|40P01)/.test(code) || /^E(CONN|PIPE|TIMEDOUT|HOSTUNREACH|NOTFOUND)/.test(code);
  if (lost || /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(message)) {
    return new StoreUnavailableError(`the database cannot be reached: ${message || code}`);
  }
  return error;
}

function redact(url: string): string {
  return url.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@');
}

// The reads of PostgreSQL that hand out what its rows hold, unchecked by the encoder: the keys, a key's owner, an
// account's chatbots, every chatbot (for a test or a tool), a project's count and newest chatbots (the admin state),
// and who holds given ids (a seed). Each but the whole table (and the health's count) reads one account's rows, or the
// rows of the ids or key asked for, through an index.
import type pg from 'pg';
import type { Chatbot, Principal } from '../contract/types.js';
import type { ApiKey } from './keys.js';
import { oneRow, query } from './postgresAccess.js';
import { toRow, type PostgresRow } from './postgresRows.js';
import { COLUMNS } from './postgresSchema.js';
import { fromRow, type ProjectChatbots, type StoredChatbot, type StoreHealth } from './store.js';

export async function principalOf(pool: pg.Pool, key: string): Promise<Principal | undefined> {
  const { rows } = await query<{ account_id: string; project_id: string }>(
    pool,
    'SELECT account_id, project_id FROM api_keys WHERE key = $1',
    [key],
  );
  return rows[0] ? { accountId: rows[0].account_id, projectId: rows[0].project_id } : undefined;
}

export async function storedKeys(pool: pg.Pool): Promise<ApiKey[]> {
  const { rows } = await query<{ key: string; account_id: string; project_id: string }>(
    pool,
    'SELECT key, account_id, project_id FROM api_keys ORDER BY seq',
  );
  return rows.map((row) => ({ key: row.key, accountId: row.account_id, projectId: row.project_id }));
}

export async function accountChatbots(pool: pg.Pool, accountId: string): Promise<Chatbot[]> {
  const { rows } = await query<PostgresRow>(
    pool,
    `SELECT ${COLUMNS} FROM chatbots WHERE account_id = $1 ORDER BY seq`,
    [accountId],
  );
  return rows.map((row) => fromRow(toRow(row)).chatbot);
}

export async function allChatbots(pool: pg.Pool): Promise<StoredChatbot[]> {
  const { rows } = await query<PostgresRow>(pool, `SELECT ${COLUMNS} FROM chatbots ORDER BY seq`);
  return rows.map((row) => fromRow(toRow(row)));
}

export async function ownersOf(pool: pg.Pool, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const { rows } = await query<{ id: string; account_id: string }>(
    pool,
    'SELECT id, account_id FROM chatbots WHERE id = ANY($1::text[])',
    [ids],
  );
  return new Map(rows.map((row) => [row.id, row.account_id]));
}

export async function newestOfProject(
  pool: pg.Pool,
  accountId: string,
  projectId: string,
  count: number,
): Promise<ProjectChatbots> {
  const owner = [accountId, projectId];
  const held = await query<{ held: string }>(
    pool,
    'SELECT count(*) AS held FROM chatbots WHERE account_id = $1 AND project_id = $2',
    owner,
  );
  const { rows } = await query<PostgresRow>(
    pool,
    `SELECT ${COLUMNS} FROM chatbots WHERE account_id = $1 AND project_id = $2 ORDER BY seq DESC LIMIT $3`,
    [...owner, count],
  );
  const newest = rows.reverse().map((row) => fromRow(toRow(row)).chatbot);
  return { held: Number(oneRow(held.rows).held), newest };
}

/** Whether the database takes writes now, and how many chatbots it holds. */
export async function healthOf(pool: pg.Pool): Promise<StoreHealth> {
  try {
    const { rows } = await query<{ writable: boolean; chatbots: string }>(
      pool,
      'SELECT NOT pg_is_in_recovery() AS writable, (SELECT count(*) FROM chatbots) AS chatbots',
    );
    const { writable, chatbots } = oneRow(rows);
    return {
      store: 'postgres',
      writable,
      chatbots: Number(chatbots),
      ...(writable ? {} : { detail: 'the database is read-only (a standby)' }),
    };
  } catch (error) {
    return { store: 'postgres', writable: false, detail: (error as Error).message };
  }
}

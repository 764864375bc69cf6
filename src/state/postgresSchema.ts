// The PostgreSQL store's tables, and their migrations from earlier versions,
// run once per database under an advisory lock (replicas may start together).
import type pg from 'pg';
import { RECOUNT_STORED, STORED_TABLE } from './postgresStored.js';

const MIGRATION_LOCK = 7_263_110; // any constant: replicas starting together migrate one at a time

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS api_keys (seq BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY, key TEXT NOT NULL UNIQUE,
    account_id TEXT NOT NULL, project_id TEXT NOT NULL);
  CREATE TABLE IF NOT EXISTS chatbots (seq BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY, id TEXT NOT NULL UNIQUE,
    account_id TEXT NOT NULL, project_id TEXT NOT NULL, name_json TEXT NOT NULL, settings TEXT NOT NULL,
    is_active BOOLEAN NOT NULL, created_at TEXT NOT NULL);
  CREATE INDEX IF NOT EXISTS chatbots_by_account ON chatbots (account_id, seq);
  -- The chatbot's JSON as the encoder made it; empty in rows written before it was kept.
  ALTER TABLE chatbots ADD COLUMN IF NOT EXISTS encoded TEXT;
  CREATE TABLE IF NOT EXISTS account_sizes (account_id TEXT PRIMARY KEY, chatbots BIGINT NOT NULL);
  CREATE TABLE IF NOT EXISTS records (seq BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY, collection TEXT NOT NULL,
    account_id TEXT NOT NULL, project_id TEXT NOT NULL, id TEXT NOT NULL, body TEXT NOT NULL,
    UNIQUE (collection, account_id, id));
  CREATE INDEX IF NOT EXISTS records_by_account ON records (account_id, collection, seq);
  ${STORED_TABLE}
`;
// How many chatbots each account holds, kept beside them so that the per-account limit costs one row, not a count.
export const RECOUNT = `
  DELETE FROM account_sizes;
  INSERT INTO account_sizes (account_id, chatbots) SELECT account_id, count(*) FROM chatbots GROUP BY account_id;
`;
export const NOW_UTC_MS = `to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
// The name is kept as JSON text, as the settings are: PostgreSQL's text holds no NUL
// and no lone surrogate, and a name may hold either.
export const COLUMNS = 'id, account_id, project_id, name_json, settings, is_active, created_at';
// A database made when the name was kept as plain text: once, under the migration lock.
const NAME_AS_JSON = `
  DO $$ BEGIN
    IF EXISTS (
      SELECT 1 FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name = 'chatbots' AND column_name = 'name'
    ) THEN
      ALTER TABLE chatbots ADD COLUMN IF NOT EXISTS name_json TEXT;
      UPDATE chatbots SET name_json = to_json(name)::text;
      ALTER TABLE chatbots ALTER COLUMN name_json SET NOT NULL, DROP COLUMN name;
    END IF;
  END $$;
`;
/** Creates or migrates the tables: once, under the migration lock. */
export async function migrate(client: pg.PoolClient): Promise<void> {
  await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
  await client.query(NAME_AS_JSON);
  await client.query(SCHEMA);
  // A database made before the sizes were kept: count once.
  const { rows } = await client.query(
    'SELECT (SELECT count(*) FROM account_sizes) = 0 AND EXISTS (SELECT 1 FROM chatbots) AS stale',
  );
  if (rows[0].stale) await client.query(RECOUNT);
  // A database made before the count of all it holds was kept: count once (the slots are never empty after).
  const counted = await client.query('SELECT EXISTS (SELECT 1 FROM stored_counts) AS counted');
  if (!counted.rows[0].counted) await client.query(RECOUNT_STORED);
  await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
}

// The SQLite file's tables, the migration from schema 1, and the statements a store prepares once.
import type { DatabaseSync, StatementSync } from 'node:sqlite';

export const SCHEMA = `
  CREATE TABLE IF NOT EXISTS api_keys (seq INTEGER PRIMARY KEY AUTOINCREMENT, key TEXT NOT NULL UNIQUE,
    account_id TEXT NOT NULL, project_id TEXT NOT NULL);
  CREATE TABLE IF NOT EXISTS chatbots (seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE,
    account_id TEXT NOT NULL, project_id TEXT NOT NULL, name_json TEXT NOT NULL, settings TEXT NOT NULL,
    is_active INTEGER NOT NULL, created_at TEXT NOT NULL);
  CREATE TABLE IF NOT EXISTS records (seq INTEGER PRIMARY KEY AUTOINCREMENT, collection TEXT NOT NULL,
    account_id TEXT NOT NULL, project_id TEXT NOT NULL, id TEXT NOT NULL, body TEXT NOT NULL,
    UNIQUE (collection, account_id, id));
  CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
  -- An account replaced or cleared is found by these, not by reading every account's rows.
  CREATE INDEX IF NOT EXISTS chatbots_by_account ON chatbots (account_id);
  CREATE INDEX IF NOT EXISTS records_by_account ON records (account_id);
  INSERT OR IGNORE INTO meta (key, value) VALUES ('schema', '2'), ('probe', '');
`;
// Schema 1 kept the name as text, which SQLite stores as UTF-8: a lone surrogate
// came back as U+FFFD after a restart. Schema 2 keeps it as JSON text, as the settings.
export const NAME_AS_JSON = `
  ALTER TABLE chatbots ADD COLUMN name_json TEXT;
  UPDATE chatbots SET name_json = json_quote(name);
  ALTER TABLE chatbots DROP COLUMN name;
  UPDATE meta SET value = '2' WHERE key = 'schema';
`;

/** The statements a store runs, prepared once when it opens. */
export function prepareStatements(db: DatabaseSync) {
  return {
    insertKey: db.prepare('INSERT OR IGNORE INTO api_keys (key, account_id, project_id) VALUES (?, ?, ?)'),
    insertChatbot: db.prepare(
      'INSERT INTO chatbots (id, account_id, project_id, name_json, settings, is_active, created_at) VALUES (?, ' +
        '?, ?, ?, ?, ?, ?)',
    ),
    deleteAccount: db.prepare('DELETE FROM chatbots WHERE account_id = ?'),
    updateChatbot: db.prepare(
      'UPDATE chatbots SET name_json = ?, settings = ?, is_active = ?, created_at = ? WHERE id = ? AND account_id = ?',
    ),
    deleteChatbot: db.prepare('DELETE FROM chatbots WHERE id = ? AND account_id = ?'),
    probe: db.prepare("UPDATE meta SET value = ? WHERE key = 'probe'"),
  } satisfies Record<string, StatementSync>;
}

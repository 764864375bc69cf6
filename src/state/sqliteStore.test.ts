// The shared store-behaviour suite on the SQLite store, each test on a file of its own.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './nodeSqlite.js';
import { prepareStatements } from './sqliteSchema.js';
import { SqliteChatbotStore } from './sqliteStore.js';
import { describeStoreBehaviour } from '../../test/helpers/storeBehaviour.js';

let path = '';
describeStoreBehaviour('SQLite', {
  persistent: true,
  open: async (again) => {
    if (!again) path = join(mkdtempSync(join(tmpdir(), 'sqlite-store-')), 'state.db');
    return SqliteChatbotStore.open(path);
  },
});

describe('a file of schema 1, where the name was plain text', () => {
  it('is migrated on open: every name kept, and the next ones kept as JSON text', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'sqlite-schema1-')), 'state.db');
    const old = openDatabase(file);
    old.exec(`
      CREATE TABLE api_keys (seq INTEGER PRIMARY KEY AUTOINCREMENT, key TEXT NOT NULL UNIQUE,
        account_id TEXT NOT NULL, project_id TEXT NOT NULL);
      CREATE TABLE chatbots (seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, account_id TEXT NOT NULL,
        project_id TEXT NOT NULL, name TEXT NOT NULL, settings TEXT NOT NULL, is_active INTEGER NOT NULL,
        created_at TEXT NOT NULL);
      CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
      INSERT INTO meta (key, value) VALUES ('schema', '1'), ('probe', '');
    `);
    old
      .prepare(
        'INSERT INTO chatbots (id, account_id, project_id, name, settings, is_active, created_at) VALUES (?, ?, ' +
          '?, ?, ?, 1, ?)',
      )
      .run(
        '3f0b8c52-7d1e-4a9b-9c2f-5e6d7a8b9c01',
        'a',
        'a-web',
        'Old "quoted" name é',
        '{"theme":"dark"}',
        '2026-11-22T09:15:02.123Z',
      );
    old.close();
    const store = SqliteChatbotStore.open(file);
    try {
      await store.create(
        { accountId: 'a', projectId: 'a-web' },
        { name: 'New \u0000 \ud800', settings: { theme: 'light' } },
      );
    } finally {
      await store.close();
    }
    const again = SqliteChatbotStore.open(file);
    try {
      expect((await again.listByAccount('a')).map((chatbot) => chatbot.name)).toEqual([
        'Old "quoted" name é',
        'New \u0000 \ud800',
      ]);
    } finally {
      await again.close();
    }
  });
});

describe('the file', () => {
  it("finds one account's rows by an index: replacing or clearing it reads no other account's", async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'sqlite-index-')), 'state.db');
    await SqliteChatbotStore.open(file).close();
    const db = openDatabase(file);
    try {
      // The deletes replaceAccount runs: the account's chatbots (a prepared statement), and its records.
      const deletes = [prepareStatements(db).deleteAccount.sourceSQL, 'DELETE FROM records WHERE account_id = ?'];
      const plans = deletes.map((sql) =>
        db
          .prepare(`EXPLAIN QUERY PLAN ${sql}`)
          .all()
          .map((step) => step.detail),
      );
      expect(plans).toEqual([
        ['SEARCH chatbots USING INDEX chatbots_by_account (account_id=?)'],
        ['SEARCH records USING INDEX records_by_account (account_id=?)'],
      ]);
    } finally {
      db.close();
    }
  });
});

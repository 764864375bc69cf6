// The shared store-behaviour suite on the PostgreSQL store, each test in a schema of its own.
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { PostgresChatbotStore } from '../../src/state/postgresStore.js';
import { isolatedDatabaseUrl, postgresAvailable } from '../helpers/postgres.js';
import { describeStoreBehaviour } from '../helpers/storeBehaviour.js';

let url = '';
describe.skipIf(!postgresAvailable('the store-behaviour suite'))('PostgreSQL', () => {
  describeStoreBehaviour('PostgreSQL', {
    persistent: true,
    open: async (again) => {
      if (!again) url = await isolatedDatabaseUrl();
      return PostgresChatbotStore.open(url);
    },
  });
});

describe.skipIf(!postgresAvailable('the migration of the name to JSON text'))(
  'a database made when the name was plain text',
  () => {
    it('is migrated on open: every name kept, and the next ones kept as JSON text', async () => {
      const old = await isolatedDatabaseUrl();
      const client = new pg.Client({ connectionString: old });
      await client.connect();
      try {
        await client.query(`
        CREATE TABLE chatbots (seq BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY, id TEXT NOT NULL UNIQUE,
          account_id TEXT NOT NULL, project_id TEXT NOT NULL, name TEXT NOT NULL, settings TEXT NOT NULL,
          is_active BOOLEAN NOT NULL, created_at TEXT NOT NULL);
        INSERT INTO chatbots (id, account_id, project_id, name, settings, is_active, created_at)
          VALUES ('3f0b8c52-7d1e-4a9b-9c2f-5e6d7a8b9c01', 'a', 'a-web', 'Old "quoted" name é', '{"theme":"dark"}', true,
            '2026-11-22T09:15:02.123Z');
      `);
      } finally {
        await client.end();
      }
      const store = await PostgresChatbotStore.open(old);
      try {
        await store.create(
          { accountId: 'a', projectId: 'a-web' },
          { name: 'New \u0000 \ud800', settings: { theme: 'light' } },
        );
        expect((await store.listByAccount('a')).map((chatbot) => chatbot.name)).toEqual([
          'Old "quoted" name é',
          'New \u0000 \ud800',
        ]);
        expect(
          JSON.parse(`[${(await store.listEncoded('a')).join('')}]`).map((chatbot: { name: string }) => chatbot.name),
        ).toEqual(['Old "quoted" name é', 'New \u0000 \ud800']);
      } finally {
        await store.close();
      }
    });
  },
);

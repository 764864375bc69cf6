// The shared store-behaviour suite on the PostgreSQL store, each test in a schema of its own; the migration of an
// older database; the count of all a database holds, shared by replicas.
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { PostgresChatbotStore } from '../../src/state/postgresStore.js';
import { StoreFullError } from '../../src/state/store.js';
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

describe.skipIf(!postgresAvailable('the cap on all a database holds, across replicas'))(
  'the cap on all a database holds',
  () => {
    const keys = [
      { key: 'sk_live_a', accountId: 'a', projectId: 'a-main' },
      { key: 'sk_live_b', accountId: 'b', projectId: 'b-main' },
      { key: 'sk_live_c', accountId: 'c', projectId: 'c-main' },
    ];
    const owners = keys.map(({ accountId, projectId }) => ({ accountId, projectId }));
    const SETTINGS = { theme: 'dark' };

    it('is one count for all replicas: racing creates stop at it exactly; a removal on one frees both', async () => {
      const url = await isolatedDatabaseUrl();
      const replicas = [await PostgresChatbotStore.open(url), await PostgresChatbotStore.open(url)];
      try {
        for (const replica of replicas) await replica.start(keys, []);
        // More creates than the database lets run at once, past the cap: the first side by side, the last alone.
        const slack = await maxConnections(url);
        const cap = slack + 40;
        const creates = Array.from({ length: slack + 80 }, (_, i) =>
          replicas[i % 2]!.create(owners[i % 3]!, { name: `C${i}`, settings: SETTINGS }, Infinity, cap),
        );
        const settled = await Promise.allSettled(creates);
        expect(settled.filter((one) => one.status === 'fulfilled')).toHaveLength(cap);
        for (const one of settled) if (one.status === 'rejected') expect(one.reason).toBeInstanceOf(StoreFullError);
        expect(await replicas[0]!.stored()).toBe(cap);
        expect((await replicas[1]!.all()).length).toBe(cap);
        const [first] = await replicas[0]!.listByAccount('a');
        expect(await replicas[0]!.removeChatbot('a', first!.id)).toBe(true);
        await replicas[1]!.create(owners[1]!, { name: 'Room again', settings: SETTINGS }, Infinity, cap);
        await expect(
          replicas[0]!.create(owners[2]!, { name: 'Full', settings: SETTINGS }, Infinity, cap),
        ).rejects.toThrow(StoreFullError);
      } finally {
        for (const replica of replicas) await replica.close();
      }
    });

    it('is counted on open in a database made before it was kept', async () => {
      const url = await isolatedDatabaseUrl();
      const first = await PostgresChatbotStore.open(url);
      try {
        await first.start(keys, []);
        for (const owner of owners) await first.create(owner, { name: 'Before', settings: SETTINGS });
        await first.records.insertRecord({ ...owners[0]!, collection: '/pets', id: '1', body: {} });
      } finally {
        await first.close();
      }
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query('DROP TABLE stored_counts');
      } finally {
        await client.end();
      }
      const again = await PostgresChatbotStore.open(url);
      try {
        expect([await again.stored(), await again.stored('a')]).toEqual([4, 2]);
        await expect(again.create(owners[1]!, { name: 'Full', settings: SETTINGS }, Infinity, 4)).rejects.toThrow(
          StoreFullError,
        );
      } finally {
        await again.close();
      }
    });
  },
);

async function maxConnections(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return Number((await client.query<{ max_connections: string }>('SHOW max_connections')).rows[0]!.max_connections);
  } finally {
    await client.end();
  }
}

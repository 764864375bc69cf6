// How many records a PostgreSQL database holds, chatbots and the contract's
// other records of every account together, for the cap on all a server
// stores: one count, shared by every replica on the database. It is split in
// SLOTS rows (stored_counts), an account's in the row its hash picks, and each
// write adds to its account's row in its own transaction: creates of different
// accounts seldom wait on one row, and the cap reads the sum of the rows, never
// a count of the tables.
//
// The cap holds exactly. A create runs under an advisory lock, shared while the
// sum it reads leaves more room than `slack`, so that creates run side by side:
// none sees the others' uncommitted rows, but with slack the database's
// max_connections, more than can be in flight at once, all of them together
// cannot pass the cap. One that finds less room rolls back and runs again under
// the lock held alone, once every create before it has committed. A write of many (a seed, an account replaced)
// always takes the lock alone, and reads the sum again before it commits.
import type pg from 'pg';
import { oneRow, query, transaction } from './postgresAccess.js';
import { StoreFullError } from './store.js';

const SLOTS = 64;
/** The SQL of an account's slot, the account given by `account` (a parameter or a column). */
const slotOf = (account: string) => `(hashtext(${account}) & ${SLOTS - 1})`;
// Two int4 keys: advisory locks apart from the bigint ones the accounts take (hashtext).
const CAP_LOCK = '7263110, 1';

export const STORED_TABLE = 'CREATE TABLE IF NOT EXISTS stored_counts (slot INT PRIMARY KEY, stored BIGINT NOT NULL);';

/** Every row counted again (at start, on a reset, after every record is removed): writes in flight commit first, and
 * those after add to it. */
export const RECOUNT_STORED = `
  LOCK TABLE stored_counts IN EXCLUSIVE MODE;
  DELETE FROM stored_counts;
  INSERT INTO stored_counts (slot, stored)
    SELECT slot, coalesce(sum(held.n), 0) FROM generate_series(0, ${SLOTS - 1}) AS slot
    LEFT JOIN (
      SELECT account_id, count(*) AS n FROM chatbots GROUP BY account_id
      UNION ALL SELECT account_id, count(*) FROM records GROUP BY account_id
    ) AS held ON ${slotOf('held.account_id')} = slot
    GROUP BY slot;
`;

// One more in the account's slot; the sum of every slot after it (the others' as committed).
const ADD_ONE = `
  WITH added AS (UPDATE stored_counts SET stored = stored + 1 WHERE slot = ${slotOf('$1')} RETURNING slot, stored)
  SELECT (SELECT stored FROM added)
    + (SELECT coalesce(sum(stored), 0) FROM stored_counts WHERE slot <> (SELECT slot FROM added)) AS total`;

/** What the cap needs of a database: the most it may hold, and how many creates may be in flight at once. */
export interface Room {
  max: number;
  slack: number;
}

/** How many creates may be in flight at once on the database: its max_connections. */
export async function slackOf(client: pg.PoolClient): Promise<number> {
  const { rows } = await client.query<{ max_connections: string }>('SHOW max_connections');
  return Number(oneRow(rows).max_connections);
}

/** Runs `work`, which stores one row of the account, in a transaction that counts it: StoreFullError, nothing stored,
 * when the database holds `room.max` rows already. `work` may run twice: a first try too near the cap is undone. */
export async function storingOne<T>(
  pool: pg.Pool,
  accountId: string,
  room: Room,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const attempt = (alone: boolean) =>
    transaction(
      pool,
      async (client) => {
        const done = await work(client);
        const total = Number(oneRow((await client.query<{ total: string }>(ADD_ONE, [accountId])).rows).total);
        if (!alone && total > room.max - room.slack) throw new NearTheCap();
        if (total > room.max) throw new StoreFullError(room.max);
        return done;
      },
      `BEGIN; SELECT pg_advisory_xact_lock${alone ? '' : '_shared'}(${CAP_LOCK})`,
    );
  if (room.max > room.slack)
    try {
      return await attempt(false);
    } catch (error) {
      if (!(error instanceof NearTheCap)) throw error;
    }
  return attempt(true);
}

class NearTheCap extends Error {}

/** Runs `work`, which stores many rows and counts them (a seed, an account replaced), in a transaction under the lock
 * held alone, once every create before it has committed: StoreFullError, nothing stored, when the database would then
 * hold more than `max` rows. */
export function storingMany<T>(pool: pg.Pool, max: number, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  return transaction(
    pool,
    async (client) => {
      const done = await work(client);
      const { rows } = await client.query<{ n: string | null }>('SELECT sum(stored) AS n FROM stored_counts');
      const total = Number(oneRow(rows).n ?? 0);
      if (total > max) throw new StoreFullError(max, total);
      return done;
    },
    `BEGIN; SELECT pg_advisory_xact_lock(${CAP_LOCK})`,
  );
}

/** Inside a transaction: `change` added to the account's count (less than 0: rows removed). */
export async function addStored(client: pg.PoolClient, accountId: string, change: number): Promise<void> {
  if (change === 0) return;
  await client.query(`UPDATE stored_counts SET stored = stored + $2 WHERE slot = ${slotOf('$1')}`, [accountId, change]);
}

/** Inside a transaction: one more for each account named, once for each row it was given. */
export async function addStoredOf(client: pg.PoolClient, accountIds: readonly string[]): Promise<void> {
  await client.query(
    `UPDATE stored_counts SET stored = stored + added.n
     FROM (SELECT ${slotOf('a')} AS slot, count(*) AS n FROM unnest($1::text[]) AS a GROUP BY 1) AS added
     WHERE stored_counts.slot = added.slot`,
    [accountIds],
  );
}

/** How many rows the database holds: in every account (the slots' sum), or in one (its size and its records). */
export async function storedIn(pool: pg.Pool, accountId?: string): Promise<number> {
  const { rows } =
    accountId === undefined
      ? await query<{ n: string | null }>(pool, 'SELECT sum(stored) AS n FROM stored_counts')
      : await query<{ n: string | null }>(
          pool,
          `SELECT (SELECT coalesce(sum(chatbots), 0) FROM account_sizes WHERE account_id = $1)
             + (SELECT count(*) FROM records WHERE account_id = $1) AS n`,
          [accountId],
        );
  return Number(oneRow(rows).n ?? 0);
}

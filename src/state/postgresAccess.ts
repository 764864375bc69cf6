// A query and a transaction on the pool, each failure that means the database
// cannot be reached now turned into StoreUnavailableError (503): what every
// PostgreSQL table of the store goes through.
import type pg from 'pg';
import { asUnavailable } from './postgresFailures.js';
import { StoreUnavailableError } from './store.js';

export async function query<R extends pg.QueryResultRow>(
  pool: pg.Pool,
  text: string,
  values: unknown[] = [],
): Promise<pg.QueryResult<R>> {
  try {
    return await pool.query<R>(text, values);
  } catch (error) {
    throw asUnavailable(error);
  }
}

/** `begin`: what opens it, BEGIN and what it runs first with no value of its own (a lock), in one round trip. */
export async function transaction<T>(
  pool: pg.Pool,
  work: (client: pg.PoolClient) => Promise<T>,
  begin = 'BEGIN',
): Promise<T> {
  let client: pg.PoolClient;
  try {
    client = await pool.connect();
  } catch (error) {
    throw asUnavailable(error);
  }
  try {
    await client.query(begin);
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

/** The row of a statement that returns exactly one (a SELECT of values, an upsert's RETURNING). */
export function oneRow<R>(rows: R[]): R {
  const [row] = rows;
  if (!row) throw new Error('the database returned no row where one was certain');
  return row;
}

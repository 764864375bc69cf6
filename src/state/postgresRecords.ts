// The records of inferred resources in PostgreSQL, shared by every replica:
// each operation one statement or one transaction. Creates in one account take
// the account's advisory lock (as chatbots do), so the limit holds across
// replicas; each write keeps the count of all rows (postgresStored.ts) in its
// own transaction. The body is kept as the JSON text sent, key order and
// numbers exactly as they were.
import type pg from 'pg';
import { oneRow, query, transaction } from './postgresAccess.js';
import {
  bodyText,
  itemPath,
  recordFromRow,
  type RecordRow,
  type RecordStore,
  type StoredRecord,
} from './recordStore.js';
import { addStored, RECOUNT_STORED, storingOne } from './postgresStored.js';
import { AccountFullError } from './store.js';

const COLUMNS = 'account_id, project_id, collection, id, body';
const BELOW = 'account_id = $1 AND starts_with(collection, $2)';

export class PostgresRecords implements RecordStore {
  /** `slack`: how many creates may be in flight at once on the database (postgresStored.ts). */
  constructor(
    private readonly pool: pg.Pool,
    private readonly slack: number,
  ) {}

  async insertRecord(record: StoredRecord, maxPerAccount = Infinity, maxInAll = Infinity, maxStored = Infinity) {
    const { accountId, projectId, collection, id, body } = record;
    const text = bodyText(body);
    await storingOne(this.pool, accountId, { max: maxStored, slack: this.slack }, async (client) => {
      await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [accountId]);
      const { rows } = await client.query<{ here: string; held: string }>(
        'SELECT count(*) FILTER (WHERE collection = $1) AS here, count(*) AS held FROM records WHERE account_id = $2',
        [collection, accountId],
      );
      const { here, held } = oneRow(rows);
      if (Number(here) >= maxPerAccount) throw new AccountFullError(accountId, maxPerAccount, 'records here');
      if (Number(held) >= maxInAll) throw new AccountFullError(accountId, maxInAll, 'records in all');
      await client.query(`INSERT INTO records (${COLUMNS}) VALUES ($1, $2, $3, $4, $5)`, [
        accountId,
        projectId,
        collection,
        id,
        text,
      ]);
    });
  }

  async findRecord(accountId: string, collection: string, id: string): Promise<StoredRecord | undefined> {
    const { rows } = await query<RecordRow>(
      this.pool,
      `SELECT ${COLUMNS} FROM records WHERE account_id = $1 AND collection = $2 AND id = $3`,
      [accountId, collection, id],
    );
    return rows[0] && recordFromRow(rows[0]);
  }

  async listRecords(accountId: string, collection: string): Promise<readonly StoredRecord[]> {
    const { rows } = await query<RecordRow>(
      this.pool,
      `SELECT ${COLUMNS} FROM records WHERE account_id = $1 AND collection = $2 ORDER BY seq`,
      [accountId, collection],
    );
    return rows.map(recordFromRow);
  }

  async replaceRecord(accountId: string, collection: string, id: string, body: Record<string, unknown>) {
    const text = bodyText(body);
    const { rowCount } = await query(
      this.pool,
      'UPDATE records SET body = $4 WHERE account_id = $1 AND collection = $2 AND id = $3',
      [accountId, collection, id, text],
    );
    return (rowCount ?? 0) > 0;
  }

  async removeRecord(accountId: string, collection: string, id: string): Promise<boolean> {
    return transaction(this.pool, async (client) => {
      const { rowCount } = await client.query(
        'DELETE FROM records WHERE account_id = $1 AND collection = $2 AND id = $3',
        [accountId, collection, id],
      );
      const below = await client.query(`DELETE FROM records WHERE ${BELOW}`, [
        accountId,
        `${itemPath(collection, id)}/`,
      ]);
      await addStored(client, accountId, -(rowCount ?? 0) - (below.rowCount ?? 0));
      return (rowCount ?? 0) > 0;
    });
  }

  async removeBelow(accountId: string, item: string): Promise<void> {
    await this.#removing(accountId, `DELETE FROM records WHERE ${BELOW}`, [accountId, `${item}/`]);
  }

  async clearRecords(accountId?: string): Promise<void> {
    if (accountId !== undefined)
      return this.#removing(accountId, 'DELETE FROM records WHERE account_id = $1', [accountId]);
    await transaction(this.pool, async (client) => {
      await client.query('DELETE FROM records');
      await client.query(RECOUNT_STORED);
    });
  }

  /** One DELETE of the account's records, taken off the count in the same transaction. */
  async #removing(accountId: string, sql: string, values: unknown[]): Promise<void> {
    await transaction(this.pool, async (client) => {
      const { rowCount } = await client.query(sql, values);
      await addStored(client, accountId, -(rowCount ?? 0));
    });
  }
}

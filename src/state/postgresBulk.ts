// Writing many keys and chatbots inside one PostgreSQL transaction: a seed, a reset, an account replaced, new keys.
// The cap on all a database holds is checked around them (postgresStored.ts: storingMany).
import type pg from 'pg';
import type { ApiKey } from './keys.js';
import { checkKeyOwners, type EncodedChatbot } from './store.js';
import { COLUMNS, RECOUNT } from './postgresSchema.js';
import { addStored, addStoredOf } from './postgresStored.js';

/** Inside a transaction that holds the api_keys lock: refuses a project that would change account. */
export async function insertKeys(client: pg.PoolClient, keys: readonly ApiKey[]): Promise<void> {
  const { rows } = await client.query<{ project_id: string; account_id: string }>(
    'SELECT DISTINCT project_id, account_id FROM api_keys',
  );
  checkKeyOwners(new Map(rows.map((row) => [row.project_id, row.account_id])), keys);
  for (const { key, accountId, projectId } of keys) {
    await client.query(
      'INSERT INTO api_keys (key, account_id, project_id) VALUES ($1, $2, $3) ON CONFLICT (key) DO NOTHING',
      [key, accountId, projectId],
    );
  }
}

/** In chunks of one statement each: a large seed or reset costs a few round trips, not one per chatbot. Each chatbot
 * comes encoded (encodeEach): the encoder refused none, before the transaction. */
export async function insertChatbots(client: pg.PoolClient, chatbots: readonly EncodedChatbot[]): Promise<void> {
  for (let start = 0; start < chatbots.length; start += 5_000) {
    const chunk = chatbots.slice(start, start + 5_000);
    const column = (pick: (encoded: EncodedChatbot) => unknown) => chunk.map(pick);
    await client.query(
      `INSERT INTO chatbots (${COLUMNS}, encoded)
       SELECT a, b, c, d, e, f, g, h
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::boolean[], $7::text[], $8::text[])
         WITH ORDINALITY AS t(a, b, c, d, e, f, g, h, n)
       ORDER BY n`,
      [
        column(({ record }) => record.chatbot.id),
        column(({ record }) => record.accountId),
        column(({ record }) => record.projectId),
        column(({ record }) => JSON.stringify(record.chatbot.name)),
        column(({ record }) => JSON.stringify(record.chatbot.settings)),
        column(({ record }) => record.chatbot.is_active),
        column(({ record }) => record.chatbot.created_at),
        column(({ bytes }) => TEXT.decode(bytes)),
      ],
    );
  }
}

/** Inside a transaction: chatbots added after those stored (a test's seed), and every account's size and the count of
 * all rows kept. */
export async function addChatbotRows(client: pg.PoolClient, chatbots: readonly EncodedChatbot[]): Promise<void> {
  // As a reset does: no create lands between the rows and the recount.
  await client.query('LOCK TABLE chatbots, account_sizes IN ACCESS EXCLUSIVE MODE');
  await insertChatbots(client, chatbots);
  await client.query(RECOUNT);
  await addStoredOf(
    client,
    chatbots.map(({ record }) => record.accountId),
  );
}

/** Inside a transaction: the account's chatbots replaced by these (its records removed), and its size and the count
 * of all rows kept. The account's lock is taken
 * first, as a create takes it: a create holding it commits before, and is deleted; one after waits, and is kept. */
export async function replaceAccountRows(
  client: pg.PoolClient,
  accountId: string,
  chatbots: readonly EncodedChatbot[],
): Promise<void> {
  await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [accountId]);
  const gone = await client.query('DELETE FROM chatbots WHERE account_id = $1', [accountId]);
  const records = await client.query('DELETE FROM records WHERE account_id = $1', [accountId]);
  await insertChatbots(client, chatbots);
  await client.query(
    `INSERT INTO account_sizes (account_id, chatbots) VALUES ($1, $2)
     ON CONFLICT (account_id) DO UPDATE SET chatbots = EXCLUDED.chatbots`,
    [accountId, chatbots.length],
  );
  await addStored(client, accountId, chatbots.length - (gone.rowCount ?? 0) - (records.rowCount ?? 0));
}

const TEXT = new TextDecoder();

// A chatbot changed behind the server's back (a hand, a restore, another version
// of the server on a shared database) never goes out in a 200: the contract's
// encoder checks each stored chatbot when it is first read, and the account's
// list answers the 500 problem, while the log names the chatbot and the reason.
// Other accounts are not touched.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { specPath } from '../src/contract/load.js';
import { openDatabase } from '../src/state/nodeSqlite.js';
import { isolatedDatabaseUrl, postgresAvailable } from './helpers/postgres.js';
import { KEYS, startTestServer } from './helpers/server.js';

const PROBLEM = 'https://chatbots.example/problems/';

/** A logger whose JSON lines the test reads. */
function capturedLogger() {
  const lines: string[] = [];
  const logger = pino({}, { write: (line: string) => void lines.push(line) });
  return {
    logger,
    logged: () =>
      lines.map((line) => JSON.parse(line) as { level: number; msg: string; chatbotId?: string; reason?: string }),
  };
}

/** Creates one chatbot in acme and one in globex, through the API, on a server with this store. */
async function createTwo(store: { dataFile?: string; databaseUrl?: string }): Promise<string> {
  const first = await startTestServer(store);
  try {
    const created = await first.client.create(KEYS.acmeWeb, {
      name: 'To be tampered with',
      settings: { theme: 'dark' },
    });
    expect((await first.client.create(KEYS.globex, { name: 'Untouched' })).status).toBe(201);
    return created.body.data.id;
  } finally {
    await first.close();
  }
}

/**
 * Restarts on the store, and expects acme's list to be the 500 problem with a log naming the chatbot; globex's a 200.
 */
async function expectRefused(
  store: { dataFile?: string; databaseUrl?: string; contractFile?: string },
  id: string,
  reason: RegExp,
): Promise<void> {
  const { logger, logged } = capturedLogger();
  const again = await startTestServer({ ...store, logger });
  try {
    const listed = await again.client.list(KEYS.acmeWeb);
    expect(listed.status).toBe(500);
    expect(listed.body).toMatchObject({ type: `${PROBLEM}internal-error`, status: 500 });
    expect(logged()).toContainEqual(
      expect.objectContaining({ level: 50, chatbotId: id, reason: expect.stringMatching(reason) }),
    );
    const other = await again.client.list(KEYS.globex);
    expect(other.status).toBe(200);
    expect(other.body.data.map((chatbot: { name: string }) => chatbot.name)).toEqual(['Untouched']);
  } finally {
    await again.close();
  }
}

describe('a stored chatbot that breaks the contract', () => {
  // With a contract file, the store follows the contract in force, and takes its encoder again at start.
  it.each([
    ['', {}],
    [', the contract given as a file', { contractFile: specPath }],
  ])(
    'in a SQLite file edited by hand (created_at without milliseconds, theme a number)%s: a 500, never a 200',
    async (_label, contract) => {
      const dataFile = join(mkdtempSync(join(tmpdir(), 'tampered-')), 'state.db');
      const id = await createTwo({ dataFile });
      const db = openDatabase(dataFile);
      db.prepare(
        "UPDATE chatbots SET created_at = substr(created_at, 1, 19) || 'Z', settings = json_set(settings, " +
          "'$.theme', 42) WHERE id = ?",
      ).run(id);
      db.close();
      await expectRefused({ dataFile, ...contract }, id, /created_at|theme/);
    },
  );

  it.skipIf(!postgresAvailable('the tampered-row test'))(
    'in a PostgreSQL row inserted by SQL: a 500, never a 200',
    async () => {
      const databaseUrl = await isolatedDatabaseUrl();
      await createTwo({ databaseUrl });
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      const id = '0f0b8c52-7d1e-4a9b-9c2f-5e6d7a8b9c02';
      try {
        // What a hand or another version of the server writes: fields only, the milliseconds dropped.
        await client.query(
          `INSERT INTO chatbots (id, account_id, project_id, name_json, settings, is_active, created_at)
         VALUES ($1, 'acme', 'acme-web', '"By hand"', '{"theme":"dark"}', true, '2026-11-22T09:15:02Z')`,
          [id],
        );
      } finally {
        await client.end();
      }
      await expectRefused({ databaseUrl }, id, /created_at/);
    },
  );
});

// Crash safety: the server is killed with SIGKILL at random moments while
// creates stream in, on SQLite and on PostgreSQL. After each restart every
// acknowledged chatbot is there, exactly, and nothing that was never sent.
// CRASH_ROUNDS sets the rounds (default 4).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { isolatedDatabaseUrl, postgresAvailable } from '../helpers/postgres.js';
import { assertBuilt, listening, run } from '../helpers/run.js';
import { KEYS, TestClient } from '../helpers/server.js';

const ROUNDS = Number(process.env.CRASH_ROUNDS ?? 4);
beforeAll(assertBuilt);

async function crashRounds(storeArgs: string[]) {
  const acknowledged = new Map<string, string>(); // id -> name
  let sent = 0;
  const start = async () => {
    const server = run(['serve', '--port', '0', '--quiet', ...storeArgs]);
    return { server, client: new TestClient(await listening(server)) };
  };
  for (let round = 0; round < ROUNDS; round++) {
    const { server, client } = await start();
    // After a restart: everything acknowledged before is there, exactly.
    const listed = new Map((await client.listed(KEYS.acmeWeb)).map((c) => [c.id, c.name]));
    for (const [id, name] of acknowledged) expect(listed.get(id), `chatbot ${id} was acknowledged`).toBe(name);
    // Anything else listed was sent (its 201 was lost with the crash), never invented.
    for (const name of listed.values()) expect(name).toMatch(/^crash round \d+ #\d+$/);

    // Stream creates from 8 clients; kill the server at a random moment.
    let stop = false;
    const streams = Array.from({ length: 8 }, async () => {
      while (!stop) {
        const name = `crash round ${round} #${sent++}`;
        try {
          const response = await client.create(KEYS.acmeWeb, { name });
          if (response.status === 201) acknowledged.set(response.body.data.id, name);
        } catch {
          return; // the connection died with the server
        }
      }
    });
    await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 400));
    server.child.kill('SIGKILL');
    await server.exit;
    stop = true;
    await Promise.all(streams);
  }
  expect(acknowledged.size).toBeGreaterThan(0);

  // One last restart to check the final crash too.
  const { client } = await start();
  const listed = new Set((await client.listed(KEYS.acmeWeb)).map((c) => c.id));
  for (const id of acknowledged.keys()) expect(listed.has(id), `chatbot ${id} was acknowledged`).toBe(true);
}

describe('SIGKILL while creates stream in', () => {
  it(`loses nothing acknowledged on SQLite, over ${ROUNDS} kills`, async () => {
    await crashRounds(['--data-file', join(mkdtempSync(join(tmpdir(), 'crash-')), 'state.db')]);
  }, 120_000);

  it.skipIf(!postgresAvailable('the crash test'))(
    `loses nothing acknowledged on PostgreSQL, over ${ROUNDS} kills`,
    async () => {
      await crashRounds(['--database-url', await isolatedDatabaseUrl()]);
    },
    120_000,
  );
});

// Crash safety with --data-file: the server is killed with SIGKILL at random
// moments while creates stream in. After each restart every acknowledged chatbot
// is there, the file parses, and nothing half-written appears.
// CRASH_ROUNDS sets the rounds (default 4).
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { assertBuilt, listening, run } from '../helpers/run.js';
import { KEYS, TestClient } from '../helpers/server.js';

const ROUNDS = Number(process.env.CRASH_ROUNDS ?? 4);
beforeAll(assertBuilt);

it(`loses nothing acknowledged over ${ROUNDS} SIGKILLs at random moments`, async () => {
  const dataFile = join(mkdtempSync(join(tmpdir(), 'crash-')), 'state.json');
  const acknowledged = new Map<string, string>(); // id -> name
  let sent = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const server = run(['serve', '--port', '0', '--quiet', '--data-file', dataFile]);
    const client = new TestClient(await listening(server));

    // After a restart: everything acknowledged before is there, exactly.
    const listed = new Map((await client.listed(KEYS.acmeWeb)).map((c) => [c.id, c.name]));
    for (const [id, name] of acknowledged) expect(listed.get(id), `chatbot ${id} was acknowledged`).toBe(name);
    // Anything else listed was sent (its 201 was lost with the crash), never invented.
    for (const name of listed.values()) expect(name).toMatch(/^crash round \d+ #\d+$/);
    const onDisk = existsSync(dataFile) ? (JSON.parse(readFileSync(dataFile, 'utf8')) as { chatbots: unknown[] }) : { chatbots: [] };
    expect(onDisk.chatbots.length).toBe(listed.size);

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
  const server = run(['serve', '--port', '0', '--quiet', '--data-file', dataFile]);
  const client = new TestClient(await listening(server));
  const listed = new Set((await client.listed(KEYS.acmeWeb)).map((c) => c.id));
  for (const id of acknowledged.keys()) expect(listed.has(id), `chatbot ${id} was acknowledged`).toBe(true);
  server.child.kill('SIGTERM');
  await server.exit;
}, 120_000);

// A store that cannot commit answers 503 with Retry-After, acknowledges
// nothing it did not keep, and recovers by itself once the cause is gone: a
// full disk and a read-only one (SQLite on a small tmpfs, or where mounting is
// refused, the documented stand-in CHATBOT_API_MOCK_SQLITE_MAX_PAGES), and a
// lost database (PostgreSQL behind a proxy the test cuts). A store that cannot
// be reached at start stops the start in one line. A reset racing creates
// resurrects nothing, on either store.
import { writeFileSync, rmSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Chatbot } from '../../src/contract/types.js';
import { isolatedDatabaseUrl, postgresAvailable } from '../helpers/postgres.js';
import { assertBuilt, run } from '../helpers/run.js';
import { KEYS, startTestServer, type ApiResponse, type TestServer } from '../helpers/server.js';
import { startTcpProxy } from '../helpers/tcpProxy.js';
import { mountTmpfs } from '../helpers/tmpfs.js';
import { joined } from '../helpers/regexp.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});
const serve = async (options: Parameters<typeof startTestServer>[0]) => {
  const t = await startTestServer(options);
  cleanups.push(() => t.close().catch(() => {}));
  return t;
};
const bulky = (i: number) => ({ name: `Bulky ${i}`, settings: { theme: 'dark', notes: 'x'.repeat(3_000) } });

function expectUnavailable(response: ApiResponse) {
  expect(response.status).toBe(503);
  expect(response.headers.get('retry-after')).toBe('1');
  expect(response.body).toMatchObject({ type: 'https://chatbots.example/problems/store-unavailable', status: 503 });
}

/** Creates until the store refuses (at most `limit`); returns the acknowledged ones and the refusal. */
async function fillUntilRefused(t: TestServer, limit: number) {
  const acknowledged: Chatbot[] = [];
  for (let i = 0; i < limit; i++) {
    const response = await t.client.create(KEYS.acmeWeb, bulky(i));
    if (response.status !== 201) return { acknowledged, refused: response };
    acknowledged.push(response.body.data);
  }
  throw new Error(`the store took ${limit} creates without filling up`);
}

describe('SQLite on a disk that fills up', () => {
  it('answers 503, keeps every acknowledged create, and takes creates again once space is freed', async () => {
    const disk = mountTmpfs('2m');
    if (!disk)
      console.warn(
        '\n  tmpfs cannot be mounted here: using the stand-in CHATBOT_API_MOCK_SQLITE_MAX_PAGES for a full disk\n',
      );
    const dir = disk?.dir ?? mkdtempSync(join(tmpdir(), 'full-'));
    if (disk) cleanups.push(() => disk.unmount());
    const path = join(dir, 'state.db');
    const filler = join(dir, 'filler');
    if (disk) writeFileSync(filler, Buffer.alloc(1_200_000));
    else process.env.CHATBOT_API_MOCK_SQLITE_MAX_PAGES = '200';
    cleanups.push(() => void delete process.env.CHATBOT_API_MOCK_SQLITE_MAX_PAGES);

    const t = await serve({ dataFile: path });
    const { acknowledged, refused } = await fillUntilRefused(t, 2_000);
    expectUnavailable(refused);
    expect(acknowledged.length).toBeGreaterThan(0);
    expect(await t.client.listed(KEYS.acmeWeb)).toEqual(acknowledged);
    const health = await fetch(`${new URL(t.server.url).origin}/__admin/health`);
    expect([health.status, ((await health.json()) as { writable: boolean }).writable]).toEqual([503, false]);

    // Space comes back: the same server takes creates again, with no restart.
    if (disk) rmSync(filler);
    else delete process.env.CHATBOT_API_MOCK_SQLITE_MAX_PAGES;
    if (disk) {
      const after = await t.client.create(KEYS.acmeWeb, { name: 'After the space came back' });
      expect(after.status).toBe(201);
      acknowledged.push(after.body.data);
    }
    await t.close();
    const again = await serve({ dataFile: path });
    expect(await again.client.listed(KEYS.acmeWeb)).toEqual(acknowledged);
  }, 60_000);

  it('stops the start in one line on a read-only disk', async (context) => {
    const disk = mountTmpfs('1m');
    if (!disk) return context.skip('tmpfs cannot be mounted here, and root writes through any permission');
    cleanups.push(() => disk.unmount());
    disk.remount('ro');
    assertBuilt();
    const started = run(['serve', '--port', '0', '--data-file', join(disk.dir, 'state.db')]);
    expect(await started.exit).toBe(1);
    expect(started.stderr().trim()).toMatch(/^chatbot-api-mock: error: data file .* cannot be used: .*read-only/i);
  });
});

describe.skipIf(!postgresAvailable('the lost-database test'))('PostgreSQL that is lost and comes back', () => {
  it('answers 503 while the database is unreachable, and recovers by itself', async () => {
    const url = new URL(await isolatedDatabaseUrl());
    const proxy = await startTcpProxy(url.hostname, Number(url.port));
    cleanups.push(() => proxy.close());
    url.port = String(proxy.port);
    const t = await serve({ databaseUrl: url.toString() });
    const before = await t.client.create(KEYS.acmeWeb, { name: 'Before' });
    proxy.cut();
    for (let i = 0; i < 3; i++) expectUnavailable(await t.client.create(KEYS.acmeWeb, { name: `Lost ${i}` }));
    expectUnavailable(await t.client.list(KEYS.acmeWeb));
    proxy.restore();
    const after = await t.client.create(KEYS.acmeWeb, { name: 'After' });
    expect(after.status).toBe(201);
    expect((await t.client.listed(KEYS.acmeWeb)).map((c) => c.id)).toEqual([before.body.data.id, after.body.data.id]);
  }, 60_000);
});

describe('a store that cannot be reached at start', () => {
  it('stops the start with one line and exit code 1', async () => {
    assertBuilt();
    const started = run(['serve', '--port', '0', '--database-url', 'postgres://nobody:secret@127.0.0.1:1/none']);
    expect(await started.exit).toBe(1);
    expect(started.stderr().trim()).toMatch(
      joined(
        /^chatbot-api-mock: error: database postgres:\/\/nobody:\*\*\*@127\.0\.0\.1:1\/none /,
        /cannot be used: .*ECONNREFUSED/,
      ),
    );
    expect(started.stderr()).not.toContain('secret');
    expect(started.stdout()).not.toContain('listening');
  });
});

describe('a reset racing creates', () => {
  const stores: [string, () => Promise<Parameters<typeof startTestServer>[0]>][] = [
    ['SQLite', async () => ({ dataFile: join(mkdtempSync(join(tmpdir(), 'race-')), 'state.db') })],
    ...(postgresAvailable('the reset race')
      ? [['PostgreSQL', async () => ({ databaseUrl: await isolatedDatabaseUrl() })] as [string, () => Promise<object>]]
      : []),
  ];
  it.each(stores)('resurrects nothing after a restart, on %s', async (_kind, storeOptions) => {
    const options = { ...(await storeOptions()), seed: { projects: { 'acme-web': [{ name: 'Seeded' }] } } };
    const t = await serve(options);
    const old: string[] = [];
    for (let i = 0; i < 20; i++) old.push((await t.client.create(KEYS.acmeWeb, { name: `Old ${i}` })).body.data.id);
    const racing = Array.from({ length: 20 }, (_, i) => t.client.create(KEYS.acmeWeb, { name: `Racing ${i}` }));
    await t.server.reset();
    await Promise.all(racing);
    const live = await t.client.listed(KEYS.acmeWeb);
    await t.close();
    const again = await serve(options);
    const restarted = await again.client.listed(KEYS.acmeWeb);
    expect(restarted).toEqual(live);
    expect(restarted.filter((c) => old.includes(c.id))).toEqual([]);
    expect(restarted[0]!.name).toBe('Seeded');
  });
});

// Two server processes on one PostgreSQL database, as replicas behind a load
// balancer: creates and lists interleaved from both, each list complete and in
// order, and a tenant made through one replica usable through the other.
import { beforeAll, describe, expect, it } from 'vitest';
import { isolatedDatabaseUrl, postgresAvailable } from '../helpers/postgres.js';
import { assertBuilt, listening, run } from '../helpers/run.js';
import { KEYS, KEYS_FILE, TestClient } from '../helpers/server.js';

describe.skipIf(!postgresAvailable('the two-replica test'))('two replicas on one PostgreSQL', () => {
  beforeAll(assertBuilt);

  it('serve one state: every create is in the next list from either, in creation order', async () => {
    const databaseUrl = await isolatedDatabaseUrl();
    const replicas = await Promise.all(
      [0, 1].map(
        async () =>
          new TestClient(
            await listening(
              run(['serve', '--port', '0', '--quiet', '--keys', KEYS_FILE, '--database-url', databaseUrl]),
            ),
          ),
      ),
    );
    const created: string[] = [];
    for (let i = 0; i < 40; i++) {
      const through = replicas[i % 2]!;
      const response = await through.create(i % 3 ? KEYS.acmeWeb : KEYS.acmeMobile, { name: `Replicated ${i}` });
      expect(response.status).toBe(201);
      created.push(response.body.data.id);
      for (const replica of replicas) expect((await replica.listed(KEYS.acmeWeb)).map((c) => c.id)).toEqual(created);
    }
    // Concurrent creates through both: each list is complete, the same from both, and oldest first.
    const concurrent = await Promise.all(
      Array.from({ length: 60 }, (_, i) => replicas[i % 2]!.create(KEYS.globex, { name: `Burst ${i}` })),
    );
    const [a, b] = await Promise.all(replicas.map((replica) => replica.listed(KEYS.globex)));
    expect(a).toEqual(b);
    expect(new Set(a!.map((c) => c.id))).toEqual(new Set(concurrent.map((r) => r.body.data.id)));
    const times = a!.map((c) => c.created_at);
    expect(times).toEqual([...times].sort());
  }, 60_000);

  it('share tenants: a key made through one replica works through the other', async () => {
    const databaseUrl = await isolatedDatabaseUrl();
    const urls = await Promise.all(
      [0, 1].map(() => listening(run(['serve', '--port', '0', '--quiet', '--database-url', databaseUrl]))),
    );
    const tenant = (await (
      await fetch(`${new URL(urls[0]!).origin}/__admin/tenants`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      })
    ).json()) as { api_key: string };
    const other = new TestClient(urls[1]!);
    expect((await other.create(tenant.api_key, { name: 'Through the other replica' })).status).toBe(201);
    expect((await new TestClient(urls[0]!).listed(tenant.api_key)).map((c) => c.name)).toEqual([
      'Through the other replica',
    ]);
  }, 60_000);
});

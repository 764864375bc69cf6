// One key floods the server with the heaviest creates the contract allows, and
// with the body of 34,000 empty objects that once cost 2.2 MB of heap each.
// With the default limits the account fills up (409), the heavy body is
// refused (422), the server's RSS stays under 1 GB, another tenant keeps being
// answered, and the server never exits. Bounded in requests (about 11,000).
import { readFileSync } from 'node:fs';
import { beforeAll, expect, it } from 'vitest';
import { assertBuilt, listening, run } from '../helpers/run.js';
import { KEYS, TestClient } from '../helpers/server.js';

beforeAll(assertBuilt);

const rssBytes = (pid: number) =>
  Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) * 1024;

it('survives a flood of heavy bodies from one key, and keeps serving another tenant', async () => {
  const server = run(['serve', '--port', '0', '--quiet']);
  const client = new TestClient(await listening(server));
  const heaviest = { name: 'Heavy', settings: { theme: 'dark', prompt: 'p'.repeat(15_900) } };
  const attack = { name: 'Attack', settings: { a: Array.from({ length: 34_000 }, () => ({})) } };
  const statuses = new Map<number, number>();
  let sent = 0;
  let otherTenantAnswers = 0;
  const flood = Array.from({ length: 4 }, async () => {
    while (sent < 10_600) {
      const body = sent++ % 50 === 0 ? attack : heaviest;
      const { status } = await client.create(KEYS.acmeWeb, body);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
  });
  const other = (async () => {
    while (sent < 10_600) {
      expect((await client.list(KEYS.globex)).status).toBe(200);
      otherTenantAnswers++;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  await Promise.all([...flood, other]);

  const rss = rssBytes(server.child.pid!);
  console.log(
    `flood: ${sent} creates, answers ${JSON.stringify(Object.fromEntries(statuses))}, server RSS ` +
      `${(rss / 1e6).toFixed(0)} MB, ${otherTenantAnswers} lists of another tenant answered`,
  );
  expect(statuses.get(201)).toBe(10_000);
  expect(statuses.get(409)).toBeGreaterThan(0);
  expect(statuses.get(422)).toBeGreaterThan(0);
  expect([...statuses.keys()].every((status) => status < 500)).toBe(true);
  expect(rss).toBeLessThan(1e9);
  expect(otherTenantAnswers).toBeGreaterThan(0);
  expect(server.child.exitCode).toBeNull();
  expect((await client.list(KEYS.globex)).status).toBe(200);
}, 180_000);

// --data-file (SQLite): the state survives restarts (what inferred operations did
// included); a second server on the same
// file is refused; a file that cannot be used stops the start in one line; a
// data file of the earlier JSON format is imported once, beside it.
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RecordsError } from '../src/state/records.js';
import { assertBuilt, listening, run } from './helpers/run.js';
import { loadContract } from '../src/contract/load.js';
import { writeCrudContract } from './helpers/crudContract.js';
import { KEYS, startTestServer, TestClient } from './helpers/server.js';

const tempPath = (name = 'state.db') => join(mkdtempSync(join(tmpdir(), 'data-file-')), name);

describe('--data-file', () => {
  it('keeps every create across a restart: chatbots, order, and tenants made by the admin API', async () => {
    const path = tempPath();
    const first = await startTestServer({ dataFile: path });
    const origin = new URL(first.server.url).origin;
    const tenant = (await (
      await fetch(`${origin}/__admin/tenants`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      })
    ).json()) as { api_key: string };
    for (const [key, name] of [
      [KEYS.acmeWeb, 'One'],
      [KEYS.acmeMobile, 'Two'],
      [KEYS.globex, 'Three'],
      [tenant.api_key, 'Mine'],
    ] as const) {
      expect((await first.client.create(key, { name, settings: { theme: 'dark', nested: { a: [1] } } })).status).toBe(
        201,
      );
    }
    const before = { ...(await first.client.snapshot()), tenant: await first.client.listed(tenant.api_key) };
    await first.close();

    const second = await startTestServer({ dataFile: path });
    try {
      expect({ ...(await second.client.snapshot()), tenant: await second.client.listed(tenant.api_key) }).toEqual(
        before,
      );
      expect((before as Record<string, { name: string }[]>).acme!.map((c) => c.name)).toEqual(['One', 'Two']);
    } finally {
      await second.close();
    }
  });

  it('keeps what inferred operations did across a restart: a patch, a delete, a sub-resource', async () => {
    const path = tempPath();
    const contractFile = writeCrudContract();
    const crud = loadContract(contractFile);
    const first = await startTestServer({ dataFile: path, contractFile });
    const client = new TestClient(first.server.url, crud);
    const kept = (await client.create(KEYS.acmeWeb, { name: 'Kept' })).body.data;
    const gone = (await client.create(KEYS.acmeWeb, { name: 'Gone' })).body.data;
    const merge = { 'content-type': 'application/merge-patch+json' };
    await client.request('PATCH', `/chatbots/${kept.id}`, {
      key: KEYS.acmeWeb,
      raw: '{"name":"Patched"}',
      headers: merge,
    });
    const version = await client.request('POST', `/chatbots/${kept.id}/versions`, {
      key: KEYS.acmeWeb,
      json: { label: 'v1' },
    });
    await client.request('DELETE', `/chatbots/${gone.id}`, { key: KEYS.acmeWeb });
    await first.close();

    const second = await startTestServer({ dataFile: path, contractFile });
    try {
      const again = new TestClient(second.server.url, crud);
      expect((await again.listed(KEYS.acmeWeb)).map((chatbot) => chatbot.name)).toEqual(['Patched']);
      const versions = await again.request('GET', `/chatbots/${kept.id}/versions`, { key: KEYS.acmeWeb });
      expect(versions.body).toEqual({ data: [version.body], total: 1 });
      expect((await again.request('GET', `/chatbots/${gone.id}`, { key: KEYS.acmeWeb })).status).toBe(404);
    } finally {
      await second.close();
    }
  });

  it('keeps every one of 100 concurrent creates', async () => {
    const path = tempPath();
    const server = await startTestServer({ dataFile: path });
    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, i) => server.client.create(KEYS.acmeWeb, { name: `Concurrent ${i}` })),
    );
    const ids = new Set(responses.map((r) => r.body.data.id));
    await server.close();
    const again = await startTestServer({ dataFile: path });
    try {
      expect(new Set((await again.client.listed(KEYS.acmeWeb)).map((c) => c.id))).toEqual(ids);
    } finally {
      await again.close();
    }
  });

  it('starts from the seed when the file is new, and a reset writes the seed back', async () => {
    const path = tempPath();
    const seed = { projects: { 'acme-web': [{ name: 'Seeded' }] } };
    const server = await startTestServer({ dataFile: path, seed });
    await server.client.create(KEYS.acmeWeb, { name: 'Later' });
    await server.server.reset();
    await server.close();
    const again = await startTestServer({ dataFile: path, seed });
    try {
      expect((await again.client.listed(KEYS.acmeWeb)).map((c) => c.name)).toEqual(['Seeded']);
    } finally {
      await again.close();
    }
  });

  it('refuses a second server on the same file, in one line', async () => {
    assertBuilt();
    const path = tempPath();
    const first = run(['serve', '--port', '0', '--quiet', '--data-file', path]);
    await listening(first);
    const second = run(['serve', '--port', '0', '--quiet', '--data-file', path]);
    expect(await second.exit).toBe(1);
    expect(second.stderr().trim()).toBe(
      `chatbot-api-mock: error: data file ${path} is locked: another server is using it`,
    );
  });

  it.each([
    [
      'a missing directory',
      () => join(tempPath(), 'missing', 'state.db'),
      /cannot be used: the directory .* does not exist/,
    ],
    [
      'a file that is not SQLite',
      () => writeAndReturn(tempPath('junk.db'), 'not a database at all, but long enough to look at'),
      /is not a SQLite database of this server/,
    ],
  ])('stops the start on %s, in one line and with exit code 1', async (_label, make, message) => {
    assertBuilt();
    const path = make();
    const started = run(['serve', '--port', '0', '--data-file', path]);
    expect(await started.exit).toBe(1);
    expect(started.stderr()).toMatch(message);
    expect(started.stderr().trim().split('\n')).toHaveLength(1);
    expect(started.stdout()).not.toContain('listening');
  });
});

describe('a data file of the earlier JSON format', () => {
  const legacy = JSON.stringify({
    version: 1,
    chatbots: [
      {
        account: 'acme',
        project: 'acme-web',
        chatbot: {
          id: '3f0b8c52-7d1e-4a9b-9c2f-5e6d7a8b9c01',
          name: 'From JSON',
          settings: { theme: 'dark' },
          is_active: true,
          created_at: '2026-11-01T10:00:00.000Z',
        },
      },
    ],
  });

  it('is imported once into FILE.sqlite beside it, and left as it was', async () => {
    const path = tempPath('state.json');
    writeFileSync(path, legacy);
    const first = await startTestServer({ dataFile: path });
    expect(first.server.notice).toMatch(/imported 1 chatbots from .*state\.json .* into .*state\.json\.sqlite/);
    await first.client.create(KEYS.acmeWeb, { name: 'After the import' });
    await first.close();
    expect(readFileSync(path, 'utf8')).toBe(legacy);
    expect(existsSync(`${path}.sqlite`)).toBe(true);

    const second = await startTestServer({ dataFile: path });
    try {
      expect(second.server.notice).toMatch(/was imported before: using .*state\.json\.sqlite/);
      expect((await second.client.listed(KEYS.acmeWeb)).map((c) => c.name)).toEqual(['From JSON', 'After the import']);
    } finally {
      await second.close();
    }
  });

  it.each([
    ['truncated JSON', '{"version":1,"chatbots":[{"account":"acme"'],
    ['another format', '{"chatbots": {}}'],
    [
      'a broken chatbot',
      JSON.stringify({ version: 1, chatbots: [{ account: 'acme', project: 'acme-web', chatbot: { id: 'x' } }] }),
    ],
    [
      'an unknown project',
      JSON.stringify({ version: 1, chatbots: [{ account: 'acme', project: 'nope', chatbot: {} }] }),
    ],
  ])('is refused when it holds %s, and left as it was', async (_label, content) => {
    const path = tempPath('state.json');
    writeFileSync(path, content);
    await expect(startTestServer({ dataFile: path })).rejects.toThrow(RecordsError);
    expect(readFileSync(path, 'utf8')).toBe(content);
    expect(existsSync(`${path}.sqlite`)).toBe(false);
  });
});

function writeAndReturn(path: string, content: string): string {
  writeFileSync(path, content);
  return path;
}

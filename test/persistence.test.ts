// --data-file: the state survives restarts; each create is on disk before its 201;
// a corrupt file stops the start and is never overwritten.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RecordsError } from '../src/state/records.js';
import { assertBuilt, run } from './helpers/run.js';
import { KEYS, startTestServer } from './helpers/server.js';

const tempPath = () => join(mkdtempSync(join(tmpdir(), 'data-file-')), 'state.json');
const onDisk = (path: string) =>
  (JSON.parse(readFileSync(path, 'utf8')) as { chatbots: { account: string; project: string; chatbot: { id: string } }[] }).chatbots;

describe('--data-file', () => {
  it('writes each create before acknowledging it, and loads it all after a restart', async () => {
    const path = tempPath();
    const first = await startTestServer({ dataFile: path });
    const created = [];
    for (const [key, name] of [[KEYS.acmeWeb, 'One'], [KEYS.acmeMobile, 'Two'], [KEYS.globex, 'Three']] as const) {
      const { body } = await first.client.create(key, { name, settings: { theme: 'dark', nested: { a: [1] } } });
      // Acknowledged, so already on disk.
      expect(onDisk(path).map((entry) => entry.chatbot.id)).toContain(body.data.id);
      created.push(body.data);
    }
    expect(onDisk(path).map((entry) => [entry.account, entry.project])).toEqual([
      ['acme', 'acme-web'],
      ['acme', 'acme-mobile'],
      ['globex', 'globex-main'],
    ]);
    const before = await first.client.snapshot();
    await first.close();

    const second = await startTestServer({ dataFile: path });
    try {
      expect(await second.client.snapshot()).toEqual(before);
      expect(before.acme).toEqual(created.slice(0, 2));
    } finally {
      await second.close();
    }
  });

  it('keeps every one of 100 concurrent creates, in the file and in the list', async () => {
    const path = tempPath();
    const server = await startTestServer({ dataFile: path });
    try {
      const responses = await Promise.all(
        Array.from({ length: 100 }, (_, i) => server.client.create(KEYS.acmeWeb, { name: `Concurrent ${i}` })),
      );
      const ids = responses.map((r) => r.body.data.id);
      expect(new Set(onDisk(path).map((entry) => entry.chatbot.id))).toEqual(new Set(ids));
      expect(new Set((await server.client.listed(KEYS.acmeWeb)).map((c) => c.id))).toEqual(new Set(ids));
    } finally {
      await server.close();
    }
  });

  it('starts from the seed when the file does not exist yet, and reset writes the seed back', async () => {
    const path = tempPath();
    const seed = { projects: { 'acme-web': [{ name: 'Seeded' }] } };
    const server = await startTestServer({ dataFile: path, seed });
    try {
      await server.client.create(KEYS.acmeWeb, { name: 'Later' });
      expect(onDisk(path)).toHaveLength(2);
      await server.server.reset();
      expect(onDisk(path).map((entry) => entry.chatbot)).toEqual(await server.client.listed(KEYS.acmeWeb));
      expect(onDisk(path)).toHaveLength(1);
    } finally {
      await server.close();
    }
  });

  it.each([
    ['truncated JSON', '{"version":1,"chatbots":[{"account":"acme"'],
    ['another format', '{"chatbots": {}}'],
    ['a broken chatbot', JSON.stringify({ version: 1, chatbots: [{ account: 'acme', project: 'acme-web', chatbot: { id: 'x' } }] })],
    ['an unknown project', JSON.stringify({ version: 1, chatbots: [{ account: 'acme', project: 'nope', chatbot: {} }] })],
  ])('refuses to start on %s, and leaves the file as it was', async (_label, content) => {
    const path = tempPath();
    writeFileSync(path, content);
    await expect(startTestServer({ dataFile: path })).rejects.toThrow(RecordsError);
    expect(readFileSync(path, 'utf8')).toBe(content);
  });

  it('stops the CLI with exit code 1 and a clear message on a corrupt file', async () => {
    assertBuilt();
    const path = tempPath();
    writeFileSync(path, '{"version":1,');
    const started = run(['serve', '--port', '0', '--data-file', path]);
    expect(await started.exit).toBe(1);
    expect(started.stderr()).toMatch(new RegExp(`data file ${path} is corrupt .*left as it is`));
    expect(readFileSync(path, 'utf8')).toBe('{"version":1,');
  });
});

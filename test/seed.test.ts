// --seed: chatbots to start with, per project; a bad seed stops the start naming the entry.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readKeysFile } from '../src/state/keysFile.js';
import { RecordsError } from '../src/state/records.js';
import { parseSeed } from '../src/state/seed.js';
import { contract } from './helpers/contract.js';
import { assertBuilt, run } from './helpers/run.js';
import { KEYS, KEYS_FILE, startTestServer, type TestServer } from './helpers/server.js';

const SEED = {
  projects: {
    'acme-mobile': [
      { name: 'Newer', id: '22222222-2222-4222-8222-222222222222', created_at: '2026-02-01T08:00:00.000Z' },
    ],
    'acme-web': [
      {
        name: 'Older',
        id: '11111111-1111-4111-8111-111111111111',
        created_at: '2026-01-01T08:00:00.000Z',
        settings: { theme: 'dark' },
      },
    ],
    'globex-main': [{ name: 'Globex bot', is_active: false }],
  },
};

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ seed: SEED });
});
afterAll(() => t.close());

describe('a seeded server', () => {
  it('lists the seed per account, oldest first, with fixed ids and timestamps kept', async () => {
    const acme = await t.client.listed(KEYS.acmeWeb);
    expect(acme.map((c) => [c.id, c.name, c.created_at])).toEqual([
      ['11111111-1111-4111-8111-111111111111', 'Older', '2026-01-01T08:00:00.000Z'],
      ['22222222-2222-4222-8222-222222222222', 'Newer', '2026-02-01T08:00:00.000Z'],
    ]);
    expect(acme[0]!.settings).toEqual({ ...contract.rules.defaultSettings, theme: 'dark' });
  });

  it('fills what an entry leaves out as a create would', async () => {
    const [globex] = await t.client.listed(KEYS.globex);
    expect(globex).toMatchObject({ name: 'Globex bot', is_active: false, settings: contract.rules.defaultSettings });
    expect(Date.parse(globex!.created_at)).toBeLessThanOrEqual(Date.now());
  });

  it('returns to the seed on reset()', async () => {
    await t.client.create(KEYS.acmeWeb, { name: 'Added later' });
    expect(await t.client.listed(KEYS.acmeWeb)).toHaveLength(3);
    await t.server.reset();
    expect((await t.client.listed(KEYS.acmeWeb)).map((c) => c.name)).toEqual(['Older', 'Newer']);
  });
});

describe('a bad seed', () => {
  const keys = readKeysFile(KEYS_FILE);
  const entry = (fields: object) => ({ projects: { 'acme-web': [{ name: 'Fine' }, fields] } });
  it.each([
    ['not an object of projects', { projects: [] }, /"projects" object/],
    ['an unknown project', { projects: { nowhere: [] } }, /project "nowhere" is not in the keys file/],
    ['a missing name', entry({}), /projects\.acme-web\[1\] must have required property 'name'/],
    ['a bad id', entry({ name: 'x', id: 'not-a-uuid' }), /projects\.acme-web\[1\]\/id must match format "uuid"/],
    [
      'a timestamp without milliseconds',
      entry({ name: 'x', created_at: '2026-01-01T00:00:00Z' }),
      /projects\.acme-web\[1\]\/created_at/,
    ],
    ['a future timestamp', entry({ name: 'x', created_at: '2999-01-01T00:00:00.000Z' }), /in the future/],
    ['an unknown field', entry({ name: 'x', colour: 'red' }), /must NOT have additional properties/],
    ['a numeric theme', entry({ name: 'x', settings: { theme: 1 } }), /settings\/theme must be string/],
    [
      'an id used twice',
      {
        projects: {
          'acme-web': [
            { name: 'a', id: SEED.projects['acme-web'][0]!.id },
            { name: 'b', id: SEED.projects['acme-web'][0]!.id },
          ],
        },
      },
      /used twice/,
    ],
  ])('is refused: %s', (_label, seed, message) => {
    expect(() => parseSeed(contract, seed, keys)).toThrow(RecordsError);
    expect(() => parseSeed(contract, seed, keys)).toThrow(message);
  });

  it('stops the CLI with exit code 1, naming the file and the entry', async () => {
    assertBuilt();
    const file = join(mkdtempSync(join(tmpdir(), 'seed-')), 'seed.json');
    writeFileSync(file, JSON.stringify(entry({ name: '' })));
    const started = run(['serve', '--port', '0', '--seed', file]);
    expect(await started.exit).toBe(2);
    expect(started.stderr()).toContain(`seed file ${file}: projects.acme-web[1]/name`);
  });
});

// A recursive schema (a tree, a thread of comments) is served, never refused for being recursive (docs/contract.md):
// serve validates a value of any depth against it, mock answers from its examples, and a YAML alias inside its own
// anchor, which no reader can walk, stays refused (test/untrusted-contract.test.ts); diff, which cannot judge one yet,
// refuses it in one line.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dump } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { createContract } from '../src/contract/contract.js';
import { liveValidators, readContractFile } from '../src/contract/load.js';
import { recursiveDocument, tree } from './helpers/contractFiles.js';
import { assertBuilt, listening, run, stop } from './helpers/run.js';
import { KEYS, TestClient } from './helpers/server.js';

const file = () => {
  const path = join(mkdtempSync(join(tmpdir(), 'recursive-')), 'openapi.yaml');
  writeFileSync(path, dump(recursiveDocument()));
  return path;
};

describe('a recursive schema', () => {
  it('is read and checked, and validates a value nested through it, within the settings depth limit', () => {
    const read = readContractFile(file(), { checked: true }).contract;
    const create = read.operations.find((operation) => operation.operationId === 'createChatbot')!;
    const parts = (settings: unknown) => ({
      params: {},
      headers: { 'content-type': 'application/json' },
      body: { name: 'Tree', settings },
    });
    expect(read.router.validateRequest(create, parts({ tree: tree(2) }))).toEqual([]);
    expect(
      read.router.validateRequest(create, parts({ tree: { label: 'root', children: [{ label: 7 }] } })),
    ).not.toEqual([]);
  });

  it.each(['serve', 'mock'])('is served by %s', async (command) => {
    assertBuilt();
    const started = run([command, '--port', '0', '--contract', file()]);
    const client = new TestClient(await listening(started), createContract(recursiveDocument(), liveValidators));
    const created = await client.create(KEYS.acmeWeb, { name: 'Tree', settings: { tree: tree(2) } });
    expect(created.status).toBe(201);
    const refused = await client.create(KEYS.acmeWeb, { name: 'Tree', settings: { tree: { children: [] } } });
    expect(refused.status).toBe(422);
    expect(await stop(started)).toBe(0);
  });

  it('is refused by diff with exit 2 and one line, never a hang, until the diff judges cycles', async () => {
    assertBuilt();
    const started = run(['diff', file(), file()]);
    expect(await started.exit).toBe(2);
    expect(started.stderr().trim().split('\n')).toHaveLength(1);
    expect(started.stderr()).toMatch(/a recursive schema, which this reader cannot expand/);
  });
});

// A recursive schema (a tree, a thread of comments) is served, never refused for being recursive (docs/contract.md):
// serve validates a value of any depth against it, mock answers from its examples, and a YAML alias inside its own
// anchor, which no reader can walk, stays refused (test/untrusted-contract.test.ts); diff compares it, each change
// inside the cycle found once (test/diff/recursive.test.ts).
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

  it('that requires itself without end, is refused in one line that says so', () => {
    const document = recursiveDocument();
    const loop = { $ref: '#/components/schemas/Loop' };
    document.components.schemas.Loop = { type: 'object', required: ['next'], properties: { next: loop } };
    const request = document.components.schemas.CreateChatbotRequest!;
    Object.assign(request.properties as object, { loop });
    request.required = [...(request.required as string[]), 'loop'];
    const path = join(mkdtempSync(join(tmpdir(), 'endless-')), 'openapi.yaml');
    writeFileSync(path, dump(document, { noRefs: true }));
    expect(() => readContractFile(path, { checked: true })).toThrow(
      /a schema of POST \/chatbots does not compile: it nests without end once its \$refs are followed/,
    );
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

  it('is mocked with --dynamic within the contract’s own bounds: every generated answer fits it', async () => {
    assertBuilt();
    // Prism's generator follows a $ref three times, past the settings' x-max-depth: such an answer is made again.
    const started = run(['mock', '--port', '0', '--dynamic', '--contract', file()]);
    const client = new TestClient(await listening(started), createContract(recursiveDocument(), liveValidators));
    for (let request = 0; request < 12; request++) {
      const listed = await client.request('GET', '/chatbots', { key: KEYS.acmeWeb });
      expect(listed.status).toBe(200);
    }
    expect(await stop(started)).toBe(0);
  });

  it('is compared by diff: exit 0 against itself, exit 1 against a breaking edit inside the cycle', async () => {
    assertBuilt();
    const same = run(['diff', file(), file()]);
    expect(await same.exit, same.stderr()).toBe(0);
    expect(same.stdout()).toMatch(/no changes/);
    const edited = recursiveDocument();
    (edited.components.schemas.Tree!.properties as Record<string, { maxLength?: number }>).label!.maxLength = 10;
    const head = join(mkdtempSync(join(tmpdir(), 'recursive-')), 'openapi.yaml');
    writeFileSync(head, dump(edited));
    const breaking = run(['diff', file(), head]);
    expect(await breaking.exit, breaking.stderr()).toBe(1);
    expect(breaking.stdout()).toMatch(/^breaking\s+request-property-max-length-decreased\s/m);
    // Once, at its first place: the settings' tree, not again in each of its children.
    expect(breaking.stdout()).toMatch(/request body: settings\.tree\.label /);
    expect(breaking.stdout().match(/request-property-max-length-decreased/g)).toHaveLength(1);
    expect(breaking.stdout()).not.toMatch(/children/);
  });
});

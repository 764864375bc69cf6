// A contract split into files (docs/security.md): `$ref`s to files inside the root file's folder are followed by
// serve and mock, which serve the one document they make, and --watch reloads when any of its files is saved;
// the files are bounded in number and in bytes, and every other `$ref` stays refused (test/untrusted-contract.test.ts).
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dump, load } from 'js-yaml';
import { beforeEach, describe, expect, it } from 'vitest';
import { createContract, type OpenApiDocument } from '../src/contract/contract.js';
import { BUNDLED_FILES, MAX_CONTRACT_FILES } from '../src/contract/bundle.js';
import { liveValidators, readContractFile } from '../src/contract/load.js';
import { contract } from './helpers/contract.js';
import { writeSplitContract } from './helpers/contractFiles.js';
import { assertBuilt, listening, run, stop } from './helpers/run.js';
import { KEYS, TestClient } from './helpers/server.js';
import { until } from './helpers/until.js';

type Document = OpenApiDocument & { components: { schemas: Record<string, unknown> } };
let dir = '';
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'split-contract-'));
  mkdirSync(join(dir, 'schemas'));
});
const write = (name: string, value: unknown) => {
  writeFileSync(join(dir, name), dump(value, { noRefs: true }));
  return join(dir, name);
};

const split = (maxLength = 100) => writeSplitContract(dir, maxLength);

describe('a contract split into files', () => {
  it('is read as one document, its files kept inside it', () => {
    const read = readContractFile(split(), { checked: true });
    expect(read.files.map((file) => file.slice(dir.length))).toEqual([
      '/openapi.yaml',
      '/schemas/settings.yaml',
      '/schemas/name.yaml',
    ]);
    const served = load(read.text) as Record<string, unknown>;
    expect(Object.keys(served[BUNDLED_FILES] as object).sort()).toEqual(['schemas:name.yaml', 'schemas:settings.yaml']);
    expect(read.text).not.toMatch(/\$ref: ['"]?\.?\.?\/?[a-z]+\//);
  });

  it.each(['serve', 'mock'])('is served by %s, /openapi.yaml the one document', async (command) => {
    assertBuilt();
    const file = split();
    const started = run([command, '--port', '0', '--contract', file]);
    const url = await listening(started);
    const served = load(await (await fetch(new URL('/openapi.yaml', url))).text()) as OpenApiDocument;
    const client = new TestClient(url, createContract(served, liveValidators));
    expect((await client.create(KEYS.acmeWeb, { name: 'Split' })).status).toBe(201);
    expect((await client.create(KEYS.acmeWeb, { name: 'x'.repeat(101) })).status).toBe(422);
    expect(await stop(started)).toBe(0);
  });

  it('is followed by --watch when one of its files is saved', async () => {
    assertBuilt();
    const file = split(100);
    const started = run(['serve', '--port', '0', '--contract', file, '--watch']);
    const url = await listening(started);
    const name = { name: 'x'.repeat(50) };
    expect((await new TestClient(url).create(KEYS.acmeWeb, name)).status).toBe(201);
    const document = structuredClone(contract.document) as Document;
    write('schemas/name.yaml', {
      ChatbotName: { ...(document.components.schemas.ChatbotName as object), maxLength: 10 },
    });
    await until(
      () => started.stdout().includes('reloaded'),
      () => started.stdout(),
    );
    const served = load(await (await fetch(new URL('/openapi.yaml', url))).text()) as OpenApiDocument;
    expect((await new TestClient(url, createContract(served, liveValidators)).create(KEYS.acmeWeb, name)).status).toBe(
      422,
    );
    expect(await stop(started)).toBe(0);
  });

  it(`is refused past ${MAX_CONTRACT_FILES} files, past the size limit in all, or with a file that is not YAML`, () => {
    const document = structuredClone(contract.document) as Document;
    for (let index = 0; index <= MAX_CONTRACT_FILES; index++) {
      write(`schemas/s${index}.yaml`, { type: 'string' });
      document.components.schemas[`S${index}`] = { $ref: `schemas/s${index}.yaml` };
    }
    expect(() => readContractFile(write('openapi.yaml', document))).toThrow(/past the 64 a contract may/);
    const big = structuredClone(contract.document) as Document;
    write('schemas/big.yaml', { type: 'string', description: 'x'.repeat(600_000) });
    big.components.schemas.A = { $ref: 'schemas/big.yaml' };
    big.components.schemas.B = { $ref: 'schemas/big.yaml#/description' };
    write('schemas/big2.yaml', { type: 'string', description: 'y'.repeat(600_000) });
    big.components.schemas.C = { $ref: 'schemas/big2.yaml' };
    expect(() => readContractFile(write('openapi.yaml', big))).toThrow(/at most 1048576 bytes in all/);
    writeFileSync(join(dir, 'schemas/bad.yaml'), 'a: [unclosed');
    const bad = structuredClone(contract.document) as Document;
    bad.components.schemas.Bad = { $ref: 'schemas/bad.yaml' };
    expect(() => readContractFile(write('openapi.yaml', bad))).toThrow(/"schemas\/bad.yaml": it is not YAML/);
  });

  it('is compared by diff with its files, as two folders and at a git commit (--base)', async () => {
    assertBuilt();
    const git = (...args: string[]) =>
      execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd: dir, stdio: 'pipe' });
    const file = split(100);
    git('init', '-q');
    git('add', '.');
    git('commit', '-q', '-m', 'base');
    const base = mkdtempSync(join(tmpdir(), 'split-base-'));
    cpSync(dir, base, { recursive: true, filter: (source) => !source.includes('.git') });
    split(50); // only schemas/name.yaml changes: names may be shorter now
    for (const args of [
      [join(base, 'openapi.yaml'), file],
      ['--base', 'HEAD', file],
    ]) {
      const started = run(['diff', ...args], {}, dir);
      expect(await started.exit, started.stderr()).toBe(1);
      expect(started.stdout()).toMatch(/max-length-decreased/);
    }
  });
});

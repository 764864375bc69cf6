// The bin (src/bin.cts) runs one bundle with Node's compile cache. The cache is
// only an optimization: a corrupt one never stops a start. Prism is in the
// package once, in a bundle of its own (docs/decisions/0002-mock-in-process.md).
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, BIN, run } from './helpers/run.js';

const DIST = dirname(BIN);
const VERSION = (JSON.parse(readFileSync(join(DIST, '..', 'package.json'), 'utf8')) as { version: string }).version;

async function startsAndPrintsVersion(env: Record<string, string> = {}): Promise<void> {
  const started = run(['--version'], env);
  expect(await started.exit, started.stderr()).toBe(0);
  expect(started.stdout().trim()).toBe(VERSION);
}

/** Every file under a folder, with its path. */
function filesUnder(folder: string): string[] {
  return readdirSync(folder, { recursive: true })
    .map((name) => join(folder, String(name)))
    .filter((path) => statSync(path).isFile());
}

beforeAll(() => assertBuilt());

describe('the bin', () => {
  it('fills the compile cache on a first start, and starts again from it', async () => {
    const cache = mkdtempSync(join(tmpdir(), 'bin-cache-'));
    await startsAndPrintsVersion({ NODE_COMPILE_CACHE: cache });
    expect(filesUnder(cache).length).toBeGreaterThan(0);
    await startsAndPrintsVersion({ NODE_COMPILE_CACHE: cache });
  });

  it('starts with a corrupt cache', async () => {
    const cache = mkdtempSync(join(tmpdir(), 'bin-cache-'));
    await startsAndPrintsVersion({ NODE_COMPILE_CACHE: cache });
    for (const file of filesUnder(cache)) writeFileSync(file, 'not V8 code at all');
    await startsAndPrintsVersion({ NODE_COMPILE_CACHE: cache });
  });

  it('starts without a cache when NODE_DISABLE_COMPILE_CACHE is set', async () => {
    await startsAndPrintsVersion({ NODE_DISABLE_COMPILE_CACHE: '1' });
  });

  it('runs one bundle, and holds Prism once: in its own bundle, not as a dependency', () => {
    expect(readdirSync(DIST).filter((name) => name.endsWith('.bundle.cjs'))).toEqual(['cli.bundle.cjs']);
    // json-schema-faker is inside Prism: none of its code is in the command line's bundle.
    expect(readFileSync(join(DIST, 'cli.bundle.cjs'), 'utf8')).not.toMatch(/JSONSchemaFaker/);
    expect(readFileSync(join(DIST, 'vendor', 'prism-http.cjs'), 'utf8')).toMatch(/JSONSchemaFaker/);
    const manifest = JSON.parse(readFileSync(join(DIST, '..', 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    expect(Object.keys(manifest.dependencies).filter((name) => name.includes('prism'))).toEqual([]);
  });
});

describe('the build', () => {
  it('leaves the bin executable, so that `npx chatbot-api-mock` runs in a clone', () => {
    expect(statSync(BIN).mode & 0o111).toBe(0o111);
  });
});

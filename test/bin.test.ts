// The bin's code cache (src/bin.cts) is only an optimization: a cache that is
// corrupt, or made for another build, never stops a start; it is replaced.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, BIN, run } from './helpers/run.js';

const DIST = dirname(BIN);
const VERSION = (JSON.parse(readFileSync(join(DIST, '..', 'package.json'), 'utf8')) as { version: string }).version;
// `verify --version`: its own cache file, which no other test uses.
const CACHE = join(DIST, '.cli.bundle.verify.v8-cache');

/** The key the bin writes in front of a cache for this build. */
function key(): Buffer {
  const source = readFileSync(join(DIST, 'cli.bundle.cjs'), 'utf8');
  return Buffer.from(`${createHash('sha256').update(source).digest('hex')} ${process.version} ${process.arch}\n`);
}

async function startsAndPrintsVersion(env: Record<string, string> = {}): Promise<void> {
  const started = run(['verify', '--version'], env);
  expect(await started.exit).toBe(0);
  expect(started.stdout().trim()).toBe(VERSION);
}

beforeAll(() => assertBuilt());

describe('the code cache of the bin', () => {
  it('starts with a cache V8 cannot use, and replaces it', async () => {
    const garbage = Buffer.concat([key(), Buffer.from('not V8 code at all')]);
    writeFileSync(CACHE, garbage);
    await startsAndPrintsVersion();
    const written = readFileSync(CACHE);
    expect(written.subarray(0, key().length).equals(key())).toBe(true);
    expect(written.equals(garbage)).toBe(false);
  });

  it('ignores a cache made for another build, and replaces it', async () => {
    writeFileSync(CACHE, Buffer.from('0000 v0.0.0 x64\nstale'));
    await startsAndPrintsVersion();
    expect(readFileSync(CACHE).subarray(0, key().length).equals(key())).toBe(true);
  });

  it.each(['cli.bundle.cjs', 'cli.mock.bundle.cjs'])('runs %s without dynamic import(), which code from the cache cannot use on Node 20', (name) => {
    const bundle = readFileSync(join(DIST, name), 'utf8');
    const calls = [...bundle.matchAll(/\bimport\((.{0,40})/g)].map((match) => match[1]);
    // The one allowed: lilconfig's loader for JavaScript config files; the config search (src/cli/config.ts) reads JSON only.
    expect(calls.filter((call) => !call!.includes('pathToFileURL('))).toEqual([]);
  });

  it('starts from its own cache, and without one when NODE_DISABLE_COMPILE_CACHE is set', async () => {
    await startsAndPrintsVersion();
    await startsAndPrintsVersion({ NODE_DISABLE_COMPILE_CACHE: '1' });
  });
});

// package.json and package-lock.json agree, so that `npm install` in a fresh
// clone leaves the lockfile as it is.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const read = (file: string) => JSON.parse(readFileSync(new URL(`../${file}`, import.meta.url), 'utf8')) as Record<string, unknown>;

describe('package-lock.json', () => {
  it('holds what package.json says of the package itself', () => {
    const manifest = read('package.json');
    const locked = (read('package-lock.json').packages as Record<string, Record<string, unknown>>)[''];
    for (const field of ['name', 'version', 'license', 'bin', 'engines', 'dependencies', 'devDependencies', 'peerDependencies']) {
      expect(locked?.[field], field).toEqual(manifest[field]);
    }
  });
});

describe('the Node the scripts run on', () => {
  it('is the one the `node` devDependency installs, whatever the machine’s own Node (npm test runs this file)', () => {
    const pinned = JSON.parse(readFileSync(new URL('../node_modules/node/package.json', import.meta.url), 'utf8')) as { version: string };
    expect(process.version).toBe(`v${pinned.version}`);
    expect(read('package.json').engines).toEqual({ node: '^22.13.0 || ^24.0.0' });
  });
});

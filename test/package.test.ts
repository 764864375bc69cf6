// package.json and package-lock.json agree, so that `npm install` in a fresh
// clone leaves the lockfile as it is.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const read = (file: string) =>
  JSON.parse(readFileSync(new URL(`../${file}`, import.meta.url), 'utf8')) as Record<string, unknown>;

describe('package-lock.json', () => {
  it('holds what package.json says of the package itself', () => {
    const manifest = read('package.json');
    const locked = (read('package-lock.json').packages as Record<string, Record<string, unknown>>)[''];
    for (const field of [
      'name',
      'version',
      'license',
      'bin',
      'engines',
      'dependencies',
      'devDependencies',
      'peerDependencies',
    ]) {
      expect(locked?.[field], field).toEqual(manifest[field]);
    }
  });
});

describe('the Node the scripts run on', () => {
  it('is the one the `node` devDependency installs, whatever the machine’s own Node (npm test runs this file)', () => {
    const pinned = JSON.parse(readFileSync(new URL('../node_modules/node/package.json', import.meta.url), 'utf8')) as {
      version: string;
    };
    expect(process.version).toBe(`v${pinned.version}`);
    expect(read('package.json').engines).toEqual({ node: '^22.13.0 || ^24.0.0' });
  });

  it(
    "comes from an install script that allowScripts lets npm run, and every dependency's install script is " +
      'reviewed',
    () => {
      expect((read('package.json') as { allowScripts?: Record<string, boolean> }).allowScripts?.node).toBe(true);
      const listed = JSON.parse(
        execFileSync('npm', ['install-scripts', 'ls', '--json'], {
          cwd: new URL('..', import.meta.url),
          encoding: 'utf8',
        }),
      ) as { allowScripts: unknown[] };
      expect(listed.allowScripts).toEqual([]);
    },
  );
});

describe('the library entry', () => {
  it('loads no Prism and no database driver until one is asked for', () => {
    // The modules `import { runServe } from 'chatbot-api-mock'` resolves, recorded by a resolve hook in a fresh
    // process.
    const script = `
      import { registerHooks } from 'node:module';
      const seen = [];
      registerHooks({
        resolve(specifier, context, next) {
          const resolved = next(specifier, context);
          seen.push(resolved.url);
          return resolved;
        },
      });
      const { runServe } = await import('chatbot-api-mock');
      const server = await runServe({ port: 0 });
      await server.close();
      console.log(JSON.stringify(seen));`;
    const seen = JSON.parse(
      execFileSync(process.execPath, ['--input-type=module', '-e', script], {
        cwd: new URL('..', import.meta.url),
        encoding: 'utf8',
      }),
    ) as string[];
    expect(seen.some((url) => url.includes('/dist/index.js'))).toBe(true);
    expect(seen.filter((url) => /\/node_modules\/(pg|pg-pool|@stoplight)\/|prism-http|node:sqlite/.test(url))).toEqual(
      [],
    );
  });
});

// The layout of src/: folders are layers, and imports flow one way, from the
// contract up to the command line. A newcomer finds each operation's handler by
// its operationId, and no file grows past what one reads at once.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { contract } from './helpers/contract.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const src = join(root, 'src');
// Lowest first: a file may import from its own layer and the ones before it.
const LAYERS = [
  'untrusted',
  'contract',
  'coverage',
  'state',
  'engine',
  'handlers',
  'resources',
  'reference',
  'http',
  'watch',
  'msw',
  'serve',
  'mock',
  'verify',
  'proxy',
  'diff',
  'cli',
  '.',
];

/** The code of a folder, without the unit tests beside it (x.test.ts), which are not shipped. */
function files(dir: string, pattern = /\.c?ts$/): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.name === 'dist' || entry.name === 'node_modules' || entry.name.endsWith('.test.ts')
      ? []
      : entry.isDirectory()
        ? files(join(dir, entry.name), pattern)
        : pattern.test(entry.name)
          ? [join(dir, entry.name)]
          : [],
  );
}
/** Every module a file imports: static, re-exported, side-effect and dynamic imports (`await import('…')`). */
function importsOf(text: string): string[] {
  return [...text.matchAll(/(?:\bfrom\s+|\bimport\s*\(\s*|^\s*import\s+)'([^']+)'/gm)].map(([, target]) => target!);
}
/** The file a relative import names: the TypeScript source of a .js, .mjs or .cjs specifier. */
function resolved(file: string, target: string): string {
  const path = join(file, '..', target);
  for (const candidate of [path.replace(/\.js$/, '.ts'), path.replace(/\.cjs$/, '.cts'), path])
    if (existsSync(candidate)) return candidate;
  return path;
}
const layerOf = (file: string) => {
  const top = relative(src, file).split('/')[0]!;
  return LAYERS.indexOf(top.endsWith('ts') ? '.' : top);
};

describe('the layout of src/', () => {
  it('puts every file in a known layer', () => {
    for (const file of files(src)) expect(layerOf(file), relative(root, file)).toBeGreaterThanOrEqual(0);
  });

  it('lets imports flow one way: no layer imports a later one', () => {
    const upward: string[] = [];
    for (const file of files(src)) {
      for (const target of importsOf(readFileSync(file, 'utf8')).filter((name) => name.startsWith('.'))) {
        const imported = join(file, '..', target);
        if (!imported.startsWith(src)) continue;
        if (layerOf(imported) > layerOf(file)) upward.push(`${relative(src, file)} imports ${relative(src, imported)}`);
      }
    }
    expect(upward).toEqual([]);
  });

  it('keeps the engine and the browser-facing modes free of node: modules and frameworks', () => {
    const browserSafe = [
      'contract/contract.ts',
      'contract/router.ts',
      'contract/compiledRouter.ts',
      'contract/limits.ts',
      'contract/pointer.ts',
      'reference/reference.ts',
      'msw/handlers.ts',
      'msw/index.ts',
    ];
    const engine = files(join(src, 'engine')).map((file) => relative(src, file));
    for (const file of [...engine, ...browserSafe, ...files(join(src, 'handlers')).map((f) => relative(src, f))]) {
      const text = readFileSync(join(src, file), 'utf8');
      expect(text, file).not.toMatch(/from 'node:|from 'express'|from 'pino/);
    }
  });

  it('names no flag below the command line: libraries speak of their options, and cli/ of its flags', () => {
    for (const file of files(src).filter(
      // curl.ts, diff/git.ts and isolatedPrism.ts write another program's flags: curl's, git's and node's.
      (path) =>
        !relative(src, path).startsWith('cli/') &&
        !['curl.ts', 'diff/git.ts', 'mock/isolatedPrism.ts'].some((name) => path.endsWith(name)),
    )) {
      // Code only: comments may say which flag sets a thing.
      const code = readFileSync(file, 'utf8')
        .split('\n')
        .filter((line) => !/^\s*(\/\/|\*|\/\*\*)/.test(line))
        .join('\n');
      expect(code.match(/--[a-z][a-z-]+/g) ?? [], relative(root, file)).toEqual([]);
    }
  });

  it('reads the contract in no module at import time', () => {
    for (const file of files(src)) {
      expect(readFileSync(file, 'utf8'), relative(root, file)).not.toMatch(/^(export )?const \w+ = loadContract\(/m);
    }
  });

  it('has one handler file per operationId, named after it', () => {
    const handlers = readdirSync(join(src, 'handlers')).filter((name) => !['index.ts', 'handler.ts'].includes(name));
    expect(handlers.sort()).toEqual(contract.operations.map((operation) => `${operation.operationId}.ts`).sort());
  });

  it('puts each unit test beside the file it tests', () => {
    const tests = readdirSync(src, { recursive: true })
      .map(String)
      .filter((name) => name.endsWith('.test.ts'));
    expect(tests.length).toBeGreaterThan(0);
    expect(tests.filter((name) => !existsSync(join(src, name.replace(/\.test\.ts$/, '.ts'))))).toEqual([]);
  });

  it('keeps every source file under about 250 lines', () => {
    for (const file of [...files(src), ...files(join(root, 'tools')).filter((f) => !f.includes('/dist/'))]) {
      expect(readFileSync(file, 'utf8').split('\n').length, relative(root, file)).toBeLessThanOrEqual(260);
    }
  });
});

describe('the commands', () => {
  it.each(['serve', 'mock', 'verify', 'proxy', 'diff'])(
    '%s starts from src/%s/run<Command>.ts, which its command line imports',
    (command) => {
      const entry = `run${command[0]!.toUpperCase()}${command.slice(1)}`;
      const file = join(src, command, `${entry}.ts`);
      expect(readFileSync(file, 'utf8')).toMatch(new RegExp(`^export (async )?function ${entry}\\(`, 'm'));
      const cli = importsOf(readFileSync(join(src, 'cli', 'commands', `${command}.ts`), 'utf8'));
      expect(cli).toContain(`../../${command}/${entry}.js`);
    },
  );
});

describe('the layout of src/, tools/ and packages/', () => {
  const sources = ['src', 'tools', 'packages'].flatMap((dir) => files(join(root, dir), /\.(c?ts|mjs)$/));

  it('reads dynamic imports too: the commands load their code with import()', () => {
    const imported = importsOf(readFileSync(join(src, 'cli', 'commands', 'verify.ts'), 'utf8'));
    expect(imported).toContain('../../verify/runVerify.js');
  });

  it('has no import cycle', () => {
    const graph = new Map(
      sources.map((file) => [
        file,
        importsOf(readFileSync(file, 'utf8'))
          .filter((name) => name.startsWith('.'))
          .map((name) => resolved(file, name)),
      ]),
    );
    const cycles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const visit = (file: string, path: string[]) => {
      if (state.get(file) === 'done') return;
      if (state.get(file) === 'open')
        return void cycles.push([...path.slice(path.indexOf(file)), file].map((f) => relative(root, f)).join(' → '));
      state.set(file, 'open');
      for (const next of graph.get(file) ?? []) visit(next, [...path, file]);
      state.set(file, 'done');
    };
    for (const file of graph.keys()) visit(file, []);
    expect(cycles).toEqual([]);
  });

  it('lets tools/ and packages/ reach the library only as its users do: by its name, or its build', () => {
    const intoSource = sources
      .filter((file) => !file.startsWith(src))
      .flatMap((file) =>
        importsOf(readFileSync(file, 'utf8'))
          .filter((name) => name.startsWith('.') && resolved(file, name).startsWith(src))
          .map((name) => `${relative(root, file)} imports ${name}`),
      );
    expect(intoSource).toEqual([]);
  });
});

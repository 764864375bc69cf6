// `npm run lint` fails on what the house rules forbid: each rule is planted in a scratch project that holds this
// repository's lint configuration and modules, and the real script runs there.
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CONFIGS = ['package.json', 'tsconfig.json', 'eslint.config.js', '.prettierrc.json', '.prettierignore'];

/** Formatted by Prettier before it is planted, so that ESLint's rules are what fails. */
const PLANTED = `import { Server } from 'node:http';

const LONG = '${'a line longer than the formatter allows, which Prettier cannot break, '.repeat(2)}';

export function planted(map: Map<string, string>, server: Server | undefined): string {
  const unused = 1;
  void server;
  Promise.resolve(LONG);
  // eslint-disable-next-line @typescript-eslint/no-non-null-assertion
  const first = map.get('a')!;
  const second = map.get('b')!;
  return first + second + (map as unknown as string);
}
`;

let project = '';
beforeAll(() => {
  project = mkdtempSync(join(tmpdir(), 'lint-'));
  for (const file of CONFIGS) copyFileSync(join(ROOT, file), join(project, file));
  symlinkSync(join(ROOT, 'node_modules'), join(project, 'node_modules'));
  mkdirSync(join(project, 'src'));
});

function lint(file: string, text: string): Promise<{ code: number; output: string }> {
  writeFileSync(join(project, 'src', file), text);
  return new Promise((resolve) => {
    execFile('npm', ['run', 'lint'], { cwd: project, timeout: 120_000 }, (error, stdout, stderr) =>
      // CI may force colour; the assertions read the words, not the escapes.
      resolve({ code: error ? Number(error.code ?? 1) : 0, output: stripVTControlCharacters(stdout + stderr) }),
    );
  });
}

describe('npm run lint', () => {
  it('fails on each house rule planted in a formatted file, naming the rule', async () => {
    const options = await resolveConfig(join(ROOT, 'src', 'planted.ts'));
    const { code, output } = await lint('planted.ts', await format(PLANTED, { ...options, parser: 'typescript' }));
    expect(code, output).not.toBe(0);
    for (const rule of [
      '@typescript-eslint/consistent-type-imports',
      '@stylistic/max-len',
      '@typescript-eslint/no-unused-vars',
      '@typescript-eslint/no-floating-promises',
      '@eslint-community/eslint-comments/require-description',
      '@typescript-eslint/no-non-null-assertion',
      'no-restricted-syntax',
    ]) {
      expect(output, rule).toContain(rule);
    }
  }, 120_000);

  it('fails on a file the formatter would change', async () => {
    const { code, output } = await lint('planted.ts', 'export const unformatted = {a:1}\n');
    expect(code, output).not.toBe(0);
    expect(output).toMatch(/\[warn\] src\/planted\.ts/);
  }, 120_000);
});

// `chatbot-api-mock lint [FILE]` lints any contract file as `npm run lint:spec`
// lints this project's: the check serve --contract makes (exit 2, one line,
// nothing fetched, when the file is not a contract), then Spectral and Redocly
// with the project's rulesets, one line per finding (exit 1). Installed as a
// user installs the package, without them, it says so and runs the check alone.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { dump } from 'js-yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import { hasControl } from '../src/untrusted/printable.js';
import { countingListener } from './helpers/countingListener.js';
import { contract as builtIn } from './helpers/contract.js';
import { assertBuilt, run } from './helpers/run.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BUILT_IN_TEXT = readFileSync(join(ROOT, 'openapi.yaml'), 'utf8');
let dir = '';
const listener = countingListener();

beforeAll(() => {
  assertBuilt();
  dir = mkdtempSync(join(tmpdir(), 'lint-command-'));
});

function write(name: string, text: string): string {
  const file = join(dir, name);
  writeFileSync(file, text);
  return file;
}

/** The built-in contract without its license: Redocly's info-license, at the line of `info:`. */
const withoutLicense = () => BUILT_IN_TEXT.replace(/^ {2}license:\n(?: {4}.*\n)+/m, '');

async function lint(args: string[], cwd = dir) {
  const started = run(['lint', ...args], {}, cwd);
  const code = await started.exit;
  return { code, stdout: started.stdout(), stderr: started.stderr() };
}

describe('lint', () => {
  it('passes the built-in contract, and a copy of it anywhere, with exit 0', { timeout: 60_000 }, async () => {
    for (const args of [[], [write('copy.yaml', BUILT_IN_TEXT)]]) {
      const { code, stdout, stderr } = await lint(args);
      expect(code, stdout + stderr).toBe(0);
      expect(stdout).toBe('');
      expect(stderr).toMatch(/the contract check passed; 0 findings by spectral and redocly/);
    }
  });

  it('prints each finding on one line, file:line:column, rule, message; exit 1', { timeout: 60_000 }, async () => {
    const file = write('branch.yaml', withoutLicense());
    const { code, stdout } = await lint([file]);
    expect(code).toBe(1);
    expect(stdout).toContain(`${file}:2:1  redocly/info-license  Info object should contain \`license\` field.`);
  });

  it('reports what Spectral finds too (the OWASP rules)', { timeout: 60_000 }, async () => {
    const document = structuredClone(builtIn.document) as { components: { schemas: Record<string, object> } };
    document.components.schemas.ChatbotName = { type: 'string', minLength: 1 };
    const { code, stdout } = await lint([write('unbounded.yaml', dump(document))]);
    expect(code).toBe(1);
    expect(stdout).toMatch(/unbounded\.yaml:\d+:\d+ {2}spectral\/owasp:api4:2023-string-limit {2}/);
  });

  it('escapes the control characters of what it prints', { timeout: 60_000 }, async () => {
    const { code, stdout } = await lint([write('bad\u001b[31m\nname.yaml', withoutLicense())]);
    expect(code).toBe(1);
    expect(stdout).toContain('bad\\u001b[31m\\u000aname.yaml:2:1  redocly/info-license');
    expect(hasControl(stdout.replace(/\n/g, ' '))).toBe(false);
  });

  it.each([
    ['a file that is not there', () => join(dir, 'missing.yaml'), /cannot be read/],
    [
      'a file that is not OpenAPI',
      () => write('notes.yaml', 'title: notes\n'),
      /is not a contract this server can run/,
    ],
    [
      'a $ref to a listener',
      () => {
        const port = listener.port;
        return write(
          'hostile.yaml',
          BUILT_IN_TEXT.replace(
            /^ {4}ChatbotName:\n/m,
            `    ChatbotName:\n      $ref: http://127.0.0.1:${port}/x.yaml\n`,
          ),
        );
      },
      /\$ref "http:\/\/127\.0\.0\.1:\d+\/x\.yaml" at #\/components\/schemas\/ChatbotName/,
    ],
    [
      // Redocly and openapi-typescript fetch an example's externalValue and inline it.
      "an example's externalValue to a listener",
      () =>
        write(
          'external.yaml',
          BUILT_IN_TEXT.replace(
            /^components:\n/m,
            `components:\n  examples:\n    Fetched:\n      externalValue: http://127.0.0.1:${listener.port}/x.json\n`,
          ),
        ),
      /externalValue "http:\/\/127\.0\.0\.1:\d+\/x\.json" at #\/components\/examples\/Fetched is a URL/,
    ],
  ])('refuses %s: one line, exit 2, and no linter runs', async (_label, file, message) => {
    const before = listener.connections;
    const { code, stdout, stderr } = await lint([file()]);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toMatch(message);
    expect(listener.connections).toBe(before);
  });

  // A pull request ships a harmless decoy in a folder named `..<TAB>`, where the check would read the $ref, while a
  // reader that strips the tab (Spectral's) reads `../secret.yaml`, outside: its text would come back in a finding.
  it.each([
    ['a tab before "/.." in a $ref', '..\t/secret.yaml', ['..\t', 'secret.yaml']],
    ['a tab before a URL', () => `\thttp://127.0.0.1:${listener.port}/x.yaml`, ['\thttp:', '127.0.0.1:PORT', 'x.yaml']],
  ])(
    'refuses %s, which a linter reads as another file: exit 2, nothing read, nothing fetched',
    async (_l, ref, decoy) => {
      const pr = mkdtempSync(join(dir, 'pr-'));
      writeFileSync(join(pr, '..', 'secret.yaml'), 'TOP-SECRET-LINE\n');
      const written = typeof ref === 'string' ? ref : ref();
      const parts = decoy.map((part) => part.replace('PORT', String(listener.port)));
      mkdirSync(join(pr, ...parts.slice(0, -1)), { recursive: true });
      writeFileSync(join(pr, ...parts), 'type: string\n');
      const file = join(pr, 'openapi.yaml');
      writeFileSync(
        file,
        BUILT_IN_TEXT.replace(
          /^ {4}ChatbotName:\n(?: {6}.*\n)+/m,
          `    ChatbotName:\n      type: integer\n      enum:\n        - $ref: ${JSON.stringify(written)}\n`,
        ),
      );
      const before = listener.connections;
      const { code, stdout, stderr } = await lint([file]);
      expect(code, stdout + stderr).toBe(2);
      expect(stderr).toMatch(/its \$ref ".*" at #\/components\/schemas\/ChatbotName\/enum\/0 holds "\\t"/);
      expect(stdout + stderr).not.toContain('TOP-SECRET');
      expect(listener.connections).toBe(before);
    },
  );

  it('places a finding in a split contract at its line in the part it is written in', { timeout: 60_000 }, async () => {
    const split = mkdtempSync(join(dir, 'split-'));
    mkdirSync(join(split, 'schemas'));
    writeFileSync(join(split, 'schemas', 'name.yaml'), '# the name\ntype: string\nminLength: 1\n');
    const file = join(split, 'openapi.yaml');
    writeFileSync(
      file,
      BUILT_IN_TEXT.replace(/^ {4}ChatbotName:\n(?: {6}.*\n)+/m, '    ChatbotName:\n      $ref: schemas/name.yaml\n'),
    );
    const { code, stdout } = await lint([file]);
    expect(code).toBe(1);
    expect(stdout).toContain(`${join(split, 'schemas', 'name.yaml')}:2:1  spectral/owasp:api4:2023-string-limit  `);
  });

  it('refuses a file past --max-contract-bytes', async () => {
    const { code, stderr } = await lint([write('copy.yaml', BUILT_IN_TEXT), '--max-contract-bytes', '1000']);
    expect(code).toBe(2);
    expect(stderr).toMatch(/more than the 1000 a contract may/);
  });
});

describe('lint, installed as a user installs the package (no Spectral, no Redocly)', () => {
  let bin = '';
  beforeAll(() => {
    // The package's files, and its dependencies alone beside it.
    const installed = join(dir, 'app', 'node_modules', 'chatbot-api-mock');
    mkdirSync(installed, { recursive: true });
    for (const name of ['dist', 'package.json', 'openapi.yaml'])
      cpSync(join(ROOT, name), join(installed, name), { recursive: true });
    const { dependencies } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    for (const name of Object.keys(dependencies)) {
      mkdirSync(join(dir, 'app', 'node_modules', name, '..'), { recursive: true });
      symlinkSync(join(ROOT, 'node_modules', name), join(dir, 'app', 'node_modules', name));
    }
    bin = join(installed, 'dist', 'bin.cjs');
  });

  it('says the linters are missing and how to install them; the check alone passes: exit 0', () => {
    // The installed copy's bin, not the repository's (run()'s); spawnSync ends it by its timeout at the latest.
    const result = spawnSync(process.execPath, [bin, 'lint', write('copy.yaml', BUILT_IN_TEXT)], {
      cwd: join(dir, 'app'),
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status, result.stderr).toBe(0);
    expect(result.stderr).toContain('spectral: skipped: @stoplight/spectral-cli is not installed');
    expect(result.stderr).toContain('redocly: skipped: @redocly/cli is not installed');
    expect(result.stderr).toMatch(/to run it: npm install --save-dev @stoplight\/spectral-cli/);
    expect(result.stderr).toMatch(/the contract check passed; 0 findings \(Spectral and Redocly not run\)/);
  });
});

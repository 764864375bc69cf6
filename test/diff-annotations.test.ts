// `diff --format github` and `--format sarif` as CI reads them: each change at its line and column of the contract
// file as written (a split contract's own file included, a removal at the nearest node still there), workflow
// commands that no text of a contract can end or start, and SARIF that passes the 2.1.0 schema. The expected lines
// are found in the test's own YAML text, by hand.
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { beforeAll, describe, expect, it } from 'vitest';
import { specPath } from '../src/contract/load.js';
import { RULES } from '../src/diff/catalogue.js';
import { assertBuilt, BIN } from './helpers/run.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BUILT_IN = readFileSync(specPath, 'utf8');
beforeAll(assertBuilt);

const diff = (cwd: string, args: string[]) =>
  new Promise<{ code: number; out: string }>((resolve) => {
    execFile(process.execPath, [BIN, 'diff', ...args], { cwd }, (error, stdout) =>
      resolve({ code: error ? Number((error as { code?: number }).code) : 0, out: stdout }),
    );
  });

/** 1-based line and column of the first occurrence of `text` after the line holding `after`. */
function place(source: string, text: string, after = ''): { line: number; column: number } {
  const lines = source.split('\n');
  const from = after ? lines.findIndex((line) => line.includes(after)) : 0;
  const index = lines.findIndex((line, at) => at >= from && line.includes(text));
  return { line: index + 1, column: (lines[index] ?? '').indexOf(text) + 1 };
}

function scratch(head: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'diff-annotations-'));
  copyFileSync(specPath, join(dir, 'base.yaml'));
  writeFileSync(join(dir, 'head.yaml'), head);
  return dir;
}

describe('diff --format github', () => {
  it('annotates the changed line and column, an error for a breaking change, exit 1', async () => {
    const head = BUILT_IN.replace(/(ChatbotName:\n(?:.*\n)*? {6}maxLength: )200/, '$1100');
    const { code, out } = await diff(scratch(head), ['base.yaml', 'head.yaml', '--format', 'github']);
    expect(code).toBe(1);
    const { line, column } = place(head, 'maxLength: 100', 'ChatbotName:');
    expect(out.split('\n')[0]).toBe(
      `::error file=head.yaml,line=${line},col=${column},title=breaking%3A request-property-max-length-decreased::` +
        'POST /chatbots request body: name (200 → 100): values as long as the old limit are refused',
    );
    expect(out.trim().split('\n').at(-1)).toBe('contract diff: 1 breaking change, not acknowledged');
  });

  it("lands a removal on the nearest node still there, and a split contract's change in its own file", async () => {
    const removed = BUILT_IN.replace(
      /( {8}theme:\n(?: {10}.*\n)+)(?= {6}additionalProperties: true\n {6}x-max-depth: 8\n {6}x-max-entries: 1000)/,
      '',
    );
    expect(removed).not.toBe(BUILT_IN);
    const dir = scratch(removed);
    const { out } = await diff(dir, ['base.yaml', 'head.yaml', '--format', 'github']);
    const annotation = out.split('\n').find((line) => line.includes('request-property-removed'));
    const at = place(removed, 'properties:', 'ChatbotSettingsInput:');
    expect(annotation).toContain(`file=head.yaml,line=${at.line},col=${at.column},`);

    mkdirSync(join(dir, 'split', 'schemas'), { recursive: true });
    const name = '# The name of a chatbot.\ntype: string\nminLength: 1\nmaxLength: 50\npattern: \\S\n';
    writeFileSync(join(dir, 'split', 'schemas', 'name.yaml'), name);
    writeFileSync(
      join(dir, 'split', 'openapi.yaml'),
      BUILT_IN.replace(
        / {4}ChatbotName:\n(?: {6}.*\n| {8}.*\n)+/,
        "    ChatbotName:\n      $ref: 'schemas/name.yaml'\n",
      ),
    );
    const split = await diff(dir, ['base.yaml', 'split/openapi.yaml', '--format', 'github']);
    const line = split.out.split('\n').find((text) => text.includes('max-length-decreased'));
    expect(line).toMatch(/^::error file=split\/schemas\/name\.yaml,line=4,col=1,/);
  });

  it('names the property a change is about, below the object that holds it', async () => {
    const renamed = BUILT_IN.replace(
      /( {4}ChatbotSettingsInput:\n(?: {6}.*\n| {8}.*\n)*? {6}properties:\n {8})theme:/,
      '$1mood:',
    );
    expect(renamed).not.toBe(BUILT_IN);
    const { out } = await diff(scratch(renamed), ['base.yaml', 'head.yaml']);
    expect(out).toMatch(/^warning +request-property-removed +POST \/chatbots request body: settings\.theme /m);
    expect(out).toMatch(/^info +new-optional-request-property +POST \/chatbots request body: settings\.mood /m);
  });

  it('lands a removed answer where the operation named it, not on the component it still keeps', async () => {
    const removed = BUILT_IN.replace(/\n {8}'409':\n {10}\$ref: '#\/components\/responses\/ChatbotLimitReached'/, '');
    expect(removed).not.toBe(BUILT_IN);
    const { out } = await diff(scratch(removed), ['base.yaml', 'head.yaml', '--format', 'github']);
    const annotation = out.split('\n').find((text) => text.includes('response-non-success-status-removed'));
    // The nearest node still there: the `responses:` of POST /chatbots.
    const at = place(removed, 'responses:', 'operationId: createChatbot');
    expect(annotation).toContain(`file=head.yaml,line=${at.line},col=${at.column},`);
  });

  it('escapes what a contract says, so that no text of it ends a command or starts another', async () => {
    const hostile = BUILT_IN.replace(
      /^paths:\n/m,
      'paths:\n  "/x\\n::error file=evil::owned %0A, done":\n' +
        '    get:\n      responses:\n        "200":\n          description: ok\n',
    );
    const { out } = await diff(scratch(hostile), ['base.yaml', 'head.yaml', '--format', 'github']);
    const lines = out.trim().split('\n');
    expect(lines.filter((line) => line.includes('owned'))).toHaveLength(1);
    expect(
      lines.every((line) => /^::(error|warning|notice) file=/.test(line) || line.startsWith('contract diff:')),
    ).toBe(true);
    expect(out).toContain('GET /x\\u000a::error file=evil::owned %250A, done');
  });
});

describe('diff --format sarif', () => {
  it('passes the SARIF 2.1.0 schema, with every rule as a SARIF rule of its level and reason', async () => {
    const head = BUILT_IN.replace(/(ChatbotName:\n(?:.*\n)*? {6}maxLength: )200/, '$1100');
    const { code, out } = await diff(scratch(head), ['base.yaml', 'head.yaml', '--format', 'sarif']);
    expect(code).toBe(1);
    const log = JSON.parse(out) as {
      runs: {
        tool: {
          driver: {
            rules: { id: string; shortDescription: { text: string }; defaultConfiguration: { level: string } }[];
          };
        };
        results: { ruleId: string; ruleIndex: number; level: string; locations: { physicalLocation: unknown }[] }[];
      }[];
    };
    const schema = JSON.parse(
      readFileSync(join(ROOT, 'node_modules/@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json'), 'utf8'),
    ) as { $schema?: string; id?: string };
    const ajv = new Ajv({ strict: false, validateSchema: false, unicodeRegExp: false });
    addFormats.default(ajv);
    const validate = ajv.compile({ ...schema, $schema: undefined, id: undefined });
    expect(validate(log), JSON.stringify(validate.errors?.slice(0, 3))).toBe(true);
    const [run] = log.runs;
    const rules = run!.tool.driver.rules;
    expect(rules.map((rule) => rule.id)).toEqual(RULES.map((rule) => rule.id));
    const level = { breaking: 'error', warning: 'warning', info: 'note' } as const;
    for (const rule of RULES) {
      const sarif = rules.find((entry) => entry.id === rule.id)!;
      expect([sarif.defaultConfiguration.level, sarif.shortDescription.text]).toEqual([level[rule.level], rule.reason]);
    }
    const [result] = run!.results;
    expect(rules[result!.ruleIndex]!.id).toBe('request-property-max-length-decreased');
    expect(result!.level).toBe('error');
    const { line, column } = place(head, 'maxLength: 100', 'ChatbotName:');
    expect(result!.locations[0]!.physicalLocation).toEqual({
      artifactLocation: { uri: 'head.yaml' },
      region: { startLine: line, startColumn: column },
    });
  });
});

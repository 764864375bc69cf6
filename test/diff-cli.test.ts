// `chatbot-api-mock diff` as a reviewer runs it: the built command line in a scratch git repository, its default base
// named, its exit codes, its overrides, and `npm run spec:diff`, this repository's gate, which runs it.
import { execFile, execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { dump } from 'js-yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import { specPath } from '../src/contract/load.js';
import { contract } from './helpers/contract.js';
import { assertBuilt, BIN } from './helpers/run.js';

type Doc = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- edits reach anywhere
const ROOT = fileURLToPath(new URL('..', import.meta.url));

beforeAll(assertBuilt);

const diff = (cwd: string, args: string[]) =>
  new Promise<{ code: number; out: string; err: string }>((resolve) => {
    execFile(process.execPath, [BIN, 'diff', ...args], { cwd }, (error, stdout, stderr) =>
      resolve({ code: error ? Number((error as { code?: number }).code) : 0, out: stdout, err: stderr }),
    );
  });
const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd, stdio: 'pipe' });

/** The contract with one edit, as YAML. */
function edited(change: (doc: Doc) => void): string {
  const doc = structuredClone(contract.document) as Doc;
  change(doc);
  return dump(doc);
}
const tightened = (doc: Doc) => (doc.components.schemas.ChatbotName.maxLength = 100);

describe('chatbot-api-mock diff', () => {
  it('explains itself: --help lists its options, the default base, the exit codes and an example', async () => {
    const help = await diff(ROOT, ['--help']);
    expect(help.code).toBe(0);
    for (const text of ['--base <ref>', '--format <format>', '--rules <file>', '--fail-on <level>', 'merge base']) {
      expect(help.out).toContain(text);
    }
    expect(help.out).toMatch(/Exit codes: 0 .* 1 .* 2/s);
  });

  it('compares two files: one line per change, exit 1 on a breaking one, exit 0 otherwise', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'diff-files-'));
    copyFileSync(specPath, join(dir, 'base.yaml'));
    writeFileSync(join(dir, 'head.yaml'), edited(tightened));
    const broken = await diff(dir, ['base.yaml', 'head.yaml']);
    expect(broken.code).toBe(1);
    const lines = broken.out.trim().split('\n');
    expect(lines[0]).toMatch(/^contract diff: base\.yaml \(1\.0\.0\) → head\.yaml \(1\.0\.0\): 1 change$/);
    expect(lines[1]).toMatch(
      /^breaking {2}request-property-max-length-decreased {2}POST \/chatbots request body: name {2}200 → 100 {2}— /,
    );
    expect(lines[1]).toContain('also response-property-max-length-decreased (info)');
    expect(lines[2]).toBe('1 breaking change, not acknowledged.');
    writeFileSync(
      join(dir, 'head.yaml'),
      edited((doc) => (doc.components.schemas.ChatbotName.maxLength = 300)),
    );
    expect((await diff(dir, ['base.yaml', 'head.yaml', '--format', 'json'])).code).toBe(1);
    writeFileSync(
      join(dir, 'head.yaml'),
      edited((doc) => (doc.info.description = 'Other words.')),
    );
    const words = await diff(dir, ['base.yaml', 'head.yaml']);
    expect(words).toMatchObject({ code: 0, out: expect.stringContaining('info      documentation-changed  info') });
    expect((await diff(dir, ['base.yaml', 'head.yaml', '--fail-on', 'warning'])).code).toBe(0);
    writeFileSync(
      join(dir, 'head.yaml'),
      edited((doc) => delete doc.components.schemas.ChatbotSettingsInput.properties.theme),
    );
    expect((await diff(dir, ['base.yaml', 'head.yaml'])).code).toBe(0);
    expect((await diff(dir, ['base.yaml', 'head.yaml', '--fail-on', 'warning'])).code).toBe(1);
  });

  it('breaks on a narrowing first written down: a request limit set, a response enum value added', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'diff-narrowed-'));
    const schemas = (doc: Doc): Doc => doc.components.schemas;
    // Each: the base laid into both sides, then the edit of the head, and the rule it breaks by.
    const cases: [base: (doc: Doc) => void, edit: (doc: Doc) => void, rule: string][] = [
      [
        (doc) => (schemas(doc).CreateChatbotRequest.properties.tags = { type: 'array', items: { type: 'string' } }),
        (doc) => (schemas(doc).CreateChatbotRequest.properties.tags.minItems = 1),
        'request-property-min-items-set',
      ],
      [
        (doc) => (schemas(doc).ChatbotSettingsInput.properties.prompt = { type: 'string' }),
        (doc) => (schemas(doc).ChatbotSettingsInput.properties.prompt.maxLength = 4000),
        'request-property-max-length-set',
      ],
      [
        (doc) => (schemas(doc).ChatbotSettingsInput.additionalProperties = { type: 'string' }),
        (doc) => (schemas(doc).ChatbotSettingsInput.additionalProperties.maxLength = 40),
        'request-property-max-length-set',
      ],
      [
        (doc) => (schemas(doc).Chatbot.properties.status = { type: 'string', enum: ['active', 'paused'] }),
        (doc) => schemas(doc).Chatbot.properties.status.enum.push('archived'),
        'response-property-enum-value-added',
      ],
    ];
    try {
      for (const [base, edit, rule] of cases) {
        writeFileSync(join(dir, 'base.yaml'), edited(base));
        writeFileSync(
          join(dir, 'head.yaml'),
          edited((doc) => (base(doc), edit(doc))),
        );
        const result = await diff(dir, ['base.yaml', 'head.yaml', '--fail-on', 'breaking']);
        expect(result.out).toMatch(new RegExp(`^breaking {2}${rule} `, 'm'));
        expect(result.code, result.out).toBe(1);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('in a git repository: names its default base, fails closed without one, and reads --base REF', async () => {
    const repo = mkdtempSync(join(tmpdir(), 'diff-git-'));
    git(repo, 'init', '-q', '-b', 'main');
    copyFileSync(specPath, join(repo, 'openapi.yaml'));
    git(repo, 'add', '.');
    git(repo, 'commit', '-qm', 'first');
    git(repo, 'checkout', '-qb', 'feature');
    writeFileSync(join(repo, 'openapi.yaml'), edited(tightened));
    const review = await diff(repo, []);
    expect(review.code).toBe(1);
    expect(review.out).toMatch(/^contract diff: the merge base with main \([0-9a-f]{7}\) \(1\.0\.0\) → openapi\.yaml/);
    expect(await diff(repo, ['--base', 'HEAD~1'])).toMatchObject({
      code: 2,
      err: expect.stringMatching(
        /^chatbot-api-mock: error: cannot find openapi\.yaml at "HEAD~1": .*--allow-missing-base/,
      ),
    });
    expect((await diff(repo, ['--base', 'HEAD~1', '--allow-missing-base'])).code).toBe(0);
    // A tool that reads JSON gets JSON: a review of no change.
    const missing = await diff(repo, ['--base', 'HEAD~1', '--allow-missing-base', '--format', 'json']);
    expect(JSON.parse(missing.out)).toMatchObject({ changes: [], head: { label: 'openapi.yaml' } });
    expect((await diff(repo, ['--base', 'no-such-ref'])).code).toBe(2);
    expect((await diff(repo, ['--base', '--upload-pack=touch x'])).code).toBe(2);
    const outside = mkdtempSync(join(tmpdir(), 'diff-nogit-'));
    copyFileSync(specPath, join(outside, 'openapi.yaml'));
    expect(await diff(outside, [])).toMatchObject({ code: 2, err: expect.stringContaining('no base to compare with') });
  });

  it("takes a reviewer's overrides by rule id and place, with a reason; an unknown rule is a usage error", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'diff-rules-'));
    copyFileSync(specPath, join(dir, 'base.yaml'));
    writeFileSync(join(dir, 'head.yaml'), edited(tightened));
    const rules = (override: Doc) => writeFileSync(join(dir, 'spec-diff.rules.yaml'), dump({ overrides: [override] }));
    rules({
      rule: 'request-property-max-length-decreased',
      path: 'POST /chatbots request body: *',
      level: 'warning',
      reason: 'our only client is the admin UI, which truncates names',
    });
    const overridden = await diff(dir, ['base.yaml', 'head.yaml']);
    expect(overridden.code).toBe(0);
    expect(overridden.out).toMatch(/^warning {3}request-property-max-length-decreased .*override: our only client/m);
    rules({ rule: 'maxLength', path: '*', level: 'info', reason: 'an old rule name' });
    expect(await diff(dir, ['base.yaml', 'head.yaml'])).toMatchObject({
      code: 2,
      err: expect.stringMatching(/overrides\[0\]: no rule "maxLength"/),
    });
    rules({ rule: 'request-property-max-length-decreased', path: '*', level: 'info' });
    expect((await diff(dir, ['base.yaml', 'head.yaml'])).err).toMatch(/needs a "reason"/);
    rmSync(join(dir, 'spec-diff.rules.yaml'));
    expect((await diff(dir, ['base.yaml', 'head.yaml', '--rules', 'missing.yaml'])).code).toBe(2);
  });

  it('refuses what it cannot read (exit 2); a major version bump acknowledges a breaking change', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'diff-bad-'));
    copyFileSync(specPath, join(dir, 'base.yaml'));
    expect(await diff(dir, ['base.yaml', 'missing.yaml'])).toMatchObject({
      code: 2,
      err: expect.stringMatching(/^chatbot-api-mock: error: cannot read missing\.yaml/),
    });
    writeFileSync(join(dir, 'broken.yaml'), 'paths: [\n');
    expect((await diff(dir, ['base.yaml', 'broken.yaml'])).code).toBe(2);
    writeFileSync(join(dir, 'other.yaml'), 'just: a map\n');
    expect((await diff(dir, ['base.yaml', 'other.yaml'])).err).toMatch(/is not an OpenAPI document/);
    expect((await diff(dir, ['base.yaml', 'base.yaml', '--format', 'pdf'])).code).toBe(2);
    writeFileSync(
      join(dir, 'major.yaml'),
      edited((doc) => ((doc.info.version = '2.0.0'), tightened(doc))),
    );
    const acknowledged = await diff(dir, ['base.yaml', 'major.yaml', '--format', 'markdown']);
    expect(acknowledged.code).toBe(0);
    expect(acknowledged.out).toMatch(/^## ⚠️ Contract diff: 1 breaking change, acknowledged/);
  });

  it('is the repository gate: npm run spec:diff runs it on openapi.yaml', async () => {
    const result = await new Promise<{ code: number; out: string }>((resolve) =>
      execFile('npm', ['run', '--silent', 'spec:diff', '--', '--base', 'HEAD'], { cwd: ROOT }, (error, stdout) =>
        resolve({ code: error ? Number((error as { code?: number }).code) : 0, out: stdout }),
      ),
    );
    expect(result.out).toMatch(/^contract diff: HEAD \([0-9a-f]{7}\) \(\S+\) → openapi\.yaml/);
    expect([0, 1]).toContain(result.code);
  });

  it('says of a new security scheme nothing that the requirement beside it contradicts', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'diff-scheme-'));
    copyFileSync(specPath, join(dir, 'base.yaml'));
    writeFileSync(
      join(dir, 'head.yaml'),
      edited((doc) => {
        doc.components.securitySchemes.Partner = { type: 'apiKey', in: 'header', name: 'X-Partner' };
        doc.paths['/chatbots'].get.security = [{ Partner: [] }];
      }),
    );
    const { out } = await diff(dir, ['base.yaml', 'head.yaml']);
    const added = out.split('\n').find((line) => line.includes('api-security-component-added'));
    expect(added).toBeDefined();
    expect(out).toMatch(/GET \/chatbots/);
    expect(added).not.toMatch(/no requirement/);
  });
});

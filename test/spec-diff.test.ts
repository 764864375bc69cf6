// spec:diff: changes to openapi.yaml classified, and breaking ones refused unless acknowledged.
import { execFile, execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { dump as stringify } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { majorRaised, specChanges } from '../tools/review/specDiff.js';
import { specPath } from '../src/contract/load.js';
import { contract } from './helpers/contract.js';

type Doc = typeof contract.document & Record<string, unknown>;
type Schema = { properties: Record<string, Record<string, unknown>>; required: string[]; maxLength?: number; minLength?: number; additionalProperties?: unknown; [key: string]: unknown };
const schemas = (doc: Doc) => doc.components!.schemas! as Record<string, Schema>;
const operation = (doc: Doc, method: 'get' | 'post') => doc.paths['/chatbots']![method]! as unknown as Record<string, unknown> & { responses: Record<string, unknown> };

function changed(mutate: (doc: Doc) => void) {
  const before = contract.document as Doc;
  const after = structuredClone(before);
  mutate(after);
  return specChanges(before, after);
}
/** The highest level among an edit's changes, as a reviewer reads the edit. */
function levelOf(mutate: (doc: Doc) => void): string {
  const levels = changed(mutate).map((change) => change.level);
  return (['breaking', 'warning', 'info'] as const).find((level) => levels.includes(level)) ?? 'none';
}

// Edits of openapi.yaml classified by hand, each by what it does to a client that
// sends the requests and reads the responses the contract documents.
const CORPUS: [string, 'breaking' | 'warning' | 'info', (doc: Doc) => void][] = [
  // Requests: accepting less breaks; accepting more is safe.
  ['a request limit tightened (name maxLength 200 → 100)', 'breaking', (d) => void (schemas(d).ChatbotName!.maxLength = 100)],
  ['a request minimum raised (name minLength 1 → 3)', 'breaking', (d) => void (schemas(d).ChatbotName!.minLength = 3)],
  ['a new required request field', 'breaking', (d) => { schemas(d).CreateChatbotRequest!.properties.team = { type: 'string' }; schemas(d).CreateChatbotRequest!.required.push('team'); }],
  ['an optional request field made required', 'breaking', (d) => void schemas(d).CreateChatbotRequest!.required.push('settings')],
  ['a request refusing fields it accepted (settings additionalProperties → false)', 'breaking', (d) => void (schemas(d).ChatbotSettingsInput!.additionalProperties = false)],
  ['a request field\'s type changed', 'breaking', (d) => void (schemas(d).CreateChatbotRequest!.properties.name = { type: 'integer' })],
  ['a request field removed (no longer accepted)', 'breaking', (d) => void delete schemas(d).CreateChatbotRequest!.properties.settings],
  ['a request pattern added to name', 'breaking', (d) => void (schemas(d).ChatbotName!.pattern = '^[A-Z]')],
  ['a new required query parameter', 'breaking', (d) => void (operation(d, 'get').parameters = [{ name: 'page', in: 'query', required: true, schema: { type: 'integer' } }])],
  ['an optional request field added', 'info', (d) => void (schemas(d).CreateChatbotRequest!.properties.team = { type: 'string' })],
  ['a new optional query parameter', 'info', (d) => void (operation(d, 'get').parameters = [{ name: 'page', in: 'query', required: false, schema: { type: 'integer' } }])],
  ['a request limit loosened (name maxLength 200 → 300)', 'breaking', (d) => void (schemas(d).ChatbotName!.maxLength = 300)],
  // Responses: sending more or other values breaks; sending less is safe.
  ['a response field removed', 'breaking', (d) => { delete schemas(d).Chatbot!.properties.is_active; schemas(d).Chatbot!.required = schemas(d).Chatbot!.required.filter((f) => f !== 'is_active'); }],
  ['a response field renamed', 'breaking', (d) => { const c = schemas(d).Chatbot!; c.properties.title = c.properties.name!; delete c.properties.name; c.required = c.required.map((f) => (f === 'name' ? 'title' : f)); }],
  ['a response field\'s type changed', 'breaking', (d) => void (schemas(d).Chatbot!.properties.is_active = { type: 'string' })],
  ['a response field no longer required (may be missing)', 'breaking', (d) => void (schemas(d).Chatbot!.required = schemas(d).Chatbot!.required.filter((f) => f !== 'is_active'))],
  ['a response field made nullable', 'breaking', (d) => void (schemas(d).Chatbot!.properties.is_active!.nullable = true)],
  ['a response enum added where any value was', 'breaking', (d) => void ((schemas(d).ChatbotSettings!.properties as Record<string, Record<string, unknown>>).theme!.enum = ['light', 'dark'])],
  ['a response field added', 'warning', (d) => void (schemas(d).Chatbot!.properties.team = { type: 'string' })],
  ['a status code removed from an operation', 'breaking', (d) => void delete operation(d, 'post').responses['422']],
  ['a new status code on an operation', 'warning', (d) => void (operation(d, 'get').responses['429'] = { description: 'Too many requests' })],
  ['the success status changed (201 → 200)', 'breaking', (d) => { const r = operation(d, 'post').responses; r['200'] = r['201']; delete r['201']; }],
  ['a response header removed', 'breaking', (d) => void delete (operation(d, 'post').responses['201'] as { headers: Record<string, unknown> }).headers['Cache-Control']],
  // Operations and paths.
  ['an operation removed', 'breaking', (d) => void delete d.paths['/chatbots']!.get],
  ['a path removed', 'breaking', (d) => void delete d.paths['/chatbots']],
  ['a new operation', 'info', (d) => void ((d.paths as Record<string, unknown>)['/chatbots/{id}'] = { get: { operationId: 'getChatbot', parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }], responses: { '200': { description: 'The chatbot.' } } } })],
  ['an operation deprecated', 'warning', (d) => void (operation(d, 'get').deprecated = true)],
  ['the security requirement removed from an operation', 'info', (d) => void (operation(d, 'get').security = [])],
  // Words only.
  ['a summary changed', 'info', (d) => void (operation(d, 'post').summary = 'Make a chatbot')],
  ['the API description changed', 'info', (d) => void (d.info.description = 'Other words.')],
  ['a field description changed', 'info', (d) => void (schemas(d).ChatbotName!.description = 'What people call it.')],
  ['an example changed', 'info', (d) => void (schemas(d).ChatbotName!.example = 'Helper')],
];

describe('specChanges on a corpus of classified edits', () => {
  it('holds at least 30 edits', () => expect(CORPUS.length).toBeGreaterThanOrEqual(30));

  it.each(CORPUS)('%s: %s', (_label, level, mutate) => {
    expect(levelOf(mutate)).toBe(level);
  });

  it('says why where it judges otherwise than api-smart-diff', () => {
    const [change] = changed((d) => void (schemas(d).ChatbotSettingsInput!.additionalProperties = false));
    expect(change).toMatchObject({ level: 'breaking', rule: 'additionalProperties', before: true, after: false, why: expect.stringMatching(/refuses fields it accepted/) });
  });

  it('describes every change with what changed, also inside a list’s items', () => {
    const changes = changed((d) => void (schemas(d).ChatbotName!.maxLength = 150));
    const inList = changes.find((change) => change.path.endsWith('data.items.properties.name.maxLength'));
    expect(inList?.message).toBe('[Replaced] maxLength validator of `data[].name` in Response 200 content (application/json)');
    for (const change of changes) expect(change.message).not.toMatch(/\]\s{2,}of /);
  });

  it('finds no change between a document and itself', () => {
    expect(changed(() => {})).toEqual([]);
  });
});

describe('majorRaised', () => {
  const doc = (version: string) => ({ info: { version } });
  it('is true only when the major version goes up', () => {
    expect(majorRaised(doc('1.4.2'), doc('2.0.0'))).toBe(true);
    expect(majorRaised(doc('1.4.2'), doc('1.5.0'))).toBe(false);
    expect(majorRaised(doc('2.0.0'), doc('1.9.9'))).toBe(false);
  });
});

describe('npm run spec:diff (the compiled command, in a scratch git repository)', () => {
  const BIN = fileURLToPath(new URL('../tools/dist/review/specDiff.js', import.meta.url));
  const run = (cwd: string, args: string[] = []) =>
    new Promise<{ code: number; out: string }>((resolve) => {
      execFile(process.execPath, [BIN, ...args], { cwd }, (error, stdout, stderr) =>
        resolve({ code: error ? Number((error as { code?: number }).code) : 0, out: stdout + stderr }),
      );
    });
  const gitIn = (cwd: string, ...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd, stdio: 'pipe' });

  it('fails closed without a base, unless told to allow it; refuses an unacknowledged breaking change, and accepts it with a major bump', async () => {
    const repo = mkdtempSync(join(tmpdir(), 'spec-diff-'));
    gitIn(repo, 'init', '-q');
    copyFileSync(specPath, join(repo, 'openapi.yaml'));
    gitIn(repo, 'add', '.');
    gitIn(repo, 'commit', '-qm', 'first');
    expect(await run(repo)).toMatchObject({ code: 2, out: expect.stringMatching(/^spec:diff: error: cannot find openapi.yaml at "HEAD~1": .*--allow-missing-base/) });
    expect(await run(repo, ['no-such-ref'])).toMatchObject({ code: 2 });
    expect(await run(repo, ['--allow-missing-base'])).toMatchObject({ code: 0, out: expect.stringContaining('nothing to compare') });

    const broken = structuredClone(contract.document) as Doc;
    delete (broken.paths['/chatbots']!.post!.responses as Record<string, unknown>)['422'];
    writeFileSync(join(repo, 'openapi.yaml'), stringify(broken));
    const refused = await run(repo, ['HEAD']);
    expect(refused.code).toBe(1);
    expect(refused.out).toMatch(/breaking \(1\):\n\s+\[response-status\] \[Removed\] Response 422/);
    expect(refused.out).toMatch(/not acknowledged.*raising the major version/s);

    // The same review as Markdown, for a pull request comment, and as JSON, for tools.
    const markdown = await run(repo, ['--base', 'HEAD', '--format', 'markdown']);
    expect(markdown.code).toBe(1);
    expect(markdown.out).toMatch(/^## ❌ Contract diff: 1 breaking change, not acknowledged\n/);
    expect(markdown.out).toMatch(/^\| breaking \| `response-status` \| `paths\.\/chatbots\.post\.responses\.422` \| .* → – \| /m);
    expect(markdown.out).toMatch(/```yaml\n# spec-diff\.rules\.yaml\noverrides:\n {2}- rule: response-status/);
    const json = await run(repo, ['--base', 'HEAD', '--format', 'json']);
    const parsed = JSON.parse(json.out) as { changes: { level: string; rule: string; path: string; message: string }[]; breaking: number };
    expect(parsed.breaking).toBe(1);
    expect(parsed.changes).toContainEqual(expect.objectContaining({ level: 'breaking', rule: 'response-status', path: 'paths./chatbots.post.responses.422', message: expect.any(String) }));

    // An override changes one rule's level at one path, and must say why.
    writeFileSync(join(repo, 'spec-diff.rules.yaml'), stringify({ overrides: [{ rule: 'response-status', path: 'paths./chatbots.post.responses.*', level: 'warning', reason: 'our clients treat every 4xx alike' }] }));
    const overridden = await run(repo, ['HEAD']);
    expect(overridden.code).toBe(0);
    expect(overridden.out).toMatch(/warning \(1\):[\s\S]*why: override: our clients treat every 4xx alike/);
    writeFileSync(join(repo, 'spec-diff.rules.yaml'), stringify({ overrides: [{ rule: 'response-status', path: 'paths.*', level: 'info' }] }));
    expect(await run(repo, ['HEAD'])).toMatchObject({ code: 2, out: expect.stringMatching(/needs a "reason"/) });
    expect(await run(repo, ['HEAD', '--format', 'pdf'])).toMatchObject({ code: 2, out: expect.stringMatching(/--format: expected text, markdown or json/) });
    rmSync(join(repo, 'spec-diff.rules.yaml'));

    // A base given as a file, and a head other than the working tree's.
    const head = join(repo, 'edited.yaml');
    writeFileSync(head, stringify(contract.document));
    expect(await run(repo, ['--base', join(repo, 'openapi.yaml'), '--head', head])).toMatchObject({ code: 0 });

    broken.info.version = '2.0.0';
    writeFileSync(join(repo, 'openapi.yaml'), stringify(broken));
    const acknowledged = await run(repo, ['HEAD']);
    expect(acknowledged.code).toBe(0);
    expect(acknowledged.out).toMatch(/acknowledged: info.version's major version went up/);
  });
});

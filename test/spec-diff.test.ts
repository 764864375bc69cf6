// spec:diff: changes to openapi.yaml classified, and breaking ones refused unless acknowledged.
import { execFile, execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { dump as stringify } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { majorRaised, specChanges } from '../tools/review/specDiff.js';
import { specPath } from '../src/contract/load.js';
import { contract } from './helpers/contract.js';

type Doc = typeof contract.document & Record<string, unknown>;
const schemas = (doc: Doc) => doc.components!.schemas! as Record<string, { properties: Record<string, unknown>; required: string[]; maxLength?: number }>;

function changed(mutate: (doc: Doc) => void) {
  const before = contract.document as Doc;
  const after = structuredClone(before);
  mutate(after);
  return specChanges(before, after);
}
const kinds = (mutate: (doc: Doc) => void) => new Set(changed(mutate).map((change) => change.kind));

describe('specChanges', () => {
  it.each<[string, (doc: Doc) => void]>([
    ['a response field removed', (d) => {
      delete schemas(d).Chatbot!.properties.is_active;
      schemas(d).Chatbot!.required = schemas(d).Chatbot!.required.filter((f) => f !== 'is_active');
    }],
    ['a field renamed', (d) => {
      const chatbot = schemas(d).Chatbot!;
      chatbot.properties.title = chatbot.properties.name;
      delete chatbot.properties.name;
      chatbot.required = chatbot.required.map((f) => (f === 'name' ? 'title' : f));
    }],
    ['a type changed', (d) => void (schemas(d).Chatbot!.properties.is_active = { type: 'string' })],
    ['a limit tightened', (d) => void (schemas(d).ChatbotName!.maxLength = 100)],
    ['a new required request field', (d) => {
      schemas(d).CreateChatbotRequest!.properties.team = { type: 'string' };
      schemas(d).CreateChatbotRequest!.required.push('team');
    }],
    ['a status code removed', (d) => void delete (d.paths['/chatbots']!.post!.responses as Record<string, unknown>)['422']],
    ['an operation removed', (d) => void delete d.paths['/chatbots']!.get],
  ])('calls %s breaking', (_label, mutate) => {
    expect(kinds(mutate)).toContain('breaking');
  });

  it.each<[string, (doc: Doc) => void]>([
    ['an optional request field added', (d) => void (schemas(d).CreateChatbotRequest!.properties.team = { type: 'string' })],
    ['a summary changed', (d) => void (d.paths['/chatbots']!.post!.summary = 'Make a chatbot')],
    ['a description changed', (d) => void (d.info.description = 'Other words.')],
  ])('does not call %s breaking', (_label, mutate) => {
    expect(kinds(mutate)).not.toContain('breaking');
  });

  it('describes every change with what changed, also inside a list’s items', () => {
    const changes = changed((d) => void (schemas(d).ChatbotName!.maxLength = 150));
    const inList = changes.find((change) => change.path.endsWith('data.items.properties.name.maxLength'));
    expect(inList?.description).toBe('[Replaced] maxLength validator of `data[].name` in Response 200 content (application/json)');
    for (const change of changes) expect(change.description).not.toMatch(/\]\s{2,}of /);
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
    expect(refused.out).toMatch(/breaking \(1\):\n\s+\[Removed\] Response 422/);
    expect(refused.out).toMatch(/not acknowledged.*raising the major version/s);

    broken.info.version = '2.0.0';
    writeFileSync(join(repo, 'openapi.yaml'), stringify(broken));
    const acknowledged = await run(repo, ['HEAD']);
    expect(acknowledged.code).toBe(0);
    expect(acknowledged.out).toMatch(/acknowledged: info.version's major version went up/);
  });
});

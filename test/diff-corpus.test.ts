// The corpora through the shipped diff command, in all three formats: each edit at the level it carries, named by
// its rule, with exit 1 exactly when it breaks. The OpenAPI 3.0 corpus (test/diff/corpus/) edits openapi.yaml; the
// 3.1 and 3.2 corpus (test/diff/corpus31/) edits its renditions, with levels written from the specifications: an
// edit where the diff falls short says why (`short`), and is expected to fail until it does not. Every rule of the
// catalogue has an edit, and every edit that departs from oasdiff says why. The command's code is the built one
// (dist/), run in this process; the command line itself is run in test/diff-cli.test.ts.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dump } from 'js-yaml';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { RULES } from '../dist/diff/catalogue.js';
import { runDiff } from '../dist/diff/runDiff.js';
import { assertBuilt } from './helpers/run.js';
import { ALL_EDITS as CORPUS } from './diff/corpus/all.js';
import { ALL_EDITS_31 as CORPUS_31 } from './diff/corpus31/all31.js';
import { asLevel, contract, type Edit } from './diff/corpus/corpus.js';

beforeAll(assertBuilt);

/** The edit's base and head as files, as a reviewer's checkout holds them. */
function sides(edit: Edit): { dir: string; base: string; head: string } {
  const dir = mkdtempSync(join(tmpdir(), 'diff-corpus-'));
  const base = edit.base ? edit.base() : contract();
  edit.setup?.(base);
  const head = structuredClone(base);
  edit.edit(head);
  writeFileSync(join(dir, 'base.yaml'), dump(base, { noRefs: true }));
  writeFileSync(join(dir, 'head.yaml'), dump(head, { noRefs: true }));
  return { dir, base: 'base.yaml', head: 'head.yaml' };
}

const asInfo = (level: string) => (level === 'none' ? 'info' : level);

/** The edit through the command: its level at the top, its rule among the top's, exit 1 exactly when it breaks. */
function check(edit: Edit): void {
  const { dir, base, head } = sides(edit);
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  const json = runDiff({ base, head, cwd: dir, format: 'json' });
  const review = JSON.parse(json.output) as { changes: { level: string; rule: string }[] };
  const top = review.changes[0]?.level ?? 'none';
  expect(top, json.output).toBe(edit.level);
  if (edit.rule) {
    const atTop = review.changes.filter((change) => change.level === top).map((change) => change.rule);
    expect(atTop, json.output).toContain(edit.rule);
  }
  expect(json.exitCode).toBe(edit.level === 'breaking' ? 1 : 0);
  const text = runDiff({ base, head, cwd: dir, format: 'text' }).output;
  const markdown = runDiff({ base, head, cwd: dir, format: 'markdown' }).output;
  if (edit.rule) {
    expect(text).toMatch(new RegExp(`^${edit.level}\\s+${edit.rule}\\s`, 'm'));
    expect(markdown).toContain(`| ${edit.level} | \`${edit.rule}\` |`);
  } else {
    expect(text).toMatch(/: 0 changes\nno changes\.$/);
    expect(markdown).toMatch(/^## ✅ Contract diff: no changes/);
  }
}

describe('the diff corpus', () => {
  it('holds at least 150 edits of 3.0 and 150 of 3.1 and 3.2, and one for each rule of the catalogue', () => {
    expect(CORPUS.length).toBeGreaterThanOrEqual(150);
    expect(CORPUS_31.length).toBeGreaterThanOrEqual(150);
    const named = new Set([...CORPUS, ...CORPUS_31].filter((edit) => !edit.short).map((edit) => edit.rule));
    expect(RULES.map((rule) => rule.id).filter((id) => !named.has(id))).toEqual([]);
  });

  it('says why wherever its level departs from oasdiff, and only there', () => {
    for (const edit of [...CORPUS, ...CORPUS_31]) {
      const oasdiff = asInfo(asLevel(edit.oasdiff?.[1]));
      expect(Boolean(edit.departs), `${edit.what}: ours ${edit.level}, oasdiff ${oasdiff}`).toBe(
        asInfo(edit.level) !== oasdiff,
      );
    }
  });

  it.each(CORPUS.map((edit) => [edit.what, edit] as const))('%s', (_what, edit) => check(edit));
});

describe('the OpenAPI 3.1 and 3.2 corpus', () => {
  const [decided, short] = [CORPUS_31.filter((edit) => !edit.short), CORPUS_31.filter((edit) => edit.short)];
  it.each(decided.map((edit) => [edit.what, edit] as const))('%s', (_what, edit) => check(edit));
  // Where the diff falls short today: each fails, and the day one passes, this says so (and its `short` goes).
  it.fails.each(short.map((edit) => [`${edit.what} (short: ${edit.short})`, edit] as const))('%s', (_what, edit) =>
    check(edit),
  );
});

// spec:diff's rules, in this process (the unit layer): each classified edit of the corpus gets its level,
// and a major version bump acknowledges a break. test/spec-diff.test.ts runs the same through the command.
import { describe, expect, it } from 'vitest';
import { CORPUS } from '../tools/review/corpus.js';
import { majorRaised, specChanges } from '../tools/review/changes.js';
import { contract } from './helpers/contract.js';

type Doc = typeof contract.document & Record<string, unknown>;
type Schema = { properties: Record<string, Record<string, unknown>>; required: string[]; [key: string]: unknown };
const schemas = (doc: Doc) => doc.components!.schemas! as Record<string, Schema>;

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

describe('specChanges on a corpus of classified edits', () => {
  it('holds at least 30 edits', () => expect(CORPUS.length).toBeGreaterThanOrEqual(30));

  it.each(CORPUS)('%s: %s', (_label, level, mutate) => {
    expect(levelOf(mutate)).toBe(level);
  });

  it('says why where it judges otherwise than api-smart-diff', () => {
    const [change] = changed((d) => void (schemas(d).ChatbotSettingsInput!.additionalProperties = false));
    expect(change).toMatchObject({
      level: 'breaking',
      rule: 'additionalProperties',
      before: true,
      after: false,
      why: expect.stringMatching(/refuses fields it accepted/),
    });
  });

  it('describes every change with what changed, also inside a list’s items', () => {
    const changes = changed((d) => void (schemas(d).ChatbotName!.maxLength = 150));
    const inList = changes.find((change) => change.path.endsWith('data.items.properties.name.maxLength'));
    expect(inList?.message).toBe(
      '[Replaced] maxLength validator of `data[].name` in Response 200 content (application/json)',
    );
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

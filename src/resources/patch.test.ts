// The two patch documents against the RFCs' own examples (test/fixtures/patch/,
// copied from RFC 7396 section 3 and Appendix A, and RFC 6902 Appendix A),
// and against a patch that aims at an object's prototype.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { applyJsonPatch, mergePatch } from './patch.js';

interface Case {
  name: string;
  target: unknown;
  patch: unknown;
  result?: unknown;
  error?: true;
}

const corpus = (file: string) =>
  JSON.parse(readFileSync(new URL(`../../test/fixtures/patch/${file}`, import.meta.url), 'utf8')) as Case[];

describe('a JSON Merge Patch (RFC 7396)', () => {
  it.each(corpus('rfc7396.json').map((example) => [example.name, example]))('%s', (_, example) => {
    const target = structuredClone(example.target);
    expect(mergePatch(example.target, example.patch)).toEqual(example.result);
    expect(example.target).toEqual(target);
  });

  it('keeps a member named __proto__ as data', () => {
    const merged = mergePatch({}, JSON.parse('{"__proto__": {"polluted": true}}')) as Record<string, unknown>;
    expect(Object.getPrototypeOf(merged)).toBe(Object.prototype);
    expect(Object.keys(merged)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('a JSON Patch (RFC 6902)', () => {
  it.each(corpus('rfc6902.json').map((example) => [example.name, example]))('%s', (_, example) => {
    const target = structuredClone(example.target);
    const outcome = applyJsonPatch(example.target, example.patch);
    if (example.error) expect(outcome).toHaveProperty('error');
    else expect(outcome).toEqual({ value: example.result });
    expect(example.target).toEqual(target);
  });

  it('refuses a path through __proto__', () => {
    const outcome = applyJsonPatch({}, [{ op: 'add', path: '/__proto__/polluted', value: true }]);
    expect(outcome).toHaveProperty('error');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses what is not a patch, with the index of the operation at fault', () => {
    expect(
      applyJsonPatch({}, [
        { op: 'add', path: '/a', value: 1 },
        { op: 'jump', path: '/a' },
      ]),
    ).toEqual({
      error: expect.stringMatching(/^operation 1: /),
    });
  });
});

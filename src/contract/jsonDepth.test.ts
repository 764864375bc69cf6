// The depth of JSON from untrusted input, read over its text as its parsed value measures it, in one pass and without
// recursion, whatever the text holds.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deeperThan, MAX_ANSWER_DEPTH, MAX_JSON_DEPTH, textDeeperThan } from './jsonDepth.js';
import { nestingDepth } from './limits.js';

/** Strings that hold what could mislead a reader of the text: quotes, backslashes and brackets. */
const tricky = fc.string({ unit: fc.constantFrom('"', '\\', '[', ']', '{', '}', 'a', '\n') });
const values = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.oneof(tricky, fc.integer(), fc.boolean(), fc.constant(null)),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(tricky, tie('value'), { maxKeys: 3 }),
  ),
})).value;

/** Two levels a step: an object holding an array. */
const nested = (steps: number) => '{"a":['.repeat(steps) + ']}'.repeat(steps);

describe('the depth of a JSON text', () => {
  it('is that of its value, for any value and bound, whatever its strings hold', () => {
    fc.assert(
      fc.property(values, fc.nat(8), fc.boolean(), (value, limit, spaced) => {
        const text = JSON.stringify(value, null, spaced ? 2 : undefined);
        expect(textDeeperThan(text, limit)).toBe(nestingDepth(value) > limit);
        expect(deeperThan(value, limit)).toBe(nestingDepth(value) > limit);
      }),
      { numRuns: 5_000 },
    );
  });

  it('is measured at the bound and one past it, far past it without recursion', () => {
    const at = '['.repeat(MAX_JSON_DEPTH) + ']'.repeat(MAX_JSON_DEPTH);
    expect(nestingDepth(JSON.parse(at))).toBe(MAX_JSON_DEPTH);
    expect(textDeeperThan(at, MAX_JSON_DEPTH)).toBe(false);
    expect(textDeeperThan(`[${at}]`, MAX_JSON_DEPTH)).toBe(true);
    const far = nested(50_000);
    expect(textDeeperThan(far, MAX_ANSWER_DEPTH)).toBe(true);
    expect(deeperThan(JSON.parse(far), MAX_ANSWER_DEPTH)).toBe(true);
  });

  it('counts no bracket inside a string, escaped quotes and backslashes included', () => {
    const text = JSON.stringify({ a: `\\"${'['.repeat(1_000)}\\`, b: '\\\\"{{{{' });
    expect(textDeeperThan(text, 1)).toBe(false);
    expect(textDeeperThan(JSON.stringify([[`"\\${'{'.repeat(10)}`]]), 1)).toBe(true);
  });
});

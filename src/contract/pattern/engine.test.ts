// The lenient automaton never runs a pattern on RegExp and never fails a check it cannot finish: a pattern it does not
// read, or a test past the check's bound, passes and is named, and the check ends at once whatever the pattern.
import { describe, expect, it } from 'vitest';
import { automatonRegExp, boundedCheck, lenientRegExp, MAX_MATCH_COST, TooCostly } from './engine.js';

const test = (pattern: string, text: string, cost = MAX_MATCH_COST) =>
  boundedCheck(cost, () => lenientRegExp(pattern).test(text));

describe('a pattern tested by the lenient automaton', () => {
  it('matches as the automaton does, and names nothing', () => {
    expect(test('^[a-z]+$', 'abc')).toMatchObject({ result: true, unchecked: new Map() });
    expect(test('^[a-z]+$', 'abC')).toMatchObject({ result: false, unchecked: new Map() });
  });

  it('decides a pattern that backtracks for ever on RegExp', () => {
    expect(test('^(a+)+$', `${'a'.repeat(44)}!`).result).toBe(false);
    expect(test('^([^]|[^])*QQQQ$', 'x'.repeat(64)).result).toBe(false);
  });

  it('lets through a pattern it does not read, and names it with why', () => {
    expect(test('^(?=x)x+$', 'yyy')).toEqual({
      result: true,
      unchecked: new Map([['^(?=x)x+$', 'the bounded pattern engine does not read a lookaround']]),
      spent: 0,
    });
  });

  it('lets through a test past the bound of its check, and names it', () => {
    const checked = boundedCheck(1_000, () => [
      lenientRegExp('^a+$').test('aaa'),
      lenientRegExp('^b+$').test('a'.repeat(500)),
    ]);
    expect(checked.result).toEqual([true, true]);
    expect([...checked.unchecked.keys()]).toEqual(['^b+$']);
    expect(checked.unchecked.get('^b+$')).toMatch(/too long to match within the bound/);
  });

  it('is tested only inside a bounded check; the strict automaton throws past its bound instead', () => {
    expect(() => lenientRegExp('^a+$').test('a')).toThrow(/only inside boundedCheck/);
    expect(() => automatonRegExp('^a+$').test('a'.repeat(MAX_MATCH_COST))).toThrow(TooCostly);
    expect(() => automatonRegExp('(?=a)')).toThrow(/a lookaround/);
  });

  it('counts the ranges of a class in what a match costs: a class of a thousand costs more than one', () => {
    // 1,986 states: its states times 1,007 characters are within the bound, its weight is not.
    const chars = Array.from({ length: 1_000 }, (_, index) => String.fromCodePoint(0x100 + 2 * index));
    const pattern = `[${chars.join('')}]{990}!`;
    const text = (chars.at(-1) as string).repeat(1_006);
    expect(() => automatonRegExp(pattern).test(text)).toThrow(TooCostly);
    expect(test(pattern, text).unchecked.get(pattern)).toMatch(/too long to match within the bound/);
  });

  it('says what a check spent, so that checks can share a budget', () => {
    // The automaton's weight times the characters and one: four for three characters, seven for six.
    const { spent } = test('^[a-z]+$', 'abc');
    expect(spent).toBeGreaterThan(0);
    expect(test('^[a-z]+$', 'abcdef').spent).toBe((spent / 4) * 7);
  });
});

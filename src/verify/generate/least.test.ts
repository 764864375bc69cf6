// The least value is bounded by the JSON it makes, counted as it is made: a list of lists four deep is none found
// simply (undefined), as a schema that requires itself without end is, and its items are never one shared value.
import { describe, expect, it } from 'vitest';
import { LEAST_CHARACTERS, leastValue } from './least.js';
import type { Schema } from './schemas.js';

const listOf = (items: Schema, minItems: number): Schema => ({ type: 'array', minItems, items });

describe('the least value of a schema', () => {
  it('is none past its bound: lists four deep, 50,000,000 items, 300,000,000 characters', () => {
    expect(leastValue(listOf(listOf(listOf(listOf({ type: 'integer' }, 1_000), 1_000), 1_000), 1_000))).toBeUndefined();
    expect(leastValue(listOf({ type: 'integer' }, 50_000_000))).toBeUndefined();
    expect(leastValue({ type: 'string', minLength: 300_000_000 })).toBeUndefined();
    expect(
      leastValue({
        type: 'object',
        required: ['a'],
        properties: { a: listOf({ type: 'boolean' }, 60_000) } as Schema['properties'],
      }),
    ).toBeUndefined();
  });

  it('is made whole within it, each item its own value', () => {
    const value = leastValue(listOf(listOf({ type: 'integer', minimum: 2 }, 3), 2)) as number[][];
    expect(value).toEqual([
      [2, 2, 2],
      [2, 2, 2],
    ]);
    expect(value[0]).not.toBe(value[1]);
    expect(leastValue({ type: 'string', minLength: LEAST_CHARACTERS - 2 })).toHaveLength(LEAST_CHARACTERS - 2);
  });
});

describe('the least string of a pattern', () => {
  it('is tested on the automaton: a pattern RegExp backtracks on for ever, or one it cannot read, is none', () => {
    expect(leastValue({ type: 'string', minLength: 40, pattern: '^(x|x)*y$' })).toBeUndefined();
    expect(leastValue({ type: 'string', minLength: 3, pattern: '^(?=x)' })).toBeUndefined();
    expect(leastValue({ type: 'string', minLength: 3, pattern: '^(x+)+$' })).toBe('xxx');
  });
});

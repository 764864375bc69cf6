// A pattern-breaking case is one the bounded automaton proves breaks the pattern: none for a pattern it does not read.
import { describe, expect, it } from 'vitest';
import { patternBreakers } from './invalid.js';

describe('the strings that break a pattern', () => {
  it('are those the bounded automaton finds no match in: none for a pattern it does not read', () => {
    expect(patternBreakers('^\\S+$')).toEqual([' ', '\t', '  \n ']);
    expect(patternBreakers('^[0-9]+$')).toEqual([' ', '\t', '  \n ', '-', 'a', 'A', '.']);
    // A lookahead, a backreference: nothing proves a string breaks them.
    expect(patternBreakers('^(?=x)')).toEqual([]);
    expect(patternBreakers('^(a)\\1$')).toEqual([]);
  });
});

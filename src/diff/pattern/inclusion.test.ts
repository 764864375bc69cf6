// The diff's own reading of a contract's patterns: a bounded automaton, never the platform's RegExp. It matches as
// JSON Schema's pattern does (anywhere, ^ and $ at the ends), decides inclusion with a witness, and leaves to the
// reviewer what is not regular or past its bounds, in bounded time.
import { describe, expect, it } from 'vitest';
import { MAX_INCLUSION_STEPS, patternIncludes } from './inclusion.js';
import { compile, matches } from '../../contract/pattern/nfa.js';

const match = (pattern: string, text: string) => matches(compile(pattern), text);

describe('a pattern read by the diff', () => {
  it.each<[string, string, boolean]>([
    ['^[a-z]+$', 'abc', true],
    ['^[a-z]+$', 'abC', false],
    ['b', 'abc', true],
    ['^(?:a|b){2,3}$', 'aba', true],
    ['^(a|b){2,3}$', 'abab', false],
    ['^\\d{3}-\\d{4}$', '123-4567', true],
    ['^[^0-9]*$', 'a1', false],
    ['^\\w+@\\w+\\.com$', 'me@example.com', true],
    ['^$', '', true],
    ['^.$', '\n', false],
    ['^\\u00e9$', 'é', true],
  ])('%s on %j: %s', (pattern, text, expected) => {
    expect(match(pattern, text)).toBe(expected);
  });

  it('matches a pattern that backtracks exponentially in linear time', () => {
    const started = performance.now();
    expect(match('^(a+)+$', `${'a'.repeat(20_000)}b`)).toBe(false);
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('decides inclusion, with the shortest string that shows a difference', () => {
    expect(patternIncludes('^[a-z]+$', '^[a-c]+$').verdict).toBe('yes');
    expect(patternIncludes('^[a-c]+$', '^[a-z]+$')).toMatchObject({ verdict: 'no', witness: 'd' });
    expect(patternIncludes('^a', 'a')).toMatchObject({ verdict: 'no', witness: 'Aa' });
    expect(patternIncludes('a', '^a').verdict).toBe('yes');
    expect(patternIncludes('^\\d+$', '^[0-9][0-9]*$').verdict).toBe('yes');
  });

  it('leaves what is not regular, or too large, undecided, naming no bound of the search', () => {
    for (const pattern of ['(a)\\1', '(?=a)a', 'a\\b', '\\p{L}', 'a{5000}', 'x'.repeat(3_000), '[a-z]{1000}'.repeat(3)])
      expect(patternIncludes(pattern, 'a'), pattern).toEqual({ verdict: 'unknown', steps: expect.any(Number) });
  });

  it('stops a search past its bound, and names it', () => {
    const result = patternIncludes('^(a|b)*a(a|b){12}$', '^(a|b)*b(a|b){12}$');
    expect(result).toMatchObject({ verdict: 'unknown', bound: "the pattern comparison's 200,000 steps" });
    expect(result.steps).toBeLessThanOrEqual(MAX_INCLUSION_STEPS + 1_000);
  });
});

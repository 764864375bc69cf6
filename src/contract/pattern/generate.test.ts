import { describe, expect, it } from 'vitest';
import { patternStrings } from './generate.js';

describe('strings drawn from a pattern', () => {
  it.each([
    '^ord_[a-z0-9]{8}$',
    '^[A-Z]{2}-\\d{4,6}$',
    '^(cus|acct)_[a-zA-Z0-9]+$',
    'inv_\\w{3}',
    '^[^/]{1,5}$',
    '^x$',
  ])('are accepted by %s, on the automaton', (source) => {
    const strings = patternStrings(source);
    if (!strings) throw new Error(`${source} is not read`);
    for (let at = 0; at < 50; at++) {
      const drawn = strings.draw();
      expect(drawn).toBeDefined();
      expect(strings.test(drawn ?? '')).toBe(true);
      expect(new RegExp(source, 'u').test(drawn ?? '')).toBe(true);
    }
  });

  it('prefer letters and digits where the class holds them', () => {
    const strings = patternStrings('^.{6}$');
    expect(strings?.draw()).toMatch(/^[A-Za-z0-9]{6}$/);
  });

  it('are none for a pattern the automaton does not read, or one no string matches', () => {
    expect(patternStrings('^(?=a)a$')).toBeUndefined();
    expect(patternStrings('a^b')?.draw()).toBeUndefined();
  });
});

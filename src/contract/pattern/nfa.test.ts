// The automaton reads a pattern as ECMAScript's RegExp does with the `u` flag (Ajv's), or not at all: drawn
// patterns and strings, small enough that RegExp ends at once, get the same verdict from both. The grammar holds
// the constructs a reading could get wrong: empty and full classes, surrogate pairs written as two escapes, lone
// surrogates, anchors, classes and their negations.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compile, matches } from './nfa.js';
import { Unsupported } from './parse.js';

const ATOMS = [
  'a',
  'b',
  '-',
  '.',
  '[]',
  '[^]',
  '[ab]',
  '[^a]',
  '[a-c]',
  '[\\d-]',
  '\\d',
  '\\w',
  '\\s',
  '\\S',
  '😀',
  '\\uD83D\\uDE00',
  '\\u{1F600}',
  '\\uD83D',
  '\\uDE00',
  '[\\uD83D\\uDE00a]',
  '\\u0061',
  '\\x62',
];
const QUANTIFIERS = ['', '', '*', '+', '?', '{2}', '{1,2}', '{0,}'];

const { pattern } = fc.letrec<{ pattern: string; part: string }>((tie) => ({
  part: fc.oneof(
    {
      weight: 4,
      arbitrary: fc.tuple(fc.constantFrom(...ATOMS), fc.constantFrom(...QUANTIFIERS)).map((p) => p.join('')),
    },
    { weight: 1, arbitrary: tie('pattern').map((inner) => `(?:${inner})`) },
  ),
  pattern: fc
    .tuple(
      fc.boolean(),
      fc.array(fc.array(tie('part'), { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 2 }),
      fc.boolean(),
    )
    .map(([start, options, end]) => `${start ? '^' : ''}${options.map((o) => o.join('')).join('|')}${end ? '$' : ''}`),
}));

const CHARACTERS = ['a', 'b', 'c', '-', '1', ' ', '\n', '😀', '\uD83D', '\uDE00', '_'];
const text = fc.array(fc.constantFrom(...CHARACTERS), { maxLength: 6 }).map((chars) => chars.join(''));

describe('the automaton and RegExp (u flag)', () => {
  it('give the same verdict on every pattern the automaton reads', () => {
    fc.assert(
      fc.property(pattern, fc.array(text, { minLength: 1, maxLength: 8 }), (source, texts) => {
        let nfa: ReturnType<typeof compile>;
        try {
          nfa = compile(source);
        } catch (error) {
          if (error instanceof Unsupported) return;
          throw error;
        }
        const platform = new RegExp(source, 'u');
        for (const sample of texts)
          expect([source, sample, matches(nfa, sample)]).toEqual([source, sample, platform.test(sample)]);
      }),
      { numRuns: 2_000, seed: 46 },
    );
  });

  it('reads the cases a POSIX reading or a lone-surrogate reading gets wrong', () => {
    const agree = (source: string, sample: string) =>
      expect(matches(compile(source), sample)).toBe(new RegExp(source, 'u').test(sample));
    for (const sample of ['hello', '-', '', 'a]']) {
      agree('^[^]*[a-z]$', sample);
      agree('^[]$', sample);
    }
    for (const sample of ['Bot 😀', 'Bot', '\uD83D', '😀\uDE00']) {
      agree('^(?:[A-Za-z ]|\\uD83D\\uDE00)+$', sample);
      agree('^\\uD83D', sample);
      agree('\\uDE00$', sample);
    }
  });
});

// A word found in a window of a text, first or last, as indexOf and lastIndexOf find it there, in time linear in the
// text plus the word whatever both hold.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Word } from './word.js';

// Few letters, so that prefixes recur; the two halves of a surrogate pair, compared one code unit at a time.
const text = (maxLength: number) => fc.string({ unit: fc.constantFrom('a', 'b', '\uD83D', '\uDE00'), maxLength });
/** A text and a window [from, end) of it. */
const windowed = text(16).chain((place) =>
  fc
    .tuple(fc.nat(place.length), fc.nat(place.length))
    .map(([a, b]) => ({ place, from: Math.min(a, b), end: Math.max(a, b) })),
);
const offset = (found: number, from: number) => (found < 0 ? -1 : found + from);

describe('a word', () => {
  it('is found first where indexOf finds it in the window', () => {
    fc.assert(
      fc.property(text(5), windowed, (word, { place, from, end }) => {
        const searched = new Word(word);
        expect(searched.firstIn(place, from, end)).toBe(offset(place.slice(from, end).indexOf(word), from));
        expect(searched.firstIn(place)).toBe(place.indexOf(word));
      }),
      { numRuns: 5_000 },
    );
  });

  it('is found last where lastIndexOf finds it in the window', () => {
    fc.assert(
      fc.property(text(5), windowed, (word, { place, from, end }) => {
        const searched = new Word(word);
        expect(searched.lastIn(place, from, end)).toBe(offset(place.slice(from, end).lastIndexOf(word), from));
        expect(searched.lastIn(place)).toBe(place.lastIndexOf(word));
      }),
      { numRuns: 5_000 },
    );
  });

  it('is found or not in a long text of the letter it repeats, both ways, without trying each place', () => {
    // lastIndexOf compares the word at each place from its start: about 10^12 comparisons here.
    const place = 'a'.repeat(2_000_000);
    const word = new Word(`${'a'.repeat(1_000_000)}b`);
    expect([word.firstIn(place), word.lastIn(place)]).toEqual([-1, -1]);
    const found = new Word('a'.repeat(1_000_000));
    expect([found.firstIn(place, 5), found.lastIn(place, 0, 1_500_000)]).toEqual([5, 500_000]);
  });
});

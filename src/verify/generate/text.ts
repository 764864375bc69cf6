// The characters generated text is made of: mostly printable ASCII, with the
// characters that break hand-written servers mixed in (quotes, dots,
// backslashes, NUL, non-ASCII, emoji, zero-width and right-to-left marks, a lone
// surrogate). Each is one code point, so lengths count as JSON Schema counts them.
import fc from 'fast-check';

export const AWKWARD = [
  '.',
  '"',
  "'",
  '\\',
  '/',
  '$',
  '%',
  '&',
  '<',
  '>',
  '{',
  '}',
  '[',
  ']',
  '\u0000',
  '\u0007',
  '\t',
  '\n',
  'é',
  'ß',
  'Ω',
  '中',
  '\u200b',
  '\u202e',
  '\ud800',
  '😀',
  '🤖',
];

export const character: fc.Arbitrary<string> = fc.oneof(
  { weight: 5, arbitrary: fc.string({ minLength: 1, maxLength: 1 }) },
  { weight: 1, arbitrary: fc.constantFrom(...AWKWARD) },
);

export function text(constraints: { minLength?: number; maxLength?: number } = {}): fc.Arbitrary<string> {
  return fc.string({ unit: character, ...constraints });
}

/** Any JSON value, small, with awkward text in keys and strings. */
export const jsonValue: fc.Arbitrary<unknown> = fc.jsonValue({
  maxDepth: 3,
  stringUnit: character,
  depthSize: 'small',
});

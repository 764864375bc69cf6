// One line of a message, as the regular expression /\s*\n\s*/g → ' ' makes it, in time linear in the message.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { joinedLines } from './joinedLines.js';

const byRegExp = (text: string) => text.replace(/\s*\n\s*/g, ' ');

describe('joinedLines', () => {
  it('reads as the regular expression does, for any text of words, white space and line breaks', () => {
    const piece = fc.constantFrom('a', 'bc', ' ', '\t', '\n', '\r\n', '\u00a0', '\u2028', '\n \n');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), (pieces) => {
        const text = pieces.join('');
        expect(joinedLines(text)).toBe(byRegExp(text));
      }),
      { numRuns: 2_000 },
    );
  });

  it('makes one line of a message holding a million spaces with no break among them', () => {
    const spaces = ' '.repeat(1_000_000);
    expect(joinedLines(`a${spaces}b\n c`)).toBe(`a${spaces}b c`);
  });
});

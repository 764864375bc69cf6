// A contract's pattern as verify reads it: by the contract's bounded automaton (src/contract/pattern/), never by the
// platform's RegExp, which a pattern can make backtrack for ever on a drawn string (`^([^]|[^])*QQQQ$` on 32
// characters), where --max-time cannot stop it. A pattern the automaton does not read (a lookaround, a
// backreference) is one verify has no test for. Strings are drawn from a pattern (fast-check's stringMatching) only
// where the characters that may make are bounded: nested repetitions multiply them.
import fc from 'fast-check';
import { automatonRegExp, TooCostly } from '../../contract/pattern/engine.js';
import { parsePattern, Unsupported, type Node } from '../../contract/pattern/parse.js';

/** Whether the text matches: undefined when it is too long to match within the automaton's bound. */
export type PatternTest = (text: string) => boolean | undefined;

/** The most characters a string drawn from a pattern may hold. */
export const MOST_DRAWN_CHARACTERS = 4_096;

/** The pattern's test; or, as text, why the automaton does not read it. */
export function patternTest(source: string): PatternTest | string {
  let tester: ReturnType<typeof automatonRegExp>;
  try {
    tester = automatonRegExp(source);
  } catch (error) {
    if (error instanceof Unsupported) return error.message;
    throw error;
  }
  return (text) => {
    try {
      return tester.test(text);
    } catch (error) {
      if (error instanceof TooCostly) return undefined;
      throw error;
    }
  };
}

/** Strings drawn from a pattern the automaton reads; none where they could pass MOST_DRAWN_CHARACTERS. */
export function drawnStrings(source: string): fc.Arbitrary<string> | undefined {
  try {
    // An unanchored pattern is drawn with up to ten characters of its own on each side.
    if (drawnLength(parsePattern(source)) + 20 > MOST_DRAWN_CHARACTERS) return undefined;
    return fc.stringMatching(new RegExp(source, 'u'));
  } catch {
    // A pattern the automaton or fast-check does not read.
    return undefined;
  }
}

/**
 * The most characters stringMatching draws for a part: under fast-check's default size, a part repeated from `min` to
 * `max` times is drawn at most min(max, 2 × min + 10) times.
 */
function drawnLength(node: Node): number {
  switch (node.kind) {
    case 'chars':
      return 1;
    case 'start':
    case 'end':
      return 0;
    case 'seq':
      return node.items.reduce((sum, item) => sum + drawnLength(item), 0);
    case 'alt':
      return Math.max(...node.options.map(drawnLength));
    case 'repeat':
      return drawnLength(node.node) * Math.min(node.max, 2 * node.min + 10);
  }
}

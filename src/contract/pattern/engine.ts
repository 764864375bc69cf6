// The contract's patterns as Ajv runs them in the diff's validators (src/diff/schema/validators.ts): by the bounded
// automaton (nfa.ts), in time bounded by the string's length times its states, never by the platform's RegExp. A
// pattern it does not read fails the schema's compiling; a string too long to match within the bound throws
// (TooCostly), and the sample is not used.
import { compile, matches } from './nfa.js';

/** States times characters one match may cost. */
const MAX_MATCH_COST = 2_000_000;

export class TooCostly extends Error {
  override name = 'TooCostly';
}

/** Ajv's `code.regExp`: a pattern made a tester. */
export const automatonRegExp = Object.assign(
  (source: string): { test: (text: string) => boolean; toString: () => string } => {
    const nfa = compile(source);
    return {
      // Ajv keeps one tester for each text this gives: the pattern's own.
      toString: () => `automaton ${JSON.stringify(source)}`,
      test: (text: string) => {
        if (nfa.states.length * (text.length + 1) > MAX_MATCH_COST) throw new TooCostly();
        return matches(nfa, text);
      },
    };
  },
  // Ajv names the engine so in the code it writes; these validators are never written out.
  { code: 'automatonRegExp' },
);

// The contract's patterns as Ajv runs them where the platform's RegExp must not, by the bounded automaton (nfa.ts), in
// time bounded by the string's length times the automaton's weight. Two ways:
//   automatonRegExp   the diff's validators: a pattern it does not read fails the schema's compiling, and a string
//                     too long to match within the bound throws (TooCostly); the diff then shows nothing of it.
//   lenientRegExp     the checks of what the contract itself makes (src/contract/exampleCheck.ts): every schema
//                     compiles, and a pattern it does not read, or a test past the check's bound, passes and is named
//                     (boundedCheck), so that a check never hangs and never silently claims a match.
import { compile, matches, type Nfa } from './nfa.js';
import { Unsupported } from './parse.js';

/** What one match may cost: the automaton's weight (nfa.ts) times the characters. */
export const MAX_MATCH_COST = 2_000_000;

export class TooCostly extends Error {
  override name = 'TooCostly';
}

/** What Ajv keeps of a pattern: a tester. */
interface Tester {
  test: (text: string) => boolean;
  toString: () => string;
}

/** Ajv's `code.regExp`: a pattern made a tester. */
export const automatonRegExp = Object.assign(
  (source: string): Tester => {
    const nfa = compile(source);
    return {
      // Ajv keeps one tester for each text this gives: the pattern's own.
      toString: () => `automaton ${JSON.stringify(source)}`,
      test: (text: string) => {
        if (nfa.weight * (text.length + 1) > MAX_MATCH_COST) throw new TooCostly();
        return matches(nfa, text);
      },
    };
  },
  // Ajv names the engine so in the code it writes; these validators are never written out.
  { code: 'automatonRegExp' },
);

/** The patterns a check let through, each with why: not read by the automaton, or past the check's bound. */
export type Unchecked = ReadonlyMap<string, string>;

/** The check running now: what its patterns may still spend, and what they let through. */
interface Check {
  left: number;
  unchecked: Map<string, string>;
}
// Ajv's code calls the testers synchronously, inside boundedCheck: the check in force is the one it runs.
let running: Check | undefined;

/**
 * Runs `check` (a validator whose patterns are lenientRegExp's), its patterns spending at most `cost` (an automaton's
 * weight times characters) in all; returns its result, the patterns it let through, and what they spent.
 */
export function boundedCheck<T>(cost: number, check: () => T): { result: T; unchecked: Unchecked; spent: number } {
  const outer = running;
  const own: Check = { left: cost, unchecked: new Map() };
  running = own;
  try {
    const result = check();
    return { result, unchecked: own.unchecked, spent: cost - own.left };
  } finally {
    running = outer;
  }
}

/** Ajv's `code.regExp` for lenient checks (see above), whose validators run only inside boundedCheck. */
export const lenientRegExp = Object.assign(
  (source: string): Tester => {
    let nfa: Nfa | undefined;
    let unread = '';
    try {
      nfa = compile(source);
    } catch (error) {
      if (!(error instanceof Unsupported)) throw error;
      unread = `the bounded pattern engine does not read ${error.message}`;
    }
    return {
      toString: () => `lenient automaton ${JSON.stringify(source)}`,
      test: (text: string) => {
        if (!running) throw new Error('a lenient pattern is tested only inside boundedCheck');
        const cost = nfa ? nfa.weight * (text.length + 1) : 0;
        if (nfa && cost <= running.left && cost <= MAX_MATCH_COST) {
          running.left -= cost;
          return matches(nfa, text);
        }
        running.unchecked.set(source, unread || 'a string too long to match within the bound of the check');
        return true;
      },
    };
  },
  { code: 'lenientRegExp' },
);

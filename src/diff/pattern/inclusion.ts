// Whether every string one pattern matches, another matches too: both automata (nfa.ts) run side by side over
// classes of characters that no range of either tells apart, each pair of state sets visited once, within a bound of
// steps. "yes" is proved; "no" comes with the shortest string that shows it; anything past the bound (named, so
// that the diff fails closed on it), or a pattern this reading refuses (parse.ts), is "unknown". Matching is JSON
// Schema's: anywhere in the string.
import { closure, compile, step, type Nfa } from '../../contract/pattern/nfa.js';
import { MAX_CODE_POINT, Unsupported } from '../../contract/pattern/parse.js';

/** Pairs of state sets times character classes the search may try. */
export const MAX_INCLUSION_STEPS = 200_000;
/** That bound, as the diff's report names it. */
const SEARCH_BOUND = `the pattern comparison's ${MAX_INCLUSION_STEPS.toLocaleString('en-US')} steps`;

export type Inclusion = (
  | { verdict: 'yes' }
  | { verdict: 'no'; witness: string }
  /** `bound`: the search ran past its steps, which it names; without it, a pattern this reading refuses. */
  | { verdict: 'unknown'; bound?: string }
) & {
  /** The steps it took, for the diff's budget. */
  steps: number;
};

/** One side of the search: its states after the characters read, and whether it has matched already (for good). */
interface Run {
  states: number[];
  matched: boolean;
}

/** Does `outer` match every string `inner` matches? */
export function patternIncludes(outer: string, inner: string): Inclusion {
  let automata: [Nfa, Nfa];
  try {
    automata = [compile(inner), compile(outer)];
  } catch (error) {
    if (error instanceof Unsupported) return { verdict: 'unknown', steps: inner.length + outer.length };
    throw error;
  }
  return search(...automata);
}

function search(inner: Nfa, outer: Nfa): Inclusion {
  const classes = characterClasses(inner, outer);
  const begin = (nfa: Nfa): Run => {
    const states = [...closure(nfa, [nfa.initial], true, false)].sort((a, b) => a - b);
    return { states, matched: states.includes(nfa.accept) };
  };
  const advance = (nfa: Nfa, run: Run, code: number): Run => {
    const states = [...closure(nfa, [...step(nfa, run.states, code), nfa.initial], false, false)].sort((a, b) => a - b);
    return { states, matched: run.matched || states.includes(nfa.accept) };
  };
  const endsMatched = (nfa: Nfa, run: Run, first: boolean) =>
    run.matched || closure(nfa, first ? [nfa.initial] : run.states, first, true).has(nfa.accept);
  const key = (a: Run, b: Run) => `${a.matched ? 1 : 0}${a.states.join()}|${b.matched ? 1 : 0}${b.states.join()}`;

  const start = { a: begin(inner), b: begin(outer), text: '', first: true };
  const queue = [start];
  const seen = new Set<string>([key(start.a, start.b)]);
  let steps = 0;
  for (const { a, b, text, first } of queue) {
    // Once the outer has matched, every longer string matches too: nothing to find past it.
    if (b.matched) continue;
    if (endsMatched(inner, a, first) && !endsMatched(outer, b, first)) return { verdict: 'no', witness: text, steps };
    for (const code of classes) {
      steps += 1 + a.states.length + b.states.length;
      if (steps > MAX_INCLUSION_STEPS) return { verdict: 'unknown', steps, bound: SEARCH_BOUND };
      const next = { a: advance(inner, a, code), b: advance(outer, b, code) };
      const id = key(next.a, next.b);
      if (seen.has(id)) continue;
      seen.add(id);
      queue.push({ ...next, text: text + String.fromCodePoint(code), first: false });
    }
  }
  return { verdict: 'yes', steps };
}

/** One character for each class no range of either automaton tells apart: a readable one where the class has it. */
function characterClasses(...automata: Nfa[]): number[] {
  const cuts = new Set<number>([0, MAX_CODE_POINT + 1]);
  for (const nfa of automata)
    for (const state of nfa.states)
      for (const move of state.moves)
        for (const [lo, hi] of move.ranges) {
          cuts.add(lo);
          cuts.add(hi + 1);
        }
  const sorted = [...cuts].sort((a, b) => a - b);
  const readable = [0x61, 0x41, 0x30, 0x5f, 0x2d, 0x20];
  return sorted.slice(0, -1).map((lo, index) => {
    const hi = (sorted[index + 1] as number) - 1;
    return readable.find((code) => code >= lo && code <= hi) ?? (lo >= 0xd800 && lo <= 0xdfff ? hi : lo);
  });
}

/** The shortest string the pattern matches, found by its automaton; undefined when it matches none or is not read. */
export function exampleOf(pattern: string): string | undefined {
  // A class of no character: a pattern that matches nothing.
  const found = patternIncludes('[^\\s\\S]', pattern);
  return found.verdict === 'no' ? found.witness : undefined;
}

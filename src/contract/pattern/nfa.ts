// A pattern (parse.ts) as a nondeterministic automaton of at most MAX_STATES states, and matching with it as JSON
// Schema's `pattern` matches (anywhere in the string, ^ and $ at its ends), in time proportional to the string's
// length times the states: never the exponential backtracking of a platform RegExp.
import { parsePattern, Unsupported, type Node, type Range } from './parse.js';

/** States an automaton may have: a {1000} of a class already passes it. */
export const MAX_STATES = 2_000;

export interface State {
  /** Moves on no character; `start` and `end` only at the string's start or end (^ and $). */
  free: number[];
  start: number[];
  end: number[];
  moves: { ranges: Range[]; to: number }[];
}

export interface Nfa {
  states: State[];
  initial: number;
  accept: number;
}

export function compile(source: string): Nfa {
  const states: State[] = [];
  const add = (): number => {
    if (states.length >= MAX_STATES) throw new Unsupported('an automaton past the bound');
    states.push({ free: [], start: [], end: [], moves: [] });
    return states.length - 1;
  };
  const state = (id: number) => states[id] as State;
  // Each part becomes a fragment from one state to another.
  const build = (node: Node): [number, number] => {
    const [from, to] = [add(), add()];
    switch (node.kind) {
      case 'chars':
        state(from).moves.push({ ranges: node.ranges, to });
        break;
      case 'start':
      case 'end':
        state(from)[node.kind].push(to);
        break;
      case 'seq': {
        let last = from;
        for (const item of node.items) {
          const [first, next] = build(item);
          state(last).free.push(first);
          last = next;
        }
        state(last).free.push(to);
        break;
      }
      case 'alt':
        for (const option of node.options) {
          const [first, last] = build(option);
          state(from).free.push(first);
          state(last).free.push(to);
        }
        break;
      case 'repeat': {
        let last = from;
        for (let count = 0; count < node.min; count++) {
          const [first, next] = build(node.node);
          state(last).free.push(first);
          last = next;
        }
        if (node.max === Infinity) {
          const [first, next] = build(node.node);
          state(last).free.push(first, to);
          state(next).free.push(first, to);
        } else {
          for (let count = node.min; count < node.max; count++) {
            const [first, next] = build(node.node);
            state(last).free.push(first, to);
            last = next;
          }
          state(last).free.push(to);
        }
        break;
      }
    }
    return [from, to];
  };
  const [initial, accept] = build(parsePattern(source));
  return { states, initial, accept };
}

/** The states reached from these on no character, at the string's start or end or neither. */
export function closure(nfa: Nfa, from: Iterable<number>, atStart: boolean, atEnd: boolean): Set<number> {
  const seen = new Set<number>();
  const stack = [...from];
  while (stack.length > 0) {
    const id = stack.pop() as number;
    if (seen.has(id)) continue;
    seen.add(id);
    const { free, start, end } = nfa.states[id] as State;
    stack.push(...free);
    if (atStart) stack.push(...start);
    if (atEnd) stack.push(...end);
  }
  return seen;
}

/** The states one character leads to. */
export function step(nfa: Nfa, from: Iterable<number>, code: number): number[] {
  const next: number[] = [];
  for (const id of from)
    for (const { ranges, to } of (nfa.states[id] as State).moves)
      if (ranges.some(([lo, hi]) => code >= lo && code <= hi)) next.push(to);
  return next;
}

/** Whether the pattern matches somewhere in the text, as JSON Schema's `pattern` does. */
export function matches(nfa: Nfa, text: string): boolean {
  const codes = [...text].map((char) => char.codePointAt(0) as number);
  let current = new Set<number>();
  for (let index = 0; index <= codes.length; index++) {
    const atStart = index === 0;
    const atEnd = index === codes.length;
    current = closure(nfa, [...current, nfa.initial], atStart, atEnd);
    if (current.has(nfa.accept)) return true;
    if (!atEnd) current = new Set(step(nfa, current, codes[index] as number));
  }
  return false;
}

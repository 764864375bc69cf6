// A pattern (parse.ts) as a nondeterministic automaton of at most MAX_STATES states, and matching with it as JSON
// Schema's `pattern` matches (anywhere in the string, ^ and $ at its ends), in time proportional to the string's
// length times the automaton's weight: never the exponential backtracking of a platform RegExp. A state has at most
// one move, whose ranges are sorted and merged, so that a character is looked up in them by bisection: a class of a
// thousand ranges costs ten comparisons, not a thousand.
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
  /** What one character of a match may cost at most: each state, each edge on no character, each move's bisection. */
  weight: number;
}

export function compile(source: string): Nfa {
  const states: State[] = [];
  const add = (): number => {
    if (states.length >= MAX_STATES) throw new Unsupported('an automaton past the bound');
    states.push({ free: [], start: [], end: [], moves: [] });
    return states.length - 1;
  };
  const state = (id: number) => states[id] as State;
  // A repeated part is built once for each repetition: its ranges are merged once, and shared.
  const sorted = new Map<Range[], Range[]>();
  // Each part becomes a fragment from one state to another.
  const build = (node: Node): [number, number] => {
    const [from, to] = [add(), add()];
    switch (node.kind) {
      case 'chars':
        if (!sorted.has(node.ranges)) sorted.set(node.ranges, merged(node.ranges));
        state(from).moves.push({ ranges: sorted.get(node.ranges) as Range[], to });
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
  return { states, initial, accept, weight: weightOf(states) };
}

/** The ranges sorted, and those that overlap or touch made one. */
function merged(ranges: readonly Range[]): Range[] {
  const out: Range[] = [];
  for (const [lo, hi] of [...ranges].sort((a, b) => a[0] - b[0])) {
    const last = out.at(-1);
    if (last && lo <= last[1] + 1) last[1] = Math.max(last[1], hi);
    else out.push([lo, hi]);
  }
  return out;
}

function weightOf(states: readonly State[]): number {
  let weight = 0;
  for (const { free, start, end, moves } of states) {
    weight += 1 + free.length + start.length + end.length;
    for (const { ranges } of moves) weight += 1 + Math.ceil(Math.log2(ranges.length + 1));
  }
  return weight;
}

/** Whether a code is in sorted, disjoint ranges. */
function within(ranges: readonly Range[], code: number): boolean {
  let low = 0;
  let high = ranges.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const range = ranges[middle] as Range;
    if (code < range[0]) high = middle - 1;
    else if (code > range[1]) low = middle + 1;
    else return true;
  }
  return false;
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
    for (const { ranges, to } of (nfa.states[id] as State).moves) if (within(ranges, code)) next.push(to);
  return next;
}

/** Whether the pattern matches somewhere in the text, as JSON Schema's `pattern` does. */
export function matches(nfa: Nfa, text: string): boolean {
  const { states, initial, accept } = nfa;
  // The states reached at the current place, marked with the place's number: no set made for each character.
  const mark = new Int32Array(states.length).fill(-1);
  let current: number[] = [];
  let place = 0;
  const reach = (from: number[], atStart: boolean, atEnd: boolean): number[] => {
    const reached: number[] = [];
    const stack = from;
    while (stack.length > 0) {
      const id = stack.pop() as number;
      if (mark[id] === place) continue;
      mark[id] = place;
      reached.push(id);
      const state = states[id] as State;
      for (const to of state.free) stack.push(to);
      if (atStart) for (const to of state.start) stack.push(to);
      if (atEnd) for (const to of state.end) stack.push(to);
    }
    return reached;
  };
  for (const char of text) {
    current = reach([...current, initial], place === 0, false);
    if (mark[accept] === place) return true;
    const code = char.codePointAt(0) as number;
    const next: number[] = [];
    for (const id of current)
      for (const { ranges, to } of (states[id] as State).moves) if (within(ranges, code)) next.push(to);
    current = next;
    place++;
  }
  reach([...current, initial], place === 0, true);
  return mark[accept] === place;
}

// Strings a contract's pattern accepts, made from the pattern as the bounded automaton reads it (parse.ts), never by
// the platform's RegExp: an inferred resource's ids follow their schema's pattern (`ord_[a-z0-9]{8}`). Each character
// is drawn from the class the pattern names, letters and digits first, so that an id reads well in a path; each
// repetition takes its least count and a few more, so that two ids rarely meet. What is drawn is checked by the
// automaton, since an anchor in the middle (`a^b`) may make a string the pattern refuses.
import { automatonRegExp, TooCostly } from './engine.js';
import { parsePattern, Unsupported, type Node, type Range } from './parse.js';

/** Repetitions added past a part's least count, at most. */
const EXTRA_REPEATS = 8;
/** Characters of a drawn string, at most: far more than an id takes. */
const MOST_CHARACTERS = 1_024;

const ALNUM: Range[] = [
  [0x30, 0x39],
  [0x41, 0x5a],
  [0x61, 0x7a],
];
const PRINTABLE: Range[] = [[0x21, 0x7e]];

export type Draw = (below: number) => number;
const randomDraw: Draw = (below) => Math.floor(Math.random() * below);

/** A tester of strings against the pattern, with a drawer of strings it accepts; undefined for a pattern the
 * automaton does not read. */
export function patternStrings(
  source: string,
): { test: (text: string) => boolean; draw: (random?: Draw) => string | undefined } | undefined {
  let node: Node;
  let tester: ReturnType<typeof automatonRegExp>;
  try {
    node = parsePattern(source);
    tester = automatonRegExp(source);
  } catch (error) {
    if (error instanceof Unsupported) return undefined;
    throw error;
  }
  const test = (text: string) => {
    try {
      return tester.test(text);
    } catch (error) {
      if (error instanceof TooCostly) return false;
      throw error;
    }
  };
  const draw = (random: Draw = randomDraw) => {
    const drawn: string[] = [];
    if (!drawInto(node, random, drawn)) return undefined;
    const text = drawn.join('');
    return test(text) ? text : undefined;
  };
  return { test, draw };
}

/** Appends to `out` a string of the node's language; false once past MOST_CHARACTERS or with nothing to draw. */
function drawInto(node: Node, random: Draw, out: string[]): boolean {
  if (out.length > MOST_CHARACTERS) return false;
  switch (node.kind) {
    case 'start':
    case 'end':
      return true;
    case 'chars': {
      const code = pick(node.ranges, random);
      if (code === undefined) return false;
      out.push(String.fromCodePoint(code));
      return true;
    }
    case 'seq':
      return node.items.every((item) => drawInto(item, random, out));
    case 'alt': {
      const option = node.options[random(node.options.length)];
      return option !== undefined && drawInto(option, random, out);
    }
    case 'repeat': {
      const count = node.min + random(Math.min(node.max - node.min, EXTRA_REPEATS) + 1);
      for (let at = 0; at < count; at++) if (!drawInto(node.node, random, out)) return false;
      return true;
    }
  }
}

/** A code point of the ranges: a letter or digit where they hold one, else a printable ASCII one, else any. */
function pick(ranges: Range[], random: Draw): number | undefined {
  for (const preferred of [ALNUM, PRINTABLE, undefined]) {
    const within = preferred ? intersect(ranges, preferred) : ranges;
    const size = within.reduce((sum, [lo, hi]) => sum + hi - lo + 1, 0);
    if (size === 0) continue;
    let at = random(size);
    for (const [lo, hi] of within) {
      if (at <= hi - lo) return lo + at;
      at -= hi - lo + 1;
    }
  }
  return undefined;
}

function intersect(ranges: Range[], with_: Range[]): Range[] {
  return ranges.flatMap(([lo, hi]) =>
    with_.flatMap(([low, high]): Range[] =>
      Math.max(lo, low) <= Math.min(hi, high) ? [[Math.max(lo, low), Math.min(hi, high)]] : [],
    ),
  );
}

// A contract's `pattern` read as a regular expression of the ECMAScript kind JSON Schema names, for the bounded
// automaton (nfa.ts): never handed to the platform's RegExp, whose backtracking a pattern can make take exponential
// time. Only the regular part is read (characters, classes, escapes, groups, alternatives, quantifiers, ^ and $); a
// backreference, a lookaround, a word boundary or a Unicode property is refused (Unsupported), and each user says
// what that means: the diff leaves such a pattern undecided, verify generates nothing for it, serve names it.

export type Range = [lo: number, hi: number];
export type Node =
  | { kind: 'chars'; ranges: Range[] }
  | { kind: 'seq'; items: Node[] }
  | { kind: 'alt'; options: Node[] }
  | { kind: 'repeat'; node: Node; min: number; max: number }
  | { kind: 'start' }
  | { kind: 'end' };

export class Unsupported extends Error {
  override name = 'Unsupported';
}

export const MAX_CODE_POINT = 0x10ffff;
const DIGITS: Range[] = [[0x30, 0x39]];
const WORD: Range[] = [
  [0x30, 0x39],
  [0x41, 0x5a],
  [0x5f, 0x5f],
  [0x61, 0x7a],
];
const SPACE: Range[] = [
  [0x09, 0x0d],
  [0x20, 0x20],
  [0xa0, 0xa0],
  [0x1680, 0x1680],
  [0x2000, 0x200a],
  [0x2028, 0x2029],
  [0x202f, 0x202f],
  [0x205f, 0x205f],
  [0x3000, 0x3000],
  [0xfeff, 0xfeff],
];
const LINE_ENDS: Range[] = [
  [0x0a, 0x0a],
  [0x0d, 0x0d],
  [0x2028, 0x2029],
];
/** Repetitions a quantifier may ask for: {1000} written out is already past the automaton's bound. */
const MAX_REPEAT = 1_000;

/** The ranges no range of the list holds. */
export function complement(ranges: Range[]): Range[] {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  const out: Range[] = [];
  let next = 0;
  for (const [lo, hi] of sorted) {
    if (lo > next) out.push([next, lo - 1]);
    next = Math.max(next, hi + 1);
  }
  if (next <= MAX_CODE_POINT) out.push([next, MAX_CODE_POINT]);
  return out;
}

/** Characters of a pattern read: far longer than a contract's patterns, short enough to read at once. */
const MAX_PATTERN_LENGTH = 2_000;

export function parsePattern(source: string): Node {
  if (source.length > MAX_PATTERN_LENGTH) throw new Unsupported('a pattern past the bound');
  const text = [...source];
  let at = 0;
  const peek = () => text[at];
  const eat = (char: string) => (text[at] === char ? (at++, true) : false);

  function alternatives(): Node {
    const options = [sequence()];
    while (eat('|')) options.push(sequence());
    return options.length === 1 ? (options[0] as Node) : { kind: 'alt', options };
  }
  function sequence(): Node {
    const items: Node[] = [];
    while (at < text.length && peek() !== '|' && peek() !== ')') items.push(quantified(atom()));
    return { kind: 'seq', items };
  }
  function quantified(node: Node): Node {
    const bounds = quantifier();
    if (!bounds) return node;
    eat('?'); // lazy or greedy: the same strings match
    if (node.kind === 'start' || node.kind === 'end') throw new Unsupported('a quantified anchor');
    return { kind: 'repeat', node, min: bounds[0], max: bounds[1] };
  }
  function quantifier(): [number, number] | undefined {
    if (eat('*')) return [0, Infinity];
    if (eat('+')) return [1, Infinity];
    if (eat('?')) return [0, 1];
    if (peek() !== '{') return undefined;
    // Only digits and a comma may stand between the braces: the text read is the quantifier's, never the rest.
    let end = at + 1;
    while (end < text.length && /[\d,]/.test(text[end] as string)) end++;
    const match = /^\{(\d+)(,(\d*))?\}$/.exec(text.slice(at, end + 1).join(''));
    if (!match) return undefined;
    at += match[0].length;
    const min = Number(match[1]);
    const max = match[2] === undefined ? min : match[3] === '' ? Infinity : Number(match[3]);
    if (min > MAX_REPEAT || (max !== Infinity && max > MAX_REPEAT) || max < min)
      throw new Unsupported('a repetition past the bound');
    return [min, max];
  }
  function atom(): Node {
    const char = text[at++] as string;
    if (char === '^') return { kind: 'start' };
    if (char === '$') return { kind: 'end' };
    if (char === '.') return { kind: 'chars', ranges: complement(LINE_ENDS) };
    if (char === '[') return { kind: 'chars', ranges: characterClass() };
    if (char === '(') return group();
    if (char === '\\') return { kind: 'chars', ranges: escape(false) };
    if ('*+?{'.includes(char) && !(char === '{' && !/^\d/.test(peek() ?? '')))
      throw new Unsupported('a quantifier with nothing to repeat');
    const code = char.codePointAt(0) as number;
    return { kind: 'chars', ranges: [[code, code]] };
  }
  function group(): Node {
    if (eat('?')) {
      if (eat(':')) return closed();
      if (peek() === '<' && !['=', '!'].includes(text[at + 1] ?? '')) {
        while (at < text.length && !eat('>')) at++;
        return closed();
      }
      throw new Unsupported('a lookaround');
    }
    return closed();
  }
  function closed(): Node {
    const inner = alternatives();
    if (!eat(')')) throw new Unsupported('an unclosed group');
    return inner;
  }
  function characterClass(): Range[] {
    const negated = eat('^');
    const ranges: Range[] = [];
    // As ECMAScript reads them: `[]` holds no character, and `[^]` every one.
    while (at < text.length && peek() !== ']') {
      const low = classAtom();
      if (peek() === '-' && text[at + 1] !== ']' && at + 1 < text.length && low.length === 1) {
        at++;
        const high = classAtom();
        if (high.length !== 1) throw new Unsupported('a range to a class');
        ranges.push([(low[0] as Range)[0], (high[0] as Range)[1]]);
      } else ranges.push(...low);
    }
    if (!eat(']')) throw new Unsupported('an unclosed class');
    return negated ? complement(ranges) : ranges;
  }
  function classAtom(): Range[] {
    const char = text[at++] as string;
    if (char === '\\') return escape(true);
    const code = char.codePointAt(0) as number;
    return [[code, code]];
  }
  function escape(inClass: boolean): Range[] {
    const char = text[at++];
    if (char === undefined) throw new Unsupported('a trailing backslash');
    const single = (code: number): Range[] => [[code, code]];
    const sets: Record<string, Range[]> = { d: DIGITS, w: WORD, s: SPACE };
    if (char in sets) return sets[char] as Range[];
    if (['D', 'W', 'S'].includes(char)) return complement(sets[char.toLowerCase()] as Range[]);
    const controls: Record<string, number> = { n: 10, t: 9, r: 13, f: 12, v: 11, '0': 0 };
    if (char in controls && !(char === '0' && /\d/.test(peek() ?? ''))) return single(controls[char] as number);
    if (char === 'b' && inClass) return single(8);
    if (char === 'x') return single(hex(char));
    if (char === 'u') return single(unicodeEscape());
    if (/[1-9bBkpPc]/.test(char)) throw new Unsupported(`\\${char}`);
    return single(char.codePointAt(0) as number);
  }
  /** A `\u` escape; a lead surrogate's escape and a trail surrogate's next to it are one code point, as in `u` mode. */
  function unicodeEscape(): number {
    const code = hex('u');
    if (code < 0xd800 || code > 0xdbff || text[at] !== '\\' || text[at + 1] !== 'u') return code;
    const before = at;
    at += 2;
    const trail = /^[\da-fA-F]{4}$/.test(text.slice(at, at + 4).join('')) ? hex('u') : -1;
    if (trail >= 0xdc00 && trail <= 0xdfff) return 0x10000 + ((code - 0xd800) << 10) + (trail - 0xdc00);
    at = before;
    return code;
  }
  function hex(kind: string): number {
    // The longest escape is \u{ and six digits and }: the text read is the escape's, never the rest.
    const rest = text.slice(at, at + 8).join('');
    const match = kind === 'x' ? /^[\da-fA-F]{2}/.exec(rest) : /^(?:[\da-fA-F]{4}|\{[\da-fA-F]{1,6}\})/.exec(rest);
    if (!match) throw new Unsupported(`a malformed \\${kind}`);
    at += match[0].length;
    return parseInt(match[0].replace(/[{}]/g, ''), 16);
  }

  const tree = alternatives();
  if (at < text.length) throw new Unsupported('an unmatched )');
  return tree;
}

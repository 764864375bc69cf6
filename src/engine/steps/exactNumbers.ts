// Numbers a JSON body holds that JavaScript cannot keep exactly: 1e400 would
// come back as null, a 30-digit integer rounded, 1e-400 as 0. The contract
// promises every supplied value back exactly, so such a number is refused
// (422, naming where it is) rather than changed. A small scanner over the
// text (at most the body limit) finds each number with its path.

import { trimEnd } from '../../untrusted/trimEnd.js';

export interface InexactNumber {
  /** Where it is, e.g. ["settings", "limits", "0"]. */
  path: string[];
  token: string;
}

/** Every number token of well-formed JSON text whose value a double cannot hold as written. */
export function inexactNumbers(text: string): InexactNumber[] {
  const found: InexactNumber[] = [];
  // The path to the current value: keys of objects, indices of arrays.
  const path: (string | number)[] = [];
  // One frame per open object or array; an object's frame says whether its key is on the path.
  const frames: { array: boolean; keyed: boolean }[] = [];
  let expectingKey = false;
  let i = 0;
  for (let char = text.charAt(i); i < text.length; char = text.charAt(i)) {
    const frame = frames.at(-1);
    if (char === '"') {
      const end = stringEnd(text, i);
      if (expectingKey && frame) {
        path.push(JSON.parse(text.slice(i, end)) as string);
        frame.keyed = true;
        expectingKey = false;
      }
      i = end;
      continue;
    }
    if (char === '{' || char === '[') {
      frames.push({ array: char === '[', keyed: false });
      if (char === '[') path.push(0);
      expectingKey = char === '{';
    } else if (char === '}' || char === ']') {
      if (frame?.array || frame?.keyed) path.pop();
      frames.pop();
    } else if (char === ',' && frame) {
      if (frame.array) path.push((path.pop() as number) + 1);
      else {
        path.pop();
        frame.keyed = false;
        expectingKey = true;
      }
    } else if (char === '-' || (char >= '0' && char <= '9')) {
      // A number's first character is a digit or a minus followed by one (the text is JSON that parsed).
      NUMBER.lastIndex = i;
      const token = NUMBER.exec(text)?.[0] ?? char;
      if (!keptExactly(token)) found.push({ path: path.map(String), token });
      i += token.length;
      continue;
    }
    i++;
  }
  return found;
}

/** A number token, read whole where it starts (sticky): its digits past any length are part of it. */
const NUMBER = /-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

/** The index just past the closing quote of the string that starts at `start`. */
function stringEnd(text: string, start: number): number {
  let i = start + 1;
  while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
  return i + 1;
}

/** Whether the double that JSON.parse makes of a token prints the same decimal value. */
function keptExactly(token: string): boolean {
  const value = Number(token);
  return Number.isFinite(value) && significant(String(value)) === significant(token);
}

/** A number's sign, significant digits and exponent, so that 1.50, 15e-1 and 1.5 compare equal. */
function significant(token: string): string {
  const match = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(token);
  if (!match) return token;
  const [, sign = '', whole = '', fraction = '', exponent = '0'] = match;
  const digits = `${whole}${fraction}`;
  const leading = digits.length - digits.replace(/^0+/, '').length;
  const trimmed = trimEnd(digits.replace(/^0+/, ''), '0');
  if (trimmed === '') return '0';
  return `${sign}${trimmed}e${Number(exponent) + whole.length - leading}`;
}

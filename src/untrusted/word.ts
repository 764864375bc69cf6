// A word found in untrusted text in time linear in the text plus the word, whatever both hold: Knuth, Morris and
// Pratt's search, which never reads a character of the text twice. lastIndexOf tries the word at each place in turn,
// in time of the text's length times the word's, which a long word of one repeated letter and a text of that letter
// make real. Characters are compared as UTF-16 code units, as indexOf compares them.

/** A word's UTF-16 code units in the order a search reads them, and where to fall back to on a mismatch. */
interface Table {
  readonly codes: Uint16Array;
  /** For each prefix of `codes`, the length of its longest proper prefix that is also its suffix. */
  readonly fallback: Int32Array;
  /** The code unit read first, as a string: the engine's own search skips to it while nothing is matched. */
  readonly head: string;
}

/** A word to look for: made once (each direction's table on first use), then found in any number of texts. */
export class Word {
  #ahead: Table | undefined;
  #behind: Table | undefined;

  constructor(readonly text: string) {}

  /** Where the word first lies wholly within place[from, end), or -1. */
  firstIn(place: string, from = 0, end = place.length): number {
    const { text } = this;
    if (end - from < text.length) return -1;
    if (text === '') return from;
    const { codes, fallback, head } = (this.#ahead ??= tableOf(text, false));
    let matched = 0;
    for (let i = from; i < end; i++) {
      if (matched === 0) i = place.indexOf(head, i);
      if (i < 0 || i >= end) return -1;
      const code = place.charCodeAt(i);
      while (matched > 0 && code !== codes[matched]) matched = fallback[matched - 1] ?? 0;
      if (code === codes[matched] && ++matched === codes.length) return i - codes.length + 1;
    }
    return -1;
  }

  /** Where the word last lies wholly within place[from, end), or -1: the same search, from the right. */
  lastIn(place: string, from = 0, end = place.length): number {
    const { text } = this;
    if (end - from < text.length) return -1;
    if (text === '') return end;
    const { codes, fallback, head } = (this.#behind ??= tableOf(text, true));
    let matched = 0;
    for (let i = end - 1; i >= from; i--) {
      if (matched === 0) i = place.lastIndexOf(head, i);
      if (i < from) return -1;
      const code = place.charCodeAt(i);
      while (matched > 0 && code !== codes[matched]) matched = fallback[matched - 1] ?? 0;
      if (code === codes[matched] && ++matched === codes.length) return i;
    }
    return -1;
  }
}

/** The table of a word read forwards, or backwards (from its last code unit). */
function tableOf(text: string, backwards: boolean): Table {
  const codes = new Uint16Array(text.length);
  for (let i = 0; i < text.length; i++) codes[i] = text.charCodeAt(backwards ? text.length - 1 - i : i);
  const fallback = new Int32Array(codes.length);
  for (let i = 1, length = 0; i < codes.length; i++) {
    while (length > 0 && codes[i] !== codes[length]) length = fallback[length - 1] ?? 0;
    if (codes[i] === codes[length]) length++;
    fallback[i] = length;
  }
  return { codes, fallback, head: String.fromCharCode(codes[0] ?? 0) };
}

// The path of an override in spec-diff.rules.yaml: `*` stands for any characters (none included), every other
// character for itself. The rules file comes with the pull request under review, so a path is matched in time linear
// in the place, whatever it holds: never as a regexp, where a run of `*` is `.*.*.*…`, which backtracks for ever on
// a place it does not match. The parts between the stars are found in turn, each at its first place after the one
// before (the leftmost match leaves the most room for the rest, so it is never wrong), with Knuth, Morris and Pratt's
// search, which never reads a character of the place twice.

export type Glob = (place: string) => boolean;

interface Word {
  text: string;
  /** For each prefix of the word, the length of its longest proper prefix that is also its suffix. */
  fallback: number[];
}

/** The matcher of a path; made once, then tried on each place. */
export function glob(path: string): Glob {
  const parts = path.split('*');
  if (parts.length === 1) return (place) => place === path;
  const first = parts[0] as string;
  const last = parts[parts.length - 1] as string;
  // A run of stars is one star: the empty parts between them match anywhere.
  const middle = parts
    .slice(1, -1)
    .filter((part) => part !== '')
    .map(wordOf);
  return (place) => {
    const end = place.length - last.length;
    if (end < first.length || !place.startsWith(first) || !place.endsWith(last)) return false;
    let from = first.length;
    for (const word of middle) {
      const found = find(place, word, from, end);
      if (found < 0) return false;
      from = found + word.text.length;
    }
    return true;
  };
}

function wordOf(text: string): Word {
  const fallback = [0];
  for (let i = 1, length = 0; i < text.length; i++) {
    while (length > 0 && text[i] !== text[length]) length = fallback[length - 1] as number;
    if (text[i] === text[length]) length++;
    fallback.push(length);
  }
  return { text, fallback };
}

/** Where the word first lies wholly within place[from, end), or -1. */
function find(place: string, { text, fallback }: Word, from: number, end: number): number {
  let matched = 0;
  for (let i = from; i < end; i++) {
    while (matched > 0 && place[i] !== text[matched]) matched = fallback[matched - 1] as number;
    if (place[i] === text[matched]) matched++;
    if (matched === text.length) return i - text.length + 1;
  }
  return -1;
}

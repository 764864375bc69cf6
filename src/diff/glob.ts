// The path of an override in spec-diff.rules.yaml: `*` stands for any characters (none included), every other
// character for itself. The rules file comes with the pull request under review, so a path is matched in time linear
// in the place, whatever it holds: never as a regexp, where a run of `*` is `.*.*.*…`, which backtracks for ever on
// a place it does not match. The parts between the stars are found in turn, each at its first place after the one
// before (the leftmost match leaves the most room for the rest, so it is never wrong), each in time linear in the
// place (src/untrusted/word.ts).
import { Word } from '../untrusted/word.js';

export type Glob = (place: string) => boolean;

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
    .map((part) => new Word(part));
  return (place) => {
    const end = place.length - last.length;
    if (end < first.length || !place.startsWith(first) || !place.endsWith(last)) return false;
    let from = first.length;
    for (const word of middle) {
      const found = word.firstIn(place, from, end);
      if (found < 0) return false;
      from = found + word.text.length;
    }
    return true;
  };
}

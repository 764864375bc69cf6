// "Did you mean": the known name nearest to one a person mistyped, when it is
// near enough to be the one they meant.
import { closest, distance } from 'fastest-levenshtein';

export function nearestName(word: string, names: readonly string[]): string | undefined {
  if (names.length === 0) return undefined;
  const nearest = closest(word, [...names]);
  return distance(word, nearest) <= Math.max(2, Math.floor(nearest.length / 3)) ? nearest : undefined;
}

/** ` (did you mean 'x'?)`, or nothing. */
export function didYouMean(word: string, names: readonly string[]): string {
  const nearest = nearestName(word, names);
  return nearest === undefined ? '' : ` (did you mean '${nearest}'?)`;
}

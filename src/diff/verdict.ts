// A diff's outcome, as every format writes it: both sides, the changes, and the verdict in words.
import type { Level } from './catalogue.js';
import type { Change } from './changes.js';

export interface Review {
  base: { label: string; version?: string };
  head: { label: string; version?: string };
  changes: Change[];
  /** The level from which a change fails the command (--fail-on). */
  failOn: Level;
  /** Changes at or above failOn. */
  failing: number;
  /** The major version of info.version went up: the failing changes are announced. */
  acknowledged: boolean;
}

const count = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

export function verdict(review: Review): string {
  if (review.failing === 0)
    return review.changes.length === 0 ? 'no changes' : `nothing at ${review.failOn} level or above`;
  const failing = `${count(review.failing, `${review.failOn === 'breaking' ? 'breaking' : 'failing'} change`)}`;
  return review.acknowledged
    ? `${failing}, acknowledged: info.version's major version went up`
    : `${failing}, not acknowledged`;
}

// What a report lists of the changes. Both contracts decide how many changes there are and how long a place is (a
// path key, a property name), and every change repeats its places: so each report lists the first changes in full
// (the most severe come first) and counts the rest, lists the first places of each, and cuts each place. The counts,
// the verdict and the exit code are the whole diff's: only what is shown is cut.
import { cut } from '../untrusted/cut.js';
import type { Change } from './changes.js';
import type { Review } from './verdict.js';

/** The changes a report lists in full: more than a reviewer reads through, and what code scanning takes well. */
export const CHANGES_LISTED = 200;
/** The places listed of one change (a schema that many operations use); past them, counted. */
export const PLACES_LISTED = 10;

export interface ListedChange extends Change {
  /** The places past those listed. */
  unlistedPlaces?: number;
}

export interface Listed {
  changes: ListedChange[];
  /** The changes past those listed. */
  unlisted: number;
}

function placesOf(where: readonly string[]): { where: string[]; unlistedPlaces?: number } {
  const shown = where.slice(0, PLACES_LISTED).map((place) => cut(place));
  return where.length > shown.length ? { where: shown, unlistedPlaces: where.length - shown.length } : { where: shown };
}

function listedChange(change: Change): ListedChange {
  return {
    ...change,
    ...placesOf(change.where),
    origin: cut(change.origin),
    ...(change.also ? { also: change.also.map((other) => ({ ...other, ...placesOf(other.where) })) } : {}),
    ...(change.override === undefined ? {} : { override: cut(change.override) }),
  };
}

export function listed(review: Review): Listed {
  return {
    changes: review.changes.slice(0, CHANGES_LISTED).map(listedChange),
    unlisted: Math.max(0, review.changes.length - CHANGES_LISTED),
  };
}

/** The line that says how many changes a report leaves unlisted. */
export const unlistedLine = (unlisted: number) =>
  `… and ${unlisted} more change${unlisted === 1 ? '' : 's'}, not listed: ` +
  `a report lists the first ${CHANGES_LISTED}, the most severe first`;

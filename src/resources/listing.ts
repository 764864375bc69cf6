// A list as its query asks for it: the declared filters (equality on the
// property of the same name; a repeated or array value keeps any of them),
// then the page (limit with offset, page, or an opaque cursor). The members
// an envelope declares beside the list are filled with what is true of the
// page, where their names say what they hold (pageMembers.ts).
import type { InferredOperation } from '../contract/resources.js';
import type { Body } from './collection.js';
import { pageMembers } from './pageMembers.js';

export interface Page {
  items: readonly Body[];
  /** The envelope's members beside the list. */
  members: Body;
}

export function listPage(inferred: InferredOperation, records: readonly Body[], query: Record<string, unknown>): Page {
  const wanted = (name: string) => query[name] ?? inferred.filterDefaults[name];
  const kept = records.filter((record) => inferred.filters.every((name) => matches(record[name], wanted(name))));
  const { limit, offset, page, cursor } = inferred.pagination;
  const size = limit === undefined ? undefined : whole(query[limit]);
  let start = offset === undefined ? 0 : (whole(query[offset]) ?? 0);
  if (page !== undefined && size !== undefined) start = Math.max((whole(query[page]) ?? 1) - 1, 0) * size;
  if (cursor !== undefined && typeof query[cursor] === 'string') start = fromCursor(query[cursor]) ?? start;
  const end = size === undefined ? kept.length : start + size;
  const items = kept.slice(start, end);
  const facts = { total: kept.length, start, end: Math.min(end, kept.length), size };
  const paged = cursor === undefined ? facts : { ...facts, cursorAt: toCursor };
  const members = pageMembers(inferred.answer, inferred.envelope?.[0], paged);
  return { items, members };
}

/** Whether a record's value equals the filter's (any of them, for several), compared as query text. */
function matches(value: unknown, wanted: unknown): boolean {
  if (wanted === undefined) return true;
  const text = (item: unknown) => (typeof item === 'object' ? JSON.stringify(item) : String(item));
  const options = Array.isArray(wanted) ? wanted : [wanted];
  return options.some((option) => text(option) === text(value));
}

function whole(value: unknown): number | undefined {
  const number = Number(value);
  return value !== undefined && Number.isSafeInteger(number) && number >= 0 ? number : undefined;
}

/** An opaque cursor: the position, base64url, so that a client does not count on its form. */
function toCursor(position: number): string {
  return btoa(`o:${position}`).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
}

function fromCursor(cursor: string): number | undefined {
  try {
    const match = /^o:(\d{1,15})$/.exec(atob(cursor.replace(/-/g, '+').replace(/_/g, '/')));
    return match ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
}

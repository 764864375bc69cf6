// The members a list's answer declares beside its list, filled with what is true of the page sent: each is known by
// its name (case, `_` and `-` aside) and filled only where its schema's type fits the value. A member that holds
// such members itself (`pagination`, `meta`, `pageInfo`) is filled the same way, one level down. Where there is no
// next (or previous) page, a link to it is null where its schema allows null, left out where it is optional, and an
// empty string where it is a required string (as Google's APIs write an empty nextPageToken).
import { composedExample } from '../contract/composedExample.js';
import { propertiesOf, requiredOf, typeOf, type Schema } from '../contract/resourceSchemas.js';
import type { Body } from './collection.js';
import { isObject, put } from './recordValues.js';

/** What is true of a page: the records kept by the filters, where the page starts and ends, and its size. */
export interface PageFacts {
  total: number;
  start: number;
  end: number;
  /** The page size asked for, if any. */
  size?: number;
  /** The opaque cursor of a position, where the list pages by cursor. */
  cursorAt?: (position: number) => string;
}

/** Each role, by the names APIs give it. */
const ROLES: Record<string, readonly string[]> = {
  total: ['total', 'totalcount', 'totalitems', 'totalresults', 'totalelements', 'totalrecords', 'count'],
  more: ['hasmore', 'hasnext', 'hasnextpage', 'more', 'hasmoreitems', 'hasmoreresults', 'hasmorepages'],
  previous: ['hasprevious', 'hasprev', 'haspreviouspage', 'hasprevpage'],
  page: ['page', 'currentpage', 'pagenumber', 'pagenum'],
  size: ['pagesize', 'perpage', 'limit', 'size', 'pagelimit'],
  offset: ['offset', 'skip', 'start'],
  pages: ['totalpages', 'pagecount', 'pages', 'lastpage', 'numpages'],
  next: ['next', 'nextpage', 'nextcursor', 'nextpagetoken', 'nexttoken', 'endcursor'],
  prev: ['prev', 'previous', 'prevpage', 'previouspage', 'prevcursor', 'previouscursor', 'startcursor'],
};
const roleOf = (name: string) => {
  const bare = name.toLowerCase().replace(/[_-]/g, '');
  return Object.keys(ROLES).find((role) => ROLES[role]?.includes(bare));
};

/** No value: a link to a page that does not exist. */
const NONE = Symbol('none');

/** The members beside the list (`member`, where the list sits), as the page makes them true. */
export function pageMembers(answer: Schema | undefined, member: string | undefined, facts: PageFacts): Body {
  return filled(answer, facts, new Set(member === undefined ? [] : [member]), 1);
}

function filled(schema: Schema | undefined, facts: PageFacts, skip: ReadonlySet<string>, depth: number): Body {
  const members: Body = {};
  const required = new Set(requiredOf(schema));
  for (const [name, property] of Object.entries(propertiesOf(schema))) {
    if (skip.has(name)) continue;
    const type = typeOf(property);
    if (type === 'object' && depth > 0) {
      const inner = filled(property, facts, new Set(), depth - 1);
      if (Object.keys(inner).length === 0) continue;
      const composed = composedExample(property);
      const merged: Body = isObject(composed) ? { ...composed } : {};
      for (const [key, value] of Object.entries(inner)) put(merged, key, value);
      put(members, name, withoutUndefined(merged));
      continue;
    }
    const role = roleOf(name);
    const value = role === undefined ? undefined : valueOf(role, type, facts);
    if (value === undefined) continue;
    if (value !== NONE) put(members, name, value);
    else if (allowsNull(property)) put(members, name, null);
    else if (!required.has(name)) put(members, name, undefined);
    else if (type === 'string' && !(property.minLength ?? 0)) put(members, name, '');
  }
  return members;
}

/** The value of a role for a member of this type; NONE for a link to no page; undefined where the type does not fit. */
function valueOf(role: string, type: string | undefined, facts: PageFacts): unknown {
  const { total, start, end, size, cursorAt } = facts;
  const more = end < total;
  const page = size ? Math.floor(start / size) + 1 : 1;
  const numbers: Record<string, number | typeof NONE> = {
    total,
    page,
    size: size ?? end - start,
    offset: start,
    pages: size ? Math.ceil(total / size) : Math.min(total, 1),
    next: more ? page + 1 : NONE,
    prev: page > 1 ? page - 1 : NONE,
  };
  if (type === 'boolean') return role === 'more' ? more : role === 'previous' ? start > 0 : undefined;
  if (type === 'integer' || type === 'number') return numbers[role];
  if (type === 'string' && (role === 'next' || role === 'prev')) {
    const at =
      role === 'next' ? (more ? end : undefined) : start > 0 ? Math.max(start - (size ?? start), 0) : undefined;
    return at === undefined ? NONE : (cursorAt?.(at) ?? undefined);
  }
  return undefined;
}

function allowsNull(schema: Schema): boolean {
  const { type, nullable } = schema as { type?: unknown; nullable?: unknown };
  return nullable === true || (Array.isArray(type) && type.includes('null'));
}

function withoutUndefined(body: Body): Body {
  for (const key of Object.keys(body)) if (body[key] === undefined) delete body[key];
  return body;
}

// Which way a change of a bounding keyword moves what a schema accepts: less
// (a lower upper bound, a higher lower bound, a new enum, pattern or format, a
// new required field, null no longer allowed), more (the reverse), or both
// (another pattern or format). changes.ts turns that into a level for the side
// the schema is on; a change of type it judges breaking on either side itself.
import type { Diff } from 'api-smart-diff';
import type { Document } from './document.js';

/** The two documents compared, to look at what surrounds a change. */
export interface Sides {
  before: Document;
  after: Document;
}

// Keywords that bound what a schema (or info.x-limits, what a server takes) accepts:
// an upper bound raised accepts more, a lower bound raised accepts less, a narrowing
// keyword added accepts less.
const UPPER = new Set([
  'maxLength',
  'maxItems',
  'maximum',
  'maxProperties',
  'x-max-depth',
  'x-max-entries',
  'x-max-json-length',
  'max-body-bytes',
  'max-chatbots-per-account',
]);
const LOWER = new Set(['minLength', 'minItems', 'minimum', 'minProperties']);
const NARROWING = new Set([
  'pattern',
  'format',
  'multipleOf',
  'const',
  'uniqueItems',
  'exclusiveMinimum',
  'exclusiveMaximum',
]);

export type Direction = 'less' | 'more' | 'both';

/** Whether, after the change, the schema accepts fewer values, more, or other ones. */
export function directionOf(rule: string, path: readonly string[], diff: Diff, sides: Sides): Direction | undefined {
  const { action, before, after } = diff;
  const grows = action === 'remove' ? 'more' : action === 'add' ? 'less' : undefined;
  if (UPPER.has(rule)) return grows ?? (Number(after) < Number(before) ? 'less' : 'more');
  if (LOWER.has(rule)) return grows ?? (Number(after) > Number(before) ? 'less' : 'more');
  if (NARROWING.has(rule)) return grows ?? 'both';
  if (rule === 'nullable') return after === true ? 'more' : before === true ? 'less' : undefined;
  if (rule === 'enum' || rule === 'required') {
    // An item of the list: one more allowed value (enum) accepts more; one more required field accepts less.
    const item = path.at(-2) === rule;
    if (action === 'replace' && !item) return listDirection(before, after, rule === 'enum');
    if (action === 'replace') return 'both';
    const added = action === 'add';
    if (item && rule === 'enum') {
      // api-smart-diff names a new enum by its first item: one where there was none accepts less, as a last item
      // removed accepts more.
      const list = valueAt(added ? sides.before : sides.after, path.slice(0, -1));
      if (!Array.isArray(list)) return added ? 'less' : 'more';
    }
    return item === (rule === 'enum') ? (added ? 'more' : 'less') : added ? 'less' : 'more';
  }
  return undefined;
}

/** The value at a path of a document, following its local $refs on the way. */
function valueAt(document: unknown, path: readonly string[]): unknown {
  let value = document;
  for (const key of path) {
    value = followRef(document, value);
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return followRef(document, value);
}

function followRef(document: unknown, value: unknown): unknown {
  for (let hops = 0; hops < 32; hops++) {
    const ref = (value as { $ref?: unknown } | null)?.$ref;
    if (typeof ref !== 'string' || !ref.startsWith('#/')) return value;
    value = ref
      .slice(2)
      .split('/')
      .reduce<unknown>(
        (node, part) => (node as Record<string, unknown> | undefined)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')],
        document,
      );
  }
  return value;
}

/** Two lists of allowed values (or of required fields): which way the change goes. */
function listDirection(before: unknown, after: unknown, allowed: boolean): Direction {
  const itemsOf = (list: unknown) => new Set(Array.isArray(list) ? list.map((item) => JSON.stringify(item)) : []);
  const [old, now] = [itemsOf(before), itemsOf(after)];
  const gained = [...now].some((item) => !old.has(item));
  const lost = [...old].some((item) => !now.has(item));
  if (gained && lost) return 'both';
  return gained === allowed ? 'more' : 'less';
}

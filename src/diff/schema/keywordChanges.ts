// The changes of one keyword between two versions of a schema node: its type, its enum, a keyword that is there or
// not (format, pattern), and a bound (maxLength, maximum, …), each named by its kind (src/diff/rules/).
import { isDeepStrictEqual } from 'node:util';
import { constraints } from './constraints.js';
import { declaredTypes, isSchema, type Schema } from './schema.js';
import type { Finding } from '../finding.js';
import type { RecordFinding, Site } from './walk.js';

const SCALARS = ['string', 'number', 'integer', 'boolean'];

/**
 * The types of two versions; `text`: the value travels as text (a parameter, a header), where a string holds what
 * any scalar is written as, and a list of such is sent as one item when there is one.
 */
/** Returns the kind found, if any. */
export function compareTypes(o: Schema, n: Schema, finding: RecordFinding, site: Site): Finding['kind'] | undefined {
  const [was, is] = [declaredTypes(o), declaredTypes(n)];
  if (isDeepStrictEqual([...was].sort(), [...is].sort())) return undefined;
  const text = site.text === true;
  // In a body that is not JSON, any value reads as a string (oasdiff's loosely typed media types): a type made a
  // string in a request, or a string made another type in a response, is compatible.
  const toString = site.direction === 'request' ? is : was;
  const fromOther = site.direction === 'request' ? was : is;
  if (site.loose && fromOther.length > 0 && !fromOther.includes('string') && toString.join() === 'string') {
    finding('type-compatible', 'type', { before: o.type, after: n.type });
    return 'type-compatible';
  }
  // A list that holds one value as it was sent: items that only name a type, and no more than one item required.
  const oneItem =
    isSchema(n.items) &&
    Object.keys(constraints(n.items)).every((keyword) => keyword === 'type') &&
    !(typeof n.minItems === 'number' && n.minItems > 1);
  const items = oneItem && isSchema(n.items) ? declaredTypes(n.items) : undefined;
  // No type at all lets every type through. As text, a list holds one value of its items' type (sent as one item),
  // and a string holds any scalar, though the server no longer parses it.
  const widens = (from: string[], to: string[], asString = false): boolean =>
    to.length === 0 ||
    from.every(
      (type) =>
        to.includes(type) ||
        (type === 'integer' && to.includes('number')) ||
        (text &&
          SCALARS.includes(type) &&
          to.includes('array') &&
          items !== undefined &&
          widens([type], items, true)) ||
        (asString && SCALARS.includes(type) && to.includes('string')),
    );
  const kind =
    was.length > 0 && widens(was, is)
      ? 'type-generalized'
      : was.length > 0 && text && widens(was, is, true)
        ? 'type-generalized-as-text'
        : widens(is, was, text) && is.length > 0
          ? 'type-specialized'
          : 'type-changed';
  finding(kind, 'type', { before: o.type, after: n.type });
  return kind;
}

export function compareEnums(o: Schema, n: Schema, finding: RecordFinding): void {
  const values = (schema: Schema): unknown[] | undefined =>
    Array.isArray(schema.enum) ? schema.enum : 'const' in schema ? [schema.const] : undefined;
  const [was, is] = [values(o), values(n)];
  if (isDeepStrictEqual(was, is)) return;
  const keyword = Array.isArray(n.enum) || Array.isArray(o.enum) ? 'enum' : 'const';
  if (!was) return finding('became-enum', keyword, { after: is });
  if (!is) return finding('enum-removed', keyword, { before: was });
  const added = is.filter((value) => !was.some((old) => isDeepStrictEqual(old, value)));
  const removed = was.filter((value) => !is.some((now) => isDeepStrictEqual(now, value)));
  if (was.length === 1 && is.length === 1) {
    // The one value (a const, which canonical.ts writes as a one-value enum) changed: the old one is refused, and
    // every value sent is one the old schema refused (a client that expects "a" always meets "b": oasdiff
    // response-property-const-changed, ERR).
    finding('enum-value-removed', keyword, { before: removed });
    return finding('constraint-loosened', keyword, { before: was[0], after: is[0] });
  }
  if (added.length > 0) finding('enum-value-added', keyword, { after: added });
  if (removed.length > 0) finding('enum-value-removed', keyword, { before: removed });
}

/** A keyword that is there or not: added, removed or (format only) changed. */
export function compareAdded(o: Schema, n: Schema, keyword: 'format' | 'pattern', finding: RecordFinding): void {
  const [was, is] = [o[keyword], n[keyword]];
  if (was === is) return;
  const values = { before: was, after: is };
  if (was === undefined) return finding(`${keyword}-added`, keyword, values);
  if (is === undefined) return finding(`${keyword}-removed`, keyword, values);
  // Two patterns are compared by what they match (comparePattern.ts).
  if (keyword === 'format') finding('format-changed', keyword, values);
}

/** The bounds judged by how far they moved, each named as its kinds are (max-length-increased). */
type Bounded = 'max-length' | 'min-length' | 'max' | 'min' | 'max-items' | 'min-items';

/** Each bound: its keyword, the keyword that makes it exclusive (OpenAPI 3.0's boolean form), its kinds' name. */
const BOUNDS: [keyword: string, exclusive: string | undefined, kind: Bounded][] = [
  ['maxLength', undefined, 'max-length'],
  ['minLength', undefined, 'min-length'],
  ['maximum', 'exclusiveMaximum', 'max'],
  ['minimum', 'exclusiveMinimum', 'min'],
  ['maxItems', undefined, 'max-items'],
  ['minItems', undefined, 'min-items'],
];

/** A bound such as maxLength or maximum: set, unset, raised or lowered (an exclusive bound is the tighter one). */
const SIZE_LIMITS = ['maxProperties', 'x-max-depth', 'x-max-entries', 'x-max-json-length'];
/** The keywords compareBounds judges. */
export const BOUNDED = [
  ...BOUNDS.flatMap(([keyword, exclusive]) => (exclusive ? [keyword, exclusive] : [keyword])),
  ...SIZE_LIMITS,
];

/** Every bound, and this contract's size limits (a lower one refuses more). */
export function compareBounds(o: Schema, n: Schema, finding: RecordFinding): void {
  for (const [keyword, exclusive, kind] of BOUNDS) compareBound(o, n, keyword, exclusive, kind, finding);
  for (const keyword of SIZE_LIMITS) {
    const [was, is] = [o[keyword], n[keyword]];
    if (was === is) continue;
    const tighter = is !== undefined && (was === undefined || (is as number) < (was as number));
    finding(tighter ? 'size-limit-decreased' : 'size-limit-increased', keyword, { before: was, after: is });
  }
}

function compareBound(
  o: Schema,
  n: Schema,
  keyword: string,
  exclusive: string | undefined,
  kind: Bounded,
  finding: RecordFinding,
): void {
  const bound = (schema: Schema) =>
    typeof schema[keyword] === 'number'
      ? { value: schema[keyword], exclusive: exclusive !== undefined && schema[exclusive] === true }
      : undefined;
  const [was, is] = [bound(o), bound(n)];
  if (isDeepStrictEqual(was, is)) return;
  const values = { before: was?.value, after: is?.value };
  if (!was) return finding(`${kind}-set`, keyword, values);
  if (!is) return finding(`${kind}-unset`, keyword, values);
  const upper = kind.startsWith('max');
  // Positive: the bound lets more through.
  const looser =
    is.value !== was.value ? (is.value - was.value) * (upper ? 1 : -1) : Number(was.exclusive) - Number(is.exclusive);
  const widened = upper ? 'increased' : 'decreased';
  const narrowed = upper ? 'decreased' : 'increased';
  finding(
    `${kind}-${looser > 0 ? widened : narrowed}`,
    is.value !== was.value ? keyword : (exclusive ?? keyword),
    values,
  );
}

/**
 * x-extensible-enum (Zalando's, which oasdiff reads): the values known today, where a client must expect others. It
 * refuses nothing, so a value added is news on both sides; a value removed is one a server no longer understands.
 */
export function compareExtensibleEnums(o: Schema, n: Schema, finding: RecordFinding): void {
  const keyword = 'x-extensible-enum';
  const listed = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
  const [was, is] = [listed(o[keyword]), listed(n[keyword])];
  const added = is.filter((value) => !was.some((old) => isDeepStrictEqual(old, value)));
  const removed = was.filter((value) => !is.some((now) => isDeepStrictEqual(now, value)));
  if (added.length > 0) finding('extensible-enum-value-added', keyword, { after: added });
  if (removed.length > 0) finding('extensible-enum-value-removed', keyword, { before: removed });
}

// The last step of the relation's proof (src/diff/schema/relation.ts): two schemas without allOf, anyOf or oneOf,
// compared keyword by keyword. Where it needs a proof about a part (items, a property), it asks `proves`.
import { LOWER_BOUNDS, UPPER_BOUNDS } from './constraints.js';
import { covers2020, itemsCover, KEYWORDS_2020, withUnevaluated, type Proves } from './covers2020.js';
import { child, declaredTypes, isSchema, propertiesOf, requiredOf, type Schema } from './schema.js';

export type { Proves } from './covers2020.js';

const KNOWN = new Set([
  'type',
  'nullable',
  'format',
  'pattern',
  'enum',
  'multipleOf',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'items',
  'uniqueItems',
  'properties',
  'required',
  'additionalProperties',
  ...UPPER_BOUNDS,
  ...LOWER_BOUNDS,
  ...KEYWORDS_2020,
]);

/** Whether one pattern matches every string another does (src/diff/pattern/); without one, only the same text. */
export type PatternWithin = (outer: string, inner: string) => boolean;

export function patternsAllow(w: Schema, n: Schema, within?: PatternWithin): boolean {
  if (w.pattern === undefined || w.pattern === n.pattern) return true;
  return (
    typeof w.pattern === 'string' &&
    typeof n.pattern === 'string' &&
    within !== undefined &&
    within(w.pattern, n.pattern)
  );
}

const typesOf = (schema: Schema): Set<string> | undefined => {
  const types = declaredTypes(schema);
  return types.length > 0 ? new Set(types) : undefined;
};

export function plainCovers(
  wider: Schema,
  narrower: Schema,
  proves: Proves,
  sameIf = false,
  within?: PatternWithin,
): boolean {
  const [w, n] = [withUnevaluated(wider), withUnevaluated(narrower)];
  // A keyword this proof does not know (not, patternProperties, …) is never assumed to let everything through.
  if (Object.keys(w).some((keyword) => !KNOWN.has(keyword))) return false;
  if (Array.isArray(w.enum)) return false;
  if (n.nullable === true && w.nullable !== true) return false;
  const wTypes = typesOf(w);
  const nTypes = typesOf(n);
  if (wTypes) {
    if (!nTypes) return false;
    for (const type of nTypes) {
      const within = wTypes.has(type) || (type === 'integer' && wTypes.has('number'));
      if (!within && !(type === 'null' && w.nullable === true)) return false;
    }
  }
  if (w.format !== undefined && w.format !== n.format) return false;
  if (!patternsAllow(w, n, within)) return false;
  for (const keyword of UPPER_BOUNDS) {
    const limit = w[keyword];
    if (typeof limit === 'number' && !(typeof n[keyword] === 'number' && n[keyword] <= limit)) return false;
  }
  for (const keyword of LOWER_BOUNDS) {
    const limit = w[keyword];
    if (typeof limit === 'number' && limit > 0 && !(typeof n[keyword] === 'number' && n[keyword] >= limit))
      return false;
  }
  if (!boundWithin(w, n, 'maximum', 'exclusiveMaximum', (a, b) => a <= b)) return false;
  if (!boundWithin(w, n, 'minimum', 'exclusiveMinimum', (a, b) => a >= b)) return false;
  if (typeof w.multipleOf === 'number') {
    if (typeof n.multipleOf !== 'number' || !Number.isInteger(n.multipleOf / w.multipleOf)) return false;
  }
  if (w.uniqueItems === true && n.uniqueItems !== true) return false;
  if (!itemsCover(w, n, proves) || !covers2020(w, n, proves, sameIf)) return false;
  return objectCovers(w, n, proves);
}

/** The narrower's bound is at least as tight as the wider's (OpenAPI 3.0: exclusive* are booleans). */
function boundWithin(
  w: Schema,
  n: Schema,
  keyword: 'maximum' | 'minimum',
  exclusive: 'exclusiveMaximum' | 'exclusiveMinimum',
  within: (narrow: number, wide: number) => boolean,
): boolean {
  const wide = w[keyword];
  if (typeof wide !== 'number') return true;
  const narrow = n[keyword];
  if (typeof narrow !== 'number' || !within(narrow, wide)) return false;
  return !(narrow === wide && w[exclusive] === true && n[exclusive] !== true);
}

const NEVER = Symbol('never');

/** What a schema says of a property it may or may not name: its schema, anything ({}), or NEVER. */
function propertySchema(schema: Schema, named: Record<string, Schema>, name: string): Schema | typeof NEVER {
  if (Object.hasOwn(named, name)) return named[name] as Schema;
  const extra = schema.additionalProperties;
  if (extra === false) return NEVER;
  return isSchema(extra) ? extra : {};
}

function objectCovers(w: Schema, n: Schema, proves: Proves): boolean {
  const nRequired = new Set(requiredOf(n));
  if (requiredOf(w).some((name) => !nRequired.has(name))) return false;
  // Each side's properties read once: a schema may name thousands.
  const [wNamed, nNamed] = [propertiesOf(w), propertiesOf(n)];
  // A name the narrower does not name may match one of its patterns (never run): each is tried.
  const nPatterns = Object.values(child(n, 'patternProperties') ?? {}).filter(isSchema);
  for (const name of new Set([...Object.keys(wNamed), ...Object.keys(nNamed)])) {
    const narrow = propertySchema(n, nNamed, name);
    const wide = propertySchema(w, wNamed, name);
    const unnamed = Object.hasOwn(nNamed, name) ? [] : nPatterns;
    if (unnamed.some((pattern) => wide === NEVER || !proves(wide, pattern))) return false;
    if (narrow === NEVER) continue;
    if (wide === NEVER || !proves(wide, narrow)) return false;
  }
  if (n.additionalProperties === false) return true;
  if (w.additionalProperties === false) return false;
  const wExtra = child(w, 'additionalProperties');
  return !wExtra || proves(wExtra, child(n, 'additionalProperties') ?? {});
}

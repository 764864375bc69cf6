// The relation's proof for JSON Schema 2020-12's keywords (OpenAPI 3.1 and later): prefixItems and items, contains
// with minContains and maxContains, dependentRequired and dependentSchemas, propertyNames, patternProperties (by the
// same pattern: patterns are compared as text, never run), if/then/else, and unevaluatedProperties where nothing in
// place evaluates a property but properties and patternProperties. Each rule is sufficient, not necessary: what it
// cannot prove is left to the samples (src/diff/schema/relation.ts), and else undecided.
import { child, isSchema, requiredOf, type Schema } from './schema.js';

/** Proves that the first schema lets through every value the second does (the relation's own proof). */
export type Proves = (wider: Schema, narrower: Schema) => boolean;

const listOf = (schema: Schema, keyword: string): Schema[] =>
  Array.isArray(schema[keyword]) ? (schema[keyword] as unknown[]).filter(isSchema) : [];
const mapOf = (schema: Schema, keyword: string): Record<string, unknown> => child(schema, keyword) ?? {};
const schemasOf = (schema: Schema, keyword: string): Record<string, Schema> =>
  Object.fromEntries(
    Object.entries(mapOf(schema, keyword)).filter((entry): entry is [string, Schema] => isSchema(entry[1])),
  );
const number = (value: unknown, otherwise: number) => (typeof value === 'number' ? value : otherwise);

/** Items: each place of the narrower's list within the wider's schema for that place. */
export function itemsCover(w: Schema, n: Schema, proves: Proves): boolean {
  const [wPrefix, nPrefix] = [listOf(w, 'prefixItems'), listOf(n, 'prefixItems')];
  const atPlace = (schema: Schema, prefix: Schema[], place: number): Schema | undefined =>
    place < prefix.length ? prefix[place] : child(schema, 'items');
  const longest = Math.max(wPrefix.length, nPrefix.length);
  const most = number(n.maxItems, Infinity);
  for (let place = 0; place <= longest && place < most; place++) {
    const wide = atPlace(w, wPrefix, place);
    if (wide && !proves(wide, atPlace(n, nPrefix, place) ?? {})) return false;
  }
  return true;
}

/** contains, minContains, maxContains. */
function containsCover(w: Schema, n: Schema, proves: Proves): boolean {
  const wContains = child(w, 'contains');
  if (!wContains) return true;
  const nContains = child(n, 'contains');
  const wMin = number(w.minContains, 1);
  if (wMin > 0 && !(nContains && proves(wContains, nContains) && number(n.minContains, 1) >= wMin)) return false;
  if (typeof w.maxContains !== 'number') return true;
  // At most so many items may match: so it is when the list is no longer, or the same schema counts no more.
  if (number(n.maxItems, Infinity) <= w.maxContains) return true;
  return Boolean(
    nContains &&
    proves(nContains, wContains) &&
    proves(wContains, nContains) &&
    number(n.maxContains, Infinity) <= w.maxContains,
  );
}

/** dependentRequired and dependentSchemas. */
function dependentsCover(w: Schema, n: Schema, proves: Proves): boolean {
  const nRequired = new Set(requiredOf(n));
  const nDependents = mapOf(n, 'dependentRequired');
  for (const [name, needs] of Object.entries(mapOf(w, 'dependentRequired'))) {
    if (!Array.isArray(needs)) continue;
    const [alsoNeeded, given] = [nDependents[name], nRequired];
    const covered = (need: unknown) =>
      given.has(String(need)) || (Array.isArray(alsoNeeded) && alsoNeeded.includes(need));
    if (!needs.every(covered)) return false;
  }
  const nSchemas = schemasOf(n, 'dependentSchemas');
  const { dependentSchemas: _dependents, ...nWithout } = n;
  for (const [name, schema] of Object.entries(schemasOf(w, 'dependentSchemas'))) {
    const own = nSchemas[name];
    if (!(own && proves(schema, own)) && !proves(schema, nWithout)) return false;
  }
  return true;
}

/** propertyNames, patternProperties, if/then/else. */
function namesCover(w: Schema, n: Schema, proves: Proves): boolean {
  const wNames = child(w, 'propertyNames');
  const nNames = child(n, 'propertyNames');
  if (wNames && !(nNames && proves(wNames, nNames))) return false;
  const [wPatterns, nPatterns] = [schemasOf(w, 'patternProperties'), schemasOf(n, 'patternProperties')];
  for (const [pattern, schema] of Object.entries(wPatterns)) {
    const own = nPatterns[pattern];
    if (!own || !proves(schema, own)) return false;
  }
  // A name only the narrower's pattern matches falls to the wider's additionalProperties.
  const wExtra = w.additionalProperties;
  for (const [pattern, schema] of Object.entries(nPatterns)) {
    if (pattern in wPatterns || wExtra === undefined || wExtra === true) continue;
    if (!isSchema(wExtra) || !proves(wExtra, schema)) return false;
  }
  return true;
}

function conditionCovers(w: Schema, n: Schema, proves: Proves, sameIf: boolean): boolean {
  if (!isSchema(w.if)) return true;
  const [wThen, wElse] = [child(w, 'then') ?? {}, child(w, 'else') ?? {}];
  if (sameIf) return proves(wThen, child(n, 'then') ?? {}) && proves(wElse, child(n, 'else') ?? {});
  const { if: _if, then: _then, else: _else, ...plain } = n;
  return proves(wThen, plain) && proves(wElse, plain);
}

/** Every 2020-12 keyword of the wider satisfied by the narrower; `sameIf`: both have the same `if`. */
export function covers2020(w: Schema, n: Schema, proves: Proves, sameIf: boolean): boolean {
  return (
    containsCover(w, n, proves) &&
    dependentsCover(w, n, proves) &&
    namesCover(w, n, proves) &&
    conditionCovers(w, n, proves, sameIf)
  );
}

/** unevaluatedProperties read as additionalProperties, where nothing else in place evaluates a property. */
export function withUnevaluated(schema: Schema): Schema {
  const value = schema.unevaluatedProperties;
  if (value === undefined || schema.additionalProperties !== undefined) return schema;
  const { unevaluatedProperties: _unevaluated, ...rest } = schema;
  const inPlace = ['if', 'dependentSchemas', 'allOf', 'anyOf', 'oneOf', 'not', '$ref'].some((k) => k in schema);
  return inPlace ? schema : { ...rest, additionalProperties: value };
}

export const KEYWORDS_2020 = [
  'prefixItems',
  'contains',
  'minContains',
  'maxContains',
  'dependentRequired',
  'dependentSchemas',
  'propertyNames',
  'patternProperties',
  'if',
  'then',
  'else',
];

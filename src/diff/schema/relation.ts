// Whether one schema lets through every value another lets through: the judgement every schema change is graded by.
// "yes" is proved from the keywords; "no" is shown by a value the narrower schema accepts and the wider one refuses
// (src/diff/schema/samples.ts); anything else is "unknown", which the diff reports as undecided rather than guess.
// The contract under review is untrusted: its patterns are never run (a pattern can take exponential time), so a
// validator here ignores `pattern`, and patterns are compared as text.
import { isDeepStrictEqual } from 'node:util';
import type { ValidateFunction } from 'ajv';
import { createAjv } from '../../contract/ajv.js';
import { samples } from './samples.js';
import { branches, child, declaredTypes, isSchema, propertiesOf, requiredOf, type Schema } from './schema.js';

export type Verdict = 'yes' | 'no' | 'unknown';

/** Keywords that describe a value without limiting it. */
const ANNOTATIONS = new Set([
  'description',
  'title',
  'example',
  'examples',
  'default',
  'deprecated',
  'readOnly',
  'writeOnly',
  'xml',
  'externalDocs',
  'discriminator',
]);
/** This contract's own limits (src/contract/ajv.ts): upper bounds, like maxLength. */
const UPPER_BOUNDS = ['maxLength', 'maxItems', 'maxProperties', 'x-max-depth', 'x-max-entries', 'x-max-json-length'];
const LOWER_BOUNDS = ['minLength', 'minItems', 'minProperties'];

/** Does `wider` let through every value `narrower` lets through? */
export function covers(wider: Schema, narrower: Schema): Verdict {
  if (proves(wider, narrower)) return 'yes';
  return counterexample(wider, narrower) === undefined ? 'unknown' : 'no';
}

/** A value `narrower` lets through and `wider` refuses, if one of the samples of either is. */
export function counterexample(wider: Schema, narrower: Schema): { value: unknown } | undefined {
  const inNarrower = validator(narrower);
  const inWider = validator(wider);
  for (const value of [...samples(narrower), ...samples(wider)]) {
    if (inNarrower(value) && !inWider(value)) return { value };
  }
  return undefined;
}

type Accepts = (value: unknown) => boolean;
const compiled = new WeakMap<Schema, Accepts>();
const ajv = createAjv();

function validator(schema: Schema): Accepts {
  const known = compiled.get(schema);
  if (known) return known;
  let accepts: Accepts;
  try {
    const validate: ValidateFunction = ajv.compile(withoutPatterns(schema) as Schema);
    accepts = (value) => validate(value);
  } catch {
    // A schema Ajv cannot compile lets nothing be shown about it.
    accepts = () => false;
  }
  compiled.set(schema, accepts);
  return accepts;
}

function withoutPatterns(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutPatterns);
  if (!isSchema(value)) return value;
  const result: Schema = {};
  for (const [keyword, inner] of Object.entries(value)) {
    if (keyword === 'pattern' || keyword === 'patternProperties') continue;
    result[keyword] =
      keyword === 'enum' || keyword === 'const' || ANNOTATIONS.has(keyword) ? inner : withoutPatterns(inner);
  }
  return result;
}

/** The keywords that limit values, annotations left out. */
export function constraints(schema: Schema): Schema {
  return Object.fromEntries(
    Object.entries(schema).filter(([keyword]) => !ANNOTATIONS.has(keyword) && !isOtherExtension(keyword)),
  );
}

const isOtherExtension = (keyword: string) => keyword.startsWith('x-') && !UPPER_BOUNDS.includes(keyword);

function proves(wider: Schema, narrower: Schema): boolean {
  const w = constraints(wider);
  const n = constraints(narrower);
  if (Object.keys(w).length === 0) return true;
  if (isDeepStrictEqual(w, n)) return true;
  if (Array.isArray(n.enum)) return n.enum.every((value) => validator(wider)(value)) && patternsAllow(w, n);
  if ('const' in n) return validator(wider)(n.const) && patternsAllow(w, n);
  const conjuncts = branches(w, 'allOf');
  if (conjuncts.length > 0) {
    const { allOf: _allOf, ...rest } = w;
    return proves(rest, narrower) && conjuncts.every((conjunct) => proves(conjunct, narrower));
  }
  const alternatives = [...branches(n, 'anyOf'), ...branches(n, 'oneOf')];
  if (alternatives.length > 0) {
    const { anyOf: _anyOf, oneOf: _oneOf, ...rest } = n;
    return alternatives.every((alternative) => proves(wider, conjoined(rest, [alternative])));
  }
  const narrowerConjuncts = branches(n, 'allOf');
  if (narrowerConjuncts.length > 0) {
    const { allOf: _allOf, ...rest } = n;
    return proves(wider, conjoined(rest, narrowerConjuncts));
  }
  const wideAlternatives = [...branches(w, 'anyOf'), ...branches(w, 'oneOf')];
  if (wideAlternatives.length > 0) {
    const { anyOf: _anyOf, oneOf: _oneOf, ...rest } = w;
    return proves(rest, narrower) && wideAlternatives.some((alternative) => proves(alternative, narrower));
  }
  return plainCovers(w, n);
}

/**
 * A schema that lets through at least what all of them together let through: each keyword from one of them. Proving
 * that a schema covers it proves that the schema covers their conjunction.
 */
export function conjoined(base: Schema, conjuncts: Schema[]): Schema {
  const result: Schema = { ...base };
  for (const conjunct of conjuncts) {
    for (const [keyword, value] of Object.entries(constraints(conjunct))) {
      if (keyword === 'properties') {
        const properties = { ...propertiesOf(result) };
        for (const [name, property] of Object.entries(propertiesOf(conjunct))) {
          properties[name] = properties[name] ? conjoined(properties[name], [property]) : property;
        }
        result.properties = properties;
      } else if (keyword === 'required')
        result.required = [...new Set([...requiredOf(result), ...requiredOf(conjunct)])];
      else result[keyword] = value;
    }
  }
  return result;
}

function patternsAllow(w: Schema, n: Schema): boolean {
  return w.pattern === undefined || w.pattern === n.pattern;
}

const typesOf = (schema: Schema): Set<string> | undefined => {
  const types = declaredTypes(schema);
  return types.length > 0 ? new Set(types) : undefined;
};

function plainCovers(w: Schema, n: Schema): boolean {
  const known = new Set([
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
  ]);
  // A keyword this proof does not know (not, patternProperties, …) is never assumed to let everything through.
  if (Object.keys(w).some((keyword) => !known.has(keyword))) return false;
  if (Array.isArray(w.enum)) return false;
  if (n.nullable === true && w.nullable !== true) return false;
  const wTypes = typesOf(w);
  const nTypes = typesOf(n);
  if (wTypes) {
    if (!nTypes) return false;
    for (const type of nTypes) if (!wTypes.has(type) && !(type === 'integer' && wTypes.has('number'))) return false;
  }
  if (w.format !== undefined && w.format !== n.format) return false;
  if (!patternsAllow(w, n)) return false;
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
  const wItems = child(w, 'items');
  if (wItems && !proves(wItems, child(n, 'items') ?? {})) return false;
  return objectCovers(w, n);
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
function propertySchema(schema: Schema, name: string): Schema | typeof NEVER {
  const named = propertiesOf(schema)[name];
  if (named) return named;
  const extra = schema.additionalProperties;
  if (extra === false) return NEVER;
  return isSchema(extra) ? extra : {};
}

function objectCovers(w: Schema, n: Schema): boolean {
  const nRequired = new Set(requiredOf(n));
  if (requiredOf(w).some((name) => !nRequired.has(name))) return false;
  const names = new Set([...Object.keys(propertiesOf(w)), ...Object.keys(propertiesOf(n))]);
  for (const name of names) {
    const narrow = propertySchema(n, name);
    if (narrow === NEVER) continue;
    const wide = propertySchema(w, name);
    if (wide === NEVER || !proves(wide, narrow)) return false;
  }
  if (n.additionalProperties === false) return true;
  if (w.additionalProperties === false) return false;
  const wExtra = child(w, 'additionalProperties');
  return !wExtra || proves(wExtra, child(n, 'additionalProperties') ?? {});
}

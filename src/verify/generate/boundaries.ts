// The coverage phase's bodies, derived from a request schema: every string at
// min − 1, min, max and max + 1 characters and out of its pattern, the
// contract's size limits at the limit and one over, each required property
// missing, each property with each wrong JSON type and null, an unknown
// property. Each body is whole and otherwise valid, so one thing is tried at a time.
import { entryCount, jsonLength, nestingDepth } from '../../contract/limits.js';
import { patternBreakers } from './invalid.js';
import { withPropertyIn } from './least.js';
import { MOST_CASE_CHARACTERS, propertiesOf, typesOf, type Schema, type SchemaType } from './schemas.js';

export interface BoundaryBody {
  label: string;
  value: unknown;
}

const WRONG: Record<string, unknown> = {
  string: 'text',
  integer: 42,
  number: 4.2,
  boolean: true,
  array: [],
  object: {},
};

/** `base`: a valid body; `fill(length)`: a valid string of that length for a named property (the run's name prefix). */
export function boundaryBodies(
  schema: Schema,
  base: Record<string, unknown>,
  fill: (path: string[], length: number) => string,
): BoundaryBody[] {
  const bodies: BoundaryBody[] = [];
  const at = (path: string[], value: unknown) => withPropertyIn(schema, base, path, value);
  for (const [type, value] of Object.entries(WRONG))
    if (!typesOf(schema).includes(type as SchemaType))
      bodies.push({ label: `the body of the wrong type (${type})`, value });
  bodies.push({ label: 'the body null', value: null });
  for (const { path, schema: child, parent } of propertiesOf(schema)) {
    const where = path.join('.');
    if (parent.required?.includes(path.at(-1) ?? ''))
      bodies.push({
        label: `without the required ${where}`,
        value: withPropertyIn(schema, base, path, undefined, true),
      });
    const types = typesOf(child);
    for (const [type, value] of Object.entries(WRONG)) {
      if (!types.includes(type as SchemaType) && !(types.includes('number') && type === 'integer'))
        bodies.push({ label: `${where} of the wrong type (${type})`, value: at(path, value) });
    }
    bodies.push({ label: `${where} null`, value: at(path, null) });
    if (types.includes('string')) bodies.push(...stringBounds(child, path, where, at, fill));
    if (types.includes('object')) bodies.push(...sizeLimits(child, path, where, at));
  }
  if (schema.additionalProperties === false)
    bodies.push({ label: 'an unknown top-level property', value: { ...base, unknown_property: true } });
  return bodies;
}

function stringBounds(
  schema: Schema,
  path: string[],
  where: string,
  at: (path: string[], value: unknown) => unknown,
  fill: (path: string[], length: number) => string,
): BoundaryBody[] {
  const lengths = new Set<number>();
  const { minLength = 0, maxLength } = schema;
  if (minLength > 0) lengths.add(minLength - 1);
  lengths.add(minLength);
  if (maxLength !== undefined) [maxLength, maxLength + 1].forEach((length) => lengths.add(length));
  const bodies = [...lengths]
    .filter((length) => length <= MOST_CASE_CHARACTERS)
    .map((length) => ({
      label:
        `${where} of ${length} characters (minLength ` +
        `${minLength}${maxLength === undefined ? '' : `, maxLength ${maxLength}`})`,
      value: at(path, fill(path, length)),
    }));
  for (const value of schema.pattern ? patternBreakers(schema.pattern).slice(0, 2) : []) {
    bodies.push({
      label: `${where} ${JSON.stringify(value)}, not matching its pattern ${schema.pattern}`,
      value: at(path, value),
    });
  }
  return bodies;
}

function sizeLimits(
  schema: Schema,
  path: string[],
  where: string,
  at: (path: string[], value: unknown) => unknown,
): BoundaryBody[] {
  const bodies: BoundaryBody[] = [];
  const limits: [number | undefined, string, (n: number) => unknown][] = [
    [schema['x-max-depth'], 'levels deep (x-max-depth', nested],
    [schema['x-max-entries'], 'keys and values (x-max-entries', withEntries],
    [schema['x-max-json-length'], 'characters as JSON (x-max-json-length', withJsonLength],
  ];
  for (const [limit, unit, make] of limits) {
    if (limit === undefined || limit >= MOST_CASE_CHARACTERS) continue;
    for (const size of [limit, limit + 1])
      bodies.push({ label: `${where} ${size} ${unit} ${limit})`, value: at(path, make(size)) });
  }
  return bodies;
}

/** An object `depth` levels deep, itself level 1. */
export function nested(depth: number): Record<string, unknown> {
  let value: Record<string, unknown> = {};
  for (let level = depth; level > 1; level--) value = { level: value };
  return check(value, nestingDepth(value), depth);
}

/** An object holding exactly `entries` keys and values. */
export function withEntries(entries: number): Record<string, unknown> {
  const value = { list: new Array<number>(Math.max(0, entries - 2)).fill(0) };
  return check(value, entryCount(value), entries);
}

/** An object whose JSON is exactly `length` characters. */
export function withJsonLength(length: number): Record<string, unknown> {
  const value = { pad: 'x'.repeat(Math.max(0, length - JSON.stringify({ pad: '' }).length)) };
  return check(value, jsonLength(value), length);
}

function check<T>(value: T, measured: number, wanted: number): T {
  if (measured !== wanted)
    throw new Error(`verify built a value of ${measured}, not ${wanted}: a bug in boundaries.ts`);
  return value;
}

// fast-check arbitraries of values a schema accepts, built from its keywords.
// Limits the contract adds (x-max-depth, x-max-entries, x-max-json-length) are
// honoured with the same measures the server applies. A recursive schema (a
// tree) is unfolded a few times, and below that only what it requires is made:
// the least value it accepts, so that the arbitrary stays finite and small. A
// body holds at most MOST_VALUES values (a list of lists counts its items'
// items: past that, a list holds its fewest) and MOST_CHARACTERS of strings. An
// optional property no value within those can fill (its schema requires itself
// without end, or asks for more, or none of the values tried matches its
// pattern or limits, or its pattern is one the contract's bounded automaton does
// not read: pattern.ts) is left out; a required one makes the whole value
// CannotGenerate, naming it, and the case that needed it is skipped. A oneOf
// or anyOf (requestForm.ts) draws from its branches that can be made.
import fc from 'fast-check';
import { entryCount, jsonLength, nestingDepth } from '../../contract/limits.js';
import { boundedFilter, NoneFound } from './boundedFilter.js';
import { CannotGenerate } from './cannotGenerate.js';
import { formatArbitrary } from './formats.js';
import { drawnStrings, patternTest } from './pattern.js';
import { isNever } from './requestForm.js';
import { typesOf, type Schema, type SchemaType } from './schemas.js';
import { jsonValue, text } from './text.js';

/** Arbitraries to use instead of the generated one, by property path (e.g. "name"). */
export type Overrides = ReadonlyMap<string, fc.Arbitrary<unknown>>;

/** How many times a schema may be unfolded inside itself before only its least value is made. */
const RECURSION_UNFOLDED = 2;
/** How much deeper the least value of a recursive schema may go: past it, the schema requires itself without end. */
const RECURSION_REQUIRED = 16;

/** How many values a generated body may hold at most, its lists' items times their items' items included. */
export const MOST_VALUES = 10_000;
/** The most characters of the strings a generated body holds, the copies a list makes of one counted. */
export const MOST_CHARACTERS = 1_048_576;

/** A schema no finite value honours: each of its values must hold another (a required property of its own schema). */
class EndlessSchema extends CannotGenerate {}
/** A schema whose fewest items or characters, as often as the lists around it repeat them, pass verify's bounds. */
class TooLarge extends CannotGenerate {}

/** Where an arbitrary is built: the property path, the schemas it sits in, and how many copies of it a value holds. */
interface Place {
  overrides: Overrides;
  path: string[];
  within: readonly Schema[];
  /** The most items each list around this place holds, multiplied: the copies of this place one value may hold. */
  copies: number;
}

export function validArbitrary(
  schema: Schema,
  overrides: Overrides = new Map(),
  path: string[] = [],
): fc.Arbitrary<unknown> {
  return valid(schema, { overrides, path, within: [], copies: 1 });
}

function valid(schema: Schema, place: Place): fc.Arbitrary<unknown> {
  const override = place.overrides.get(place.path.join('.'));
  if (override) return override;
  const unfolded = place.within.filter((outer) => outer === schema).length;
  if (unfolded > RECURSION_UNFOLDED + RECURSION_REQUIRED) {
    // The first two places the schema was met: where it starts, and the part of it that requires it again.
    const [first = 0, again = 0] = place.within.flatMap((outer, index) => (outer === schema ? [index] : []));
    const at = (length: number) => place.path.slice(0, place.path.length - place.within.length + length).join('.');
    throw new EndlessSchema(
      `verify cannot generate a value for ${at(first) || 'the body'}: its schema requires ${at(again)}, ` +
        'of the same schema, without end',
    );
  }
  const inner = { ...place, within: [...place.within, schema] };
  const least = unfolded >= RECURSION_UNFOLDED;
  if (least && schema.nullable) return fc.constant(null);
  const value = nonNull(schema, inner, least);
  return schema.nullable
    ? fc.oneof({ weight: 4, arbitrary: value }, { weight: 1, arbitrary: fc.constant(null) })
    : value;
}

/** `least`: only what the schema requires (no optional property, the fewest items), to end a recursion. */
function nonNull(schema: Schema, place: Place, least: boolean): fc.Arbitrary<unknown> {
  if (isNever(schema)) throw new CannotGenerate(`${cannotGenerate(place)}: its schema accepts no value`);
  if (schema.enum) {
    const values = schema.enum.filter((value) => value !== null);
    return values.length > 0 ? fc.constantFrom(...values) : fc.constant(null);
  }
  const branches = schema.oneOf ?? schema.anyOf;
  if (branches) return branchArbitrary(branches as Schema[], place, least);
  const types = typesOf(schema).length > 0 ? typesOf(schema) : impliedTypes(schema);
  if (types.length > 1) return fc.oneof(...types.map((type) => ofType(type, schema, place, least)));
  return ofType(types[0], schema, place, least);
}

/** The branches that can be made, one drawn at a time; CannotGenerate, naming the first reason, when none can. */
function branchArbitrary(branches: readonly Schema[], place: Place, least: boolean): fc.Arbitrary<unknown> {
  const made: fc.Arbitrary<unknown>[] = [];
  let why: unknown;
  for (const branch of least ? branches.slice(0, 1) : branches) {
    try {
      made.push(valid(branch, place));
    } catch (error) {
      if (!(error instanceof CannotGenerate)) throw error;
      why ??= error;
    }
  }
  if (made.length === 0) throw why ?? new CannotGenerate(`${cannotGenerate(place)}: none of its branches can be made`);
  return fc.oneof(...made);
}

/** The type a schema that names none implies by its keywords: an object by its properties, a list by its items. */
function impliedTypes(schema: Schema): SchemaType[] {
  if (schema.properties || schema.required || schema.additionalProperties !== undefined) return ['object'];
  if (schema.items) return ['array'];
  if (schema.format !== undefined || schema.pattern !== undefined || schema.minLength !== undefined) return ['string'];
  return [];
}

function ofType(type: SchemaType | undefined, schema: Schema, place: Place, least: boolean): fc.Arbitrary<unknown> {
  switch (type) {
    case 'null':
      return fc.constant(null);
    case 'string':
      return stringArbitrary(schema, place);
    case 'integer':
      return fc.integer({ min: Math.ceil(lowest(schema, 1)), max: Math.floor(highest(schema, 1)) });
    case 'number':
      return fc.double({
        min: lowest(schema, 0),
        max: highest(schema, 0),
        minExcluded: typeof schema.exclusiveMinimum === 'number',
        maxExcluded: typeof schema.exclusiveMaximum === 'number',
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'array': {
      const minLength = schema.minItems ?? 0;
      if (least && minLength === 0) return fc.constant([]);
      // Past MOST_VALUES in all, a list holds its fewest items; fewer than those cannot be made.
      const room = Math.floor(MOST_VALUES / place.copies);
      if (minLength > room) throw tooLarge(place, `its minItems ${minLength}`);
      const maxLength = least ? minLength : Math.max(minLength, Math.min(schema.maxItems ?? 5, 5, room));
      const items = { ...place, path: [...place.path, '0'], copies: place.copies * Math.max(1, maxLength) };
      return fc.array(valid(schema.items ?? {}, items), { minLength, maxLength });
    }
    case 'object':
      return objectArbitrary(schema, place, least);
    default:
      return jsonValue;
  }
}

/** The least a number may be (3.1's exclusive bound passed by `step`: 1 for an integer, 0 for a number, excluded). */
function lowest(schema: Schema, step: number): number {
  const exclusive = schema.exclusiveMinimum as unknown;
  return typeof exclusive === 'number' ? exclusive + step : (schema.minimum ?? -1e9);
}

function highest(schema: Schema, step: number): number {
  const exclusive = schema.exclusiveMaximum as unknown;
  return typeof exclusive === 'number' ? exclusive - step : (schema.maximum ?? 1e9);
}

function stringArbitrary(schema: Schema, place: Place): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  if (minLength * place.copies > MOST_CHARACTERS) throw tooLarge(place, `its minLength ${minLength}`);
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 40, 400));
  const formatted = formatArbitrary(schema.format);
  const arbitrary = text({ minLength, maxLength });
  if (formatted && schema.minLength === undefined && schema.maxLength === undefined && !schema.pattern)
    return formatted;
  if (!schema.pattern && !formatted) return arbitrary;
  const source = schema.pattern ?? '';
  const test = schema.pattern ? patternTest(source) : () => true;
  if (typeof test === 'string')
    throw new NoneFound(`${cannotGenerate(place)}: its pattern ${source} is not one verify reads (${test})`);
  // Strings drawn from the pattern where they are bounded, and text that matches it; one too long to test fits not.
  // A format's strings, kept to the lengths and the pattern beside it.
  const drawn = schema.pattern ? drawnStrings(source) : undefined;
  const sources = [...(drawn ? [drawn] : []), formatted ?? arbitrary];
  const fits = (value: string) => value.length >= minLength && value.length <= maxLength && test(value) === true;
  return boundedFilter(
    sources,
    fits,
    (tries) =>
      `${cannotGenerate(place)}: none of ${tries} strings tried ` +
      `${schema.pattern ? `matches its pattern ${source}` : `is of its format ${schema.format}`} ` +
      `within ${minLength} to ${maxLength} characters`,
  );
}

/** The start of every message of a place verify cannot fill. */
function cannotGenerate(place: Place): string {
  return `verify cannot generate a value for ${place.path.join('.') || 'the body'}`;
}

/** A schema whose least value, as often as the lists around it repeat it, is past what verify generates. */
function tooLarge(place: Place, why: string): TooLarge {
  return new TooLarge(
    `${cannotGenerate(place)}: ${why}, ${place.copies} times over, ` +
      `would pass ${MOST_VALUES} values or ${MOST_CHARACTERS} characters`,
  );
}

function objectArbitrary(schema: Schema, place: Place, least: boolean): fc.Arbitrary<Record<string, unknown>> {
  const required = new Set(schema.required ?? []);
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, child] of Object.entries(schema.properties ?? {})) {
    if (least && !required.has(name)) continue;
    try {
      model[name] = valid(child as Schema, { ...place, path: [...place.path, name] });
    } catch (error) {
      // Only a body without it is valid.
      if (!(error instanceof CannotGenerate) || required.has(name)) throw error;
    }
  }
  const known = fc.record(model, { requiredKeys: [...required].filter((name) => name in model) });
  const open = schema.additionalProperties !== false && schema.additionalProperties !== undefined;
  const extra =
    open && !least
      ? fc.dictionary(
          text({ minLength: 1, maxLength: 12 }).filter((key) => !(key in model)),
          jsonValue,
          { maxKeys: 4 },
        )
      : fc.constant({});
  const whole = fc.tuple(extra, known).map(([more, fields]) => ({ ...more, ...fields }));
  if (!hasLimits(schema)) return whole;
  return boundedFilter(
    [whole],
    (value) => withinLimits(schema, value),
    (tries) =>
      `${cannotGenerate(place)}: none of ${tries} objects tried ` +
      'is within its x-max-depth, x-max-entries and x-max-json-length',
  );
}

function hasLimits(schema: Schema): boolean {
  return (
    schema['x-max-depth'] !== undefined ||
    schema['x-max-entries'] !== undefined ||
    schema['x-max-json-length'] !== undefined
  );
}

function withinLimits(schema: Schema, value: unknown): boolean {
  const { 'x-max-depth': depth, 'x-max-entries': entries, 'x-max-json-length': length } = schema;
  return (
    (depth === undefined || nestingDepth(value, depth) <= depth) &&
    (entries === undefined || entryCount(value, entries) <= entries) &&
    (length === undefined || jsonLength(value, length) <= length)
  );
}

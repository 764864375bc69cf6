// fast-check arbitraries of values a schema accepts, built from its keywords.
// Limits the contract adds (x-max-depth, x-max-entries, x-max-json-length) are
// honoured with the same measures the server applies.
import fc from 'fast-check';
import { entryCount, jsonLength, nestingDepth } from '../../contract/limits.js';
import type { Schema } from './schemas.js';
import { jsonValue, text } from './text.js';

/** Arbitraries to use instead of the generated one, by property path (e.g. "name"). */
export type Overrides = ReadonlyMap<string, fc.Arbitrary<unknown>>;

export function validArbitrary(
  schema: Schema,
  overrides: Overrides = new Map(),
  path: string[] = [],
): fc.Arbitrary<unknown> {
  const override = overrides.get(path.join('.'));
  if (override) return override;
  const value = nonNull(schema, overrides, path);
  return schema.nullable
    ? fc.oneof({ weight: 4, arbitrary: value }, { weight: 1, arbitrary: fc.constant(null) })
    : value;
}

function nonNull(schema: Schema, overrides: Overrides, path: string[]): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum.filter((value) => value !== null));
  switch (schema.type) {
    case 'string':
      return stringArbitrary(schema);
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -1e9, max: schema.maximum ?? 1e9 });
    case 'number':
      return fc.double({
        min: schema.minimum ?? -1e9,
        max: schema.maximum ?? 1e9,
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(validArbitrary(schema.items as Schema, overrides, [...path, '0']), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 5, 5),
      });
    case 'object':
      return objectArbitrary(schema, overrides, path);
    default:
      return jsonValue;
  }
}

function stringArbitrary(schema: Schema): fc.Arbitrary<string> {
  const arbitrary = text({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 40, 400) });
  if (!schema.pattern) return arbitrary;
  const pattern = new RegExp(schema.pattern, 'u');
  return arbitrary.filter((value) => pattern.test(value));
}

function objectArbitrary(schema: Schema, overrides: Overrides, path: string[]): fc.Arbitrary<Record<string, unknown>> {
  const required = new Set(schema.required ?? []);
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, child] of Object.entries(schema.properties ?? {}))
    model[name] = validArbitrary(child as Schema, overrides, [...path, name]);
  const known = fc.record(model, { requiredKeys: [...required] });
  const open = schema.additionalProperties !== false && schema.additionalProperties !== undefined;
  const extra = open
    ? fc.dictionary(
        text({ minLength: 1, maxLength: 12 }).filter((key) => !(key in model)),
        jsonValue,
        { maxKeys: 4 },
      )
    : fc.constant({});
  return fc
    .tuple(extra, known)
    .map(([more, fields]) => ({ ...more, ...fields }))
    .filter((value) => withinLimits(schema, value));
}

function withinLimits(schema: Schema, value: unknown): boolean {
  const { 'x-max-depth': depth, 'x-max-entries': entries, 'x-max-json-length': length } = schema;
  return (
    (depth === undefined || nestingDepth(value, depth) <= depth) &&
    (entries === undefined || entryCount(value, entries) <= entries) &&
    (length === undefined || jsonLength(value, length) <= length)
  );
}

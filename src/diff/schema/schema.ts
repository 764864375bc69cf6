// A schema as the diff reads it: an OpenAPI 3.x schema object with every $ref already expanded, in one form
// (canonical.ts), seen from one side of the wire. A request never carries a readOnly property and a response never
// carries a writeOnly one, so each is taken out of the schema before the two sides are compared.

import { canonical } from './canonical.js';

export type Schema = { [keyword: string]: unknown };
export type Direction = 'request' | 'response';

export const isSchema = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The types a schema declares (`type`, one or a list); none when it declares none. */
export const declaredTypes = (schema: Schema): string[] =>
  typeof schema.type === 'string'
    ? [schema.type]
    : Array.isArray(schema.type)
      ? schema.type.filter((type): type is string => typeof type === 'string')
      : [];

/** The schema's object-valued keyword, or undefined. */
export const child = (schema: Schema, keyword: string): Schema | undefined => {
  const value = schema[keyword];
  return isSchema(value) ? value : undefined;
};

/** A list of subschemas (allOf, anyOf, oneOf), or an empty list. */
export const branches = (schema: Schema, keyword: 'allOf' | 'anyOf' | 'oneOf'): Schema[] => {
  const value = schema[keyword];
  return Array.isArray(value) ? value.filter(isSchema) : [];
};

/** The properties a schema names, as a map from name to schema. */
export const propertiesOf = (schema: Schema): Record<string, Schema> => {
  const value = child(schema, 'properties') ?? {};
  return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, Schema] => isSchema(entry[1])));
};

export const requiredOf = (schema: Schema): string[] =>
  Array.isArray(schema.required) ? schema.required.filter((name): name is string => typeof name === 'string') : [];

/** Keywords whose value is one subschema, and those whose value is a list or a map of them (JSON Schema 2020-12). */
export const SUBSCHEMA = [
  'items',
  'additionalProperties',
  'not',
  'contains',
  'propertyNames',
  'if',
  'then',
  'else',
  'unevaluatedItems',
  'unevaluatedProperties',
  'additionalItems',
] as const;
export const SUBSCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'] as const;
export const SUBSCHEMA_MAPS = ['patternProperties', 'dependentSchemas'] as const;

/** The schema as one side of the wire sees it, in one form: a request's readOnly and a response's writeOnly gone. */
export function forDirection(schema: Schema, direction: Direction, seen = new Map<Schema, Schema>()): Schema {
  const known = seen.get(schema);
  if (known) return known;
  const hidden = direction === 'request' ? 'readOnly' : 'writeOnly';
  const result: Schema = { ...canonical(schema) };
  seen.set(schema, result);
  const properties = propertiesOf(schema);
  if (Object.keys(properties).length > 0) {
    const kept = Object.entries(properties).filter(([, property]) => property[hidden] !== true);
    result.properties = Object.fromEntries(
      kept.map(([name, property]) => [name, forDirection(property, direction, seen)]),
    );
    if (kept.length < Object.keys(properties).length) {
      result.required = requiredOf(schema).filter((name) => kept.some(([keptName]) => keptName === name));
    }
  }
  for (const keyword of SUBSCHEMA) {
    const value = child(schema, keyword);
    if (value) result[keyword] = forDirection(value, direction, seen);
  }
  for (const keyword of SUBSCHEMA_LISTS) {
    const value = schema[keyword];
    if (Array.isArray(value)) result[keyword] = value.map((s) => (isSchema(s) ? forDirection(s, direction, seen) : s));
  }
  for (const keyword of SUBSCHEMA_MAPS) {
    const value = child(schema, keyword);
    if (value)
      result[keyword] = Object.fromEntries(
        Object.entries(value).map(([key, s]) => [key, isSchema(s) ? forDirection(s, direction, seen) : s]),
      );
  }
  return result;
}

// A schema as the diff reads it: an OpenAPI 3.0 schema object with every $ref already expanded, seen from one side
// of the wire. A request never carries a readOnly property and a response never carries a writeOnly one, so each is
// taken out of the schema before the two sides are compared.

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

/** The schema as one side of the wire sees it: a request's readOnly and a response's writeOnly properties gone. */
export function forDirection(schema: Schema, direction: Direction, seen = new Map<Schema, Schema>()): Schema {
  const known = seen.get(schema);
  if (known) return known;
  const hidden = direction === 'request' ? 'readOnly' : 'writeOnly';
  const result: Schema = { ...schema };
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
  for (const keyword of ['items', 'additionalProperties', 'not'] as const) {
    const value = child(schema, keyword);
    if (value) result[keyword] = forDirection(value, direction, seen);
  }
  for (const keyword of ['allOf', 'anyOf', 'oneOf'] as const) {
    if (Array.isArray(schema[keyword]))
      result[keyword] = branches(schema, keyword).map((s) => forDirection(s, direction, seen));
  }
  return result;
}

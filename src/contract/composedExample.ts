// An example composed from a schema, as Prism's static mocker makes one where a response documents none: each value
// its schema's own `example` (else its default, else its first enum value), objects from their properties, lists of
// one item, the first alternative of a oneOf or anyOf, allOf's parts laid together; a bare type gets a plain value.
import type { OpenAPIV3 } from 'openapi-types';

type Schema = OpenAPIV3.SchemaObject;

const PLAIN: Record<string, unknown> = {
  string: 'string',
  integer: 0,
  number: 0,
  boolean: true,
  array: [],
  object: {},
};
const FORMATS: Record<string, string> = {
  'date-time': '2026-01-01T00:00:00Z',
  date: '2026-01-01',
  uuid: '00000000-0000-4000-8000-000000000000',
  email: 'user@example.com',
  uri: 'https://example.com',
};

/** The schema's example, composed where it gives none; the schema is dereferenced (no $ref left). */
export function composedExample(schema: Schema, depth = 0): unknown {
  if (schema.example !== undefined) return schema.example;
  if (schema.default !== undefined) return schema.default;
  if (schema.enum?.length) return schema.enum[0];
  if (depth > 16) return null;
  const first = (schema.oneOf ?? schema.anyOf)?.[0] as Schema | undefined;
  if (first) return composedExample(first, depth + 1);
  if (schema.allOf?.length) {
    const parts = schema.allOf.map((part) => composedExample(part as Schema, depth + 1));
    return parts.every((part) => typeof part === 'object' && part !== null && !Array.isArray(part))
      ? Object.assign({}, ...parts)
      : parts.at(-1);
  }
  if (schema.type === 'object' || schema.properties) {
    return Object.fromEntries(
      Object.entries(schema.properties ?? {}).map(([name, property]) => [
        name,
        composedExample(property as Schema, depth + 1),
      ]),
    );
  }
  if (schema.type === 'array') return [composedExample((schema.items ?? {}) as Schema, depth + 1)];
  if (schema.type === 'string' && schema.format && FORMATS[schema.format]) return FORMATS[schema.format];
  if (schema.type === 'integer' || schema.type === 'number') return schema.minimum ?? 0;
  return schema.nullable && !schema.type ? null : (PLAIN[schema.type ?? 'string'] ?? null);
}

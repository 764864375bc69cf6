// An example composed from a schema, as Prism's static mocker makes one where a response documents none: each value
// its schema's own `example` (else its default, else its first enum value), objects from their properties, lists of
// their fewest items, the first alternative of a oneOf or anyOf, allOf's parts laid together; a bare type gets a plain
// value within its bounds. `$ref`s are followed in the document they name. The caller still checks the result against
// the schema: a pattern, say, is not composed.
import type { OpenAPIV3 } from 'openapi-types';
import { dereferenced } from './pointer.js';

type Schema = OpenAPIV3.SchemaObject & { const?: unknown };

const PLAIN: Record<string, unknown> = {
  string: 'string',
  integer: 0,
  number: 0,
  boolean: true,
  array: [],
  object: {},
  null: null,
};
const FORMATS: Record<string, string> = {
  'date-time': '2026-01-01T00:00:00.000Z',
  date: '2026-01-01',
  uuid: '00000000-0000-4000-8000-000000000000',
  email: 'user@example.com',
  uri: 'https://example.com',
};
/** Deep enough for any document within the contract's bounds; deeper parts (a recursive schema's) are null. */
const MAX_DEPTH = 16;

/** The schema's example, composed where it gives none; `document` resolves the `$ref`s inside it. */
export function composedExample(schema: OpenAPIV3.SchemaObject, document?: unknown): unknown {
  return compose(schema, document, 0);
}

function compose(
  written: OpenAPIV3.SchemaObject | OpenAPIV3.ReferenceObject,
  document: unknown,
  depth: number,
): unknown {
  // A $ref that names nothing composes null.
  const schema = dereferenced<Schema>(document, written);
  if (schema === undefined || depth > MAX_DEPTH) return null;
  const example = schemaExample(schema);
  if (example !== undefined) return example;
  if (schema.const !== undefined) return schema.const;
  if (schema.default !== undefined) return schema.default;
  if (schema.enum?.length) return schema.enum[0];
  const next = (part: OpenAPIV3.SchemaObject | OpenAPIV3.ReferenceObject): unknown =>
    compose(part, document, depth + 1);
  const first = (schema.oneOf ?? schema.anyOf)?.[0];
  if (first) return next(first);
  if (schema.allOf?.length) {
    const parts = schema.allOf.map(next);
    return parts.every((part) => typeof part === 'object' && part !== null && !Array.isArray(part))
      ? Object.assign({}, ...parts)
      : parts.at(-1);
  }
  const type = typeOf(schema);
  if (type === 'object' || (type === undefined && schema.properties)) {
    return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([name, part]) => [name, next(part)]));
  }
  if (type === 'array') {
    const item = next((schema as OpenAPIV3.ArraySchemaObject).items ?? {});
    return Array.from({ length: Math.min(Math.max(schema.minItems ?? 1, 1), 1_000) }, () => item);
  }
  if (type === 'string') return plainString(schema);
  if (type === 'integer' || type === 'number') return plainNumber(schema, type);
  return schema.nullable && type === undefined ? null : (PLAIN[type ?? 'string'] ?? null);
}

/** The example a schema writes: 3.0's `example`, or the first of JSON Schema's `examples` (3.1 and later). */
export function schemaExample(schema: OpenAPIV3.SchemaObject | undefined): unknown {
  if (schema?.example !== undefined) return schema.example;
  const { examples } = (schema ?? {}) as { examples?: unknown };
  return Array.isArray(examples) ? examples[0] : undefined;
}

/** The first type a schema names: 3.0's `type`, or the first of 3.1's list that is not null. */
function typeOf(schema: Schema): string | undefined {
  const { type } = schema as { type?: unknown };
  if (Array.isArray(type)) return (type.find((name) => name !== 'null') ?? type[0]) as string | undefined;
  return typeof type === 'string' ? type : undefined;
}

function plainString(schema: Schema): string {
  const formatted = schema.format ? FORMATS[schema.format] : undefined;
  if (formatted) return formatted;
  const min = Math.min(schema.minLength ?? 0, 1_000);
  const text = 'string'.padEnd(min, 'x');
  return schema.maxLength === undefined ? text : text.slice(0, schema.maxLength);
}

function plainNumber(schema: Schema, type: 'integer' | 'number'): number {
  const { minimum, maximum, exclusiveMinimum } = schema as {
    minimum?: number;
    maximum?: number;
    exclusiveMinimum?: unknown;
  };
  // 3.0 marks the bound exclusive with a boolean; 3.1 gives the bound itself.
  let value = typeof exclusiveMinimum === 'number' ? exclusiveMinimum + 1 : (minimum ?? 0);
  if (exclusiveMinimum === true) value += 1;
  if (maximum !== undefined && value > maximum) value = maximum;
  return type === 'integer' ? Math.ceil(value) : value;
}

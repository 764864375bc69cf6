// An example composed from a schema, as Prism's static mocker makes one where a response documents none: each value
// its schema's own `example` (else its default, else its first enum value), objects from their properties, lists of
// their fewest items, the first alternative of a oneOf or anyOf, allOf's parts laid together; a bare type gets a plain
// value within its bounds. `$ref`s are followed in the document they name. The caller still checks the result against
// the schema: a pattern, say, is not composed.
//
// What a composition makes is bounded by its JSON, counted as each value is made (a list of lists of lists is its
// items times its items' items, not its depth): past the bound it stops and throws ComposedTooLarge. No value is
// shared between two places of the result, nor with the document, so that no later step expands or changes one.
import type { OpenAPIV3 } from 'openapi-types';
import { jsonLength } from './limits.js';
import { dereferenced } from './pointer.js';

type Schema = OpenAPIV3.SchemaObject & { const?: unknown };

/** The most characters of JSON a composed example may take: an answer's body, or a request body's. */
export const COMPOSED_CHARACTERS = 262_144;

/** A composition that would pass its bound of characters of JSON: stopped before it was made. */
export class ComposedTooLarge extends Error {
  constructor(
    readonly limit: number,
    what = 'an example composed from its schema',
  ) {
    super(`${what} would pass ${limit} characters of JSON`);
  }
}

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

/** The characters of JSON a composition may still make. */
interface Budget {
  left: number;
  readonly limit: number;
}

/**
 * The schema's example, composed where it gives none; `document` resolves the `$ref`s inside it. Throws
 * ComposedTooLarge once its JSON would pass `limit` characters.
 */
export function composedExample(
  schema: OpenAPIV3.SchemaObject,
  document?: unknown,
  limit = COMPOSED_CHARACTERS,
): unknown {
  return compose(schema, document, 0, { left: limit, limit });
}

function spend(budget: Budget, characters: number): void {
  budget.left -= characters;
  if (!(budget.left >= 0)) throw new ComposedTooLarge(budget.limit);
}

/** A value the document writes (an example, a default), counted whole and copied. */
function written(value: unknown, budget: Budget): unknown {
  spend(budget, jsonLength(value, budget.left));
  return copied(value);
}

/** A plain value, counted. */
function made<T>(value: T, budget: Budget): T {
  spend(budget, (JSON.stringify(value) ?? 'null').length);
  return value;
}

function compose(
  source: OpenAPIV3.SchemaObject | OpenAPIV3.ReferenceObject,
  document: unknown,
  depth: number,
  budget: Budget,
): unknown {
  // A $ref that names nothing composes null.
  const schema = dereferenced<Schema>(document, source);
  if (schema === undefined || depth > MAX_DEPTH) return made(null, budget);
  const example = schemaExample(schema);
  if (example !== undefined) return written(example, budget);
  if (schema.const !== undefined) return written(schema.const, budget);
  if (schema.default !== undefined) return written(schema.default, budget);
  if (schema.enum?.length) return written(schema.enum[0], budget);
  const next = (part: OpenAPIV3.SchemaObject | OpenAPIV3.ReferenceObject): unknown =>
    compose(part, document, depth + 1, budget);
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
    const entries = Object.entries(schema.properties ?? {});
    spend(budget, 2 + entries.reduce((sum, [name]) => sum + JSON.stringify(name).length + 2, 0));
    return Object.fromEntries(entries.map(([name, part]) => [name, next(part)]));
  }
  if (type === 'array') return composedList(schema, next, budget);
  if (type === 'string') return plainString(schema, budget);
  if (type === 'integer' || type === 'number') return made(plainNumber(schema, type), budget);
  return written(schema.nullable && type === undefined ? null : (PLAIN[type ?? 'string'] ?? null), budget);
}

/** A list of its fewest items (one at least): the first composed, each other a copy, counted before it is made. */
function composedList(
  schema: Schema,
  next: (part: OpenAPIV3.SchemaObject | OpenAPIV3.ReferenceObject) => unknown,
  budget: Budget,
): unknown[] {
  const count = Math.max(schema.minItems ?? 1, 1);
  const before = budget.left;
  const item = next((schema as OpenAPIV3.ArraySchemaObject).items ?? {});
  // The item's own JSON and a comma, for each copy; then the brackets.
  spend(budget, (before - budget.left + 1) * (count - 1) + 2);
  const list = [item];
  for (let index = 1; index < count; index++) list.push(copied(item));
  return list;
}

/** A copy of a JSON value: its arrays and plain objects anew (a member named __proto__ as data), the rest as is. */
function copied(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map(copied);
  const prototype = Object.getPrototypeOf(value) as unknown;
  if (prototype !== Object.prototype && prototype !== null) return value;
  return Object.fromEntries(Object.entries(value).map(([name, member]) => [name, copied(member)]));
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

function plainString(schema: Schema, budget: Budget): string {
  const formatted = schema.format ? FORMATS[schema.format] : undefined;
  if (formatted) return made(formatted, budget);
  const length = Math.min(Math.max(schema.minLength ?? 0, 6), schema.maxLength ?? Infinity);
  // Counted before it is made: a minLength may ask for more characters than a string can hold.
  spend(budget, length + 2);
  return 'string'.padEnd(length, 'x').slice(0, length);
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

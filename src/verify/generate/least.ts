// The least value a schema accepts, made without chance: an object of its
// required properties only, an array of its fewest items, a string of its
// fewest characters, a number at its bound or 0. A case that breaks one
// property deep in a body fills what it passes on the way with these (a tree
// node's required label, say), so that the one thing it breaks is all it
// breaks. Undefined where no such value is found simply (a string whose
// pattern "x"s do not match, a schema that requires itself without end).
import { typesOf, withProperty, type Schema } from './schemas.js';

/** Deeper than this, a schema is taken to require itself without end. */
const MAX_DEPTH = 16;

export function leastValue(schema: Schema, depth = 0): unknown {
  if (depth > MAX_DEPTH) return undefined;
  if (schema.enum) return schema.enum.length > 0 ? schema.enum[0] : undefined;
  switch (typesOf(schema)[0]) {
    case 'object':
      return leastObject(schema, depth);
    case 'array': {
      const item = schema.items ? leastValue(schema.items, depth + 1) : null;
      return item === undefined ? undefined : new Array<unknown>(schema.minItems ?? 0).fill(item);
    }
    case 'string': {
      const text = 'x'.repeat(schema.minLength ?? 0);
      return !schema.pattern || new RegExp(schema.pattern, 'u').test(text) ? text : undefined;
    }
    case 'integer':
      return Math.ceil(schema.minimum ?? Math.min(0, schema.maximum ?? 0));
    case 'number':
      return schema.minimum ?? Math.min(0, schema.maximum ?? 0);
    case 'boolean':
      return false;
    case 'null':
      return null;
    default:
      return schema.nullable ? null : undefined;
  }
}

function leastObject(schema: Schema, depth: number): Record<string, unknown> | undefined {
  const value: Record<string, unknown> = {};
  for (const name of schema.required ?? []) {
    const property = schema.properties?.[name] as Schema | undefined;
    const least = property ? leastValue(property, depth + 1) : undefined;
    if (least === undefined) return undefined;
    value[name] = least;
  }
  return value;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * withProperty on a body of `schema`: each object on the way to `path` that the body lacks is first made the least
 * its schema accepts (its required properties), where one is found; otherwise an empty one, as withProperty makes.
 */
export function withPropertyIn(
  schema: Schema,
  body: unknown,
  path: string[],
  set: unknown,
  remove = false,
): Record<string, unknown> {
  let value = body;
  let node: unknown = body;
  let at: Schema | undefined = schema;
  for (const [index, name] of path.slice(0, -1).entries()) {
    at = at?.properties?.[name] as Schema | undefined;
    node = isRecord(node) ? node[name] : undefined;
    if (isRecord(node) || !at) continue;
    const least = leastValue(at);
    if (isRecord(least)) {
      value = withProperty(value, path.slice(0, index + 1), least);
      node = least;
    }
  }
  return withProperty(value, path, set, remove);
}

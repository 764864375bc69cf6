// The least value a schema accepts, made without chance: an object of its
// required properties only, an array of its fewest items, a string of its
// fewest characters, a number at its bound or 0. A case that breaks one
// property deep in a body fills what it passes on the way with these (a tree
// node's required label, say), so that the one thing it breaks is all it
// breaks. Undefined where no such value is found simply (a string whose
// pattern "x"s do not match, a schema that requires itself without end, one
// whose JSON would pass LEAST_CHARACTERS: a list of lists counts its items'
// items).
import { jsonLength } from '../../contract/limits.js';
import { patternTest } from './pattern.js';
import { typesOf, withProperty, type Schema } from './schemas.js';

/** Deeper than this, a schema is taken to require itself without end. */
const MAX_DEPTH = 16;
/** The most characters of JSON a least value may take, counted as it is made: past it, none is found simply. */
export const LEAST_CHARACTERS = 262_144;

/** Thrown once a least value would pass its bound: then none is found simply. */
class OverBudget extends Error {}

/** The characters of JSON a value may still take. */
interface Budget {
  left: number;
}

export function leastValue(schema: Schema): unknown {
  try {
    return least(schema, 0, { left: LEAST_CHARACTERS });
  } catch (error) {
    if (error instanceof OverBudget) return undefined;
    throw error;
  }
}

function spend(budget: Budget, characters: number): void {
  budget.left -= characters;
  if (!(budget.left >= 0)) throw new OverBudget();
}

/** A value made, counted. */
function made<T>(value: T, budget: Budget): T {
  spend(budget, jsonLength(value, budget.left));
  return value;
}

function least(schema: Schema, depth: number, budget: Budget): unknown {
  if (depth > MAX_DEPTH) return undefined;
  if (schema.enum) return schema.enum.length > 0 ? made(structuredClone(schema.enum[0]), budget) : undefined;
  switch (typesOf(schema)[0]) {
    case 'object':
      return leastObject(schema, depth, budget);
    case 'array': {
      const before = budget.left;
      const item = schema.items ? least(schema.items, depth + 1, budget) : made(null, budget);
      const count = schema.minItems ?? 0;
      if (item === undefined) return undefined;
      // The item's JSON and a comma for each copy, the brackets: counted before they are made.
      spend(budget, (before - budget.left + 1) * Math.max(0, count - 1) + 2);
      // Each item its own value: nothing shared that a later change to one item would change in all.
      return Array.from({ length: count }, (_, index) => (index === 0 ? item : structuredClone(item)));
    }
    case 'string': {
      const length = schema.minLength ?? 0;
      spend(budget, length + 2);
      const text = 'x'.repeat(length);
      if (!schema.pattern) return text;
      // Read by the bounded automaton: a pattern it does not read, or a text too long for it, is no match.
      const test = patternTest(schema.pattern);
      return typeof test !== 'string' && test(text) === true ? text : undefined;
    }
    case 'integer':
      return made(Math.ceil(schema.minimum ?? Math.min(0, schema.maximum ?? 0)), budget);
    case 'number':
      return made(schema.minimum ?? Math.min(0, schema.maximum ?? 0), budget);
    case 'boolean':
      return made(false, budget);
    case 'null':
      return made(null, budget);
    default:
      return schema.nullable ? made(null, budget) : undefined;
  }
}

function leastObject(schema: Schema, depth: number, budget: Budget): Record<string, unknown> | undefined {
  const value: Record<string, unknown> = {};
  spend(budget, 2);
  for (const name of schema.required ?? []) {
    const property = schema.properties?.[name] as Schema | undefined;
    spend(budget, JSON.stringify(name).length + 2);
    const found = property ? least(property, depth + 1, budget) : undefined;
    if (found === undefined) return undefined;
    value[name] = found;
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

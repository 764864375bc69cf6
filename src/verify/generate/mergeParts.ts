// allOf's parts laid into one schema by json-schema-merge-allof: types
// intersected, required lists joined, the tightest bounds kept, patterns all
// required, properties merged with what each part's additionalProperties
// allows. The library walks a schema whole, and a recursive one has no end:
// so it is handed each part one level deep, every subschema stood in for by a
// token, and the subschemas a token stands for come back as a new allOf that
// requestForm.ts merges in turn when the generators reach it. Parts that
// contradict each other (a string and an object) are CannotGenerate.
import mergeAllOf from 'json-schema-merge-allof';
import { CannotGenerate } from './cannotGenerate.js';

type Node = Record<string, unknown>;

/** The keyword of a token: the subschemas (by index) it stands for. */
const TOKEN = 'x-verify-parts';
/** Keywords whose value is a map of subschemas, one subschema, or a list of them. */
const MAPS = ['properties', 'patternProperties', 'dependentSchemas', '$defs', 'definitions'];
const ONE = ['additionalProperties', 'items', 'contains', 'propertyNames', 'not', 'if', 'then', 'else'];
const LISTS = ['oneOf', 'anyOf', 'prefixItems'];

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The parts merged; a subschema that several parts give is `{ allOf: [...] }`, merged later. */
export function mergeParts(parts: readonly Node[]): Node {
  const held: unknown[] = [];
  const stand = (schema: unknown) => (isNode(schema) ? { [TOKEN]: [held.push(schema) - 1] } : schema);
  const shallow = parts.map((part) => mapSubschemas(part, stand));
  let merged: Node;
  try {
    merged = mergeAllOf({ allOf: shallow } as never, {
      ignoreAdditionalProperties: false,
      resolvers: {
        [TOKEN]: (values: number[][]) => values.flat(),
        type: intersectTypes,
        nullable: (values: boolean[]) => values.every(Boolean),
        'x-max-depth': (values: number[]) => Math.min(...values),
        'x-max-entries': (values: number[]) => Math.min(...values),
        'x-max-json-length': (values: number[]) => Math.min(...values),
        defaultResolver: (values: unknown[]) => values[0],
      } as never,
    });
  } catch (error) {
    // The library names the keyword whose values no schema can meet at once: `path:"type"`.
    const at = /path:"([^"]*)"/.exec((error as Error).message)?.[1];
    throw new CannotGenerate(`its allOf parts contradict each other${at ? ` (their ${at})` : ''}`);
  }
  return mapSubschemas(merged, (value) => {
    if (!isNode(value) || !Array.isArray(value[TOKEN])) return value;
    const indexes = value[TOKEN] as number[];
    const rest = Object.fromEntries(Object.entries(value).filter(([key]) => key !== TOKEN));
    const schemas = indexes.map((index) => held[index]);
    if (Object.keys(rest).length > 0) schemas.push(rest);
    return schemas.length === 1 ? schemas[0] : { allOf: schemas };
  });
}

/** A copy of the schema with each of its immediate subschemas replaced by `map`'s value. */
export function mapSubschemas(schema: Node, map: (subschema: unknown) => unknown): Node {
  const copy: Node = { ...schema };
  for (const key of MAPS)
    if (isNode(copy[key]))
      copy[key] = Object.fromEntries(Object.entries(copy[key]).map(([name, value]) => [name, map(value)]));
  for (const key of ONE) if (isNode(copy[key])) copy[key] = map(copy[key]);
  for (const key of LISTS) if (Array.isArray(copy[key])) copy[key] = copy[key].map(map);
  if (Array.isArray(copy.items)) copy.items = copy.items.map(map);
  return copy;
}

/** The types every part allows: an integer is a number too. Undefined (incompatible) when none is left. */
function intersectTypes(values: (string | string[])[]): string | string[] | undefined {
  const lists = values.map((value) => [value].flat());
  const allows = (list: string[], type: string) =>
    list.includes(type) || (type === 'integer' && list.includes('number'));
  const [first = [], ...others] = lists;
  const candidates = [...first, ...(first.includes('number') ? ['integer'] : [])];
  const common = [...new Set(candidates.filter((type) => others.every((list) => allows(list, type))))];
  // Every part allows any number: `integer` adds nothing.
  const types = common.includes('number') ? common.filter((type) => type !== 'integer') : common;
  return types.length === 0 ? undefined : types.length === 1 ? types[0] : types;
}

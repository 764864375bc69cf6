// Samples for JSON Schema 2020-12's keywords (src/diff/schema/samples.ts makes the rest): lists at the places
// prefixItems names and with as many items as contains counts, objects with a property whose dependents are there or
// missing, and values of each branch of if/then/else. Candidates only: the schema's validator keeps those it accepts.
import { exampleOf } from '../pattern/inclusion.js';
import { child, isSchema, type Schema } from './schema.js';

type SamplesOf = (schema: Schema) => readonly unknown[];

export function* lists2020(schema: Schema, samplesOf: SamplesOf): Generator<unknown[]> {
  const prefix = Array.isArray(schema.prefixItems) ? schema.prefixItems.filter(isSchema) : [];
  if (prefix.length > 0) {
    const firsts = prefix.map((item) => samplesOf(item)[0] ?? null);
    yield firsts;
    yield firsts.slice(0, -1);
    for (const extra of samplesOf(child(schema, 'items') ?? {}).slice(0, 3)) yield [...firsts, extra];
    for (const [place, item] of prefix.entries())
      for (const value of samplesOf(item).slice(1, 6)) yield firsts.map((first, at) => (at === place ? value : first));
  }
  const contains = child(schema, 'contains');
  if (contains) {
    const [value] = samplesOf(contains);
    const counts = [0, 1, 2, schema.minContains, schema.maxContains].filter((c): c is number => typeof c === 'number');
    for (const count of new Set(counts.flatMap((c) => [c, c + 1])))
      if (count <= 100) yield Array.from({ length: count }, () => value);
  }
}

export function* objects2020(
  schema: Schema,
  base: Record<string, unknown>,
  samplesOf: SamplesOf,
): Generator<Record<string, unknown>> {
  // A name each pattern matches (found by the diff's automaton), with values of its schema and of other types.
  for (const [pattern, inner] of Object.entries(child(schema, 'patternProperties') ?? {})) {
    const name = exampleOf(pattern);
    if (name === undefined) continue;
    for (const value of [...samplesOf(isSchema(inner) ? inner : {}).slice(0, 6), 'text', 0, null])
      yield { ...base, [name]: value };
  }
  const dependents = child(schema, 'dependentRequired') ?? {};
  for (const [name, needs] of Object.entries(dependents)) {
    yield { ...base, [name]: 'text' };
    if (Array.isArray(needs)) yield { ...base, [name]: 'text', ...Object.fromEntries(needs.map((n) => [n, 'text'])) };
  }
  // A property whose dependent schema applies, with the values that schema's own samples give the object.
  for (const [name, dependent] of Object.entries(child(schema, 'dependentSchemas') ?? {})) {
    yield { ...base, [name]: 'text' };
    if (!isSchema(dependent)) continue;
    for (const value of samplesOf(dependent).slice(0, 24))
      if (isObject(value)) yield { ...base, ...value, [name]: base[name] ?? 'text' };
  }
  // Names the propertyNames schema's own samples give (strings of each case and a digit, at its bounds).
  const names = child(schema, 'propertyNames');
  if (names) {
    const strings = samplesOf({ type: 'string', ...names }).filter((name) => typeof name === 'string');
    for (const name of strings.slice(0, 12)) if (!(name in base)) yield { ...base, [name]: 'text' };
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The schema's if/then/else read as two schemas: with `then`, and with `else`. */
export function conditionBranches(schema: Schema): Schema[] {
  if (!isSchema(schema.if)) return [];
  const { if: condition, then, else: otherwise, ...rest } = schema;
  return [
    { ...rest, allOf: [condition, ...(isSchema(then) ? [then] : [])] },
    { ...rest, ...(isSchema(otherwise) ? { allOf: [otherwise] } : {}) },
  ];
}

// fast-check arbitraries of bodies a schema refuses: a valid body with one
// thing broken (a required property taken out, a value of the wrong type, a
// string out of its bounds or its pattern, a property the schema forbids).
// Which status the contract wants for each is the oracle's to say.
import fc from 'fast-check';
import { withPropertyIn } from './least.js';
import { patternTest } from './pattern.js';
import { MOST_CASE_CHARACTERS, propertiesOf, typesOf, type Schema } from './schemas.js';
import { text } from './text.js';

export interface Mutated {
  value: unknown;
  /** What was broken, for the report: "settings.theme longer than maxLength". */
  label: string;
}

type Mutation = fc.Arbitrary<(body: unknown) => Mutated>;
/** The body with the property at `path` set (or removed), the objects on the way made as the schema wants them. */
type Put = (body: unknown, path: string[], value: unknown, remove?: boolean) => Record<string, unknown>;

const SAMPLES: Record<string, fc.Arbitrary<unknown>> = {
  string: text({ maxLength: 8 }),
  integer: fc.integer(),
  number: fc.double({ noNaN: true, noDefaultInfinity: true }).filter((n) => !Number.isInteger(n)),
  boolean: fc.boolean(),
  array: fc.array(fc.integer(), { maxLength: 3 }),
  object: fc.dictionary(text({ minLength: 1, maxLength: 6 }), fc.integer(), { maxKeys: 2 }),
};

export function invalidArbitrary(schema: Schema, valid: fc.Arbitrary<unknown>): fc.Arbitrary<Mutated> {
  const put: Put = (body, path, value, remove) => withPropertyIn(schema, body, path, value, remove);
  const mutations: Mutation[] = [
    ...wrongTypes(schema, [], put),
    ...propertiesOf(schema).flatMap(({ path, schema: child, parent }) => [
      ...wrongTypes(child, path, put),
      ...stringBounds(child, path, put),
      ...(parent.required?.includes(path.at(-1) ?? '') ? [missing(path, put)] : []),
    ]),
  ];
  if (schema.additionalProperties === false) {
    mutations.push(
      text({ minLength: 1, maxLength: 12 })
        .filter((key) => !(key in (schema.properties ?? {})))
        .map((key) => (body: unknown) => ({
          value: { ...(body as object), [key]: true },
          label: `an unknown property ${JSON.stringify(key)}`,
        })),
    );
  }
  return fc.tuple(valid, fc.oneof(...mutations)).map(([body, mutate]) => mutate(body));
}

function missing(path: string[], put: Put): Mutation {
  return fc.constant((body: unknown) => ({
    value: put(body, path, undefined, true),
    label: `without the required ${path.join('.')}`,
  }));
}

function wrongTypes(schema: Schema, path: string[], put: Put): Mutation[] {
  const types = typesOf(schema);
  const allowed = new Set<string>([...types, ...(types.includes('number') ? ['integer'] : [])]);
  const others = Object.entries(SAMPLES).filter(([type]) => !allowed.has(type));
  const where = path.length ? path.join('.') : 'the body';
  const mutations = others.map(([type, sample]) =>
    sample.map((value) => (body: unknown) => ({
      value: path.length ? put(body, path, value) : value,
      label: `${where} of the wrong type (${type})`,
    })),
  );
  if (!schema.nullable && !types.includes('null')) {
    mutations.push(
      fc.constant((body: unknown) => ({
        value: path.length ? put(body, path, null) : null,
        label: `${where} null`,
      })),
    );
  }
  return mutations;
}

function stringBounds(schema: Schema, path: string[], put: Put): Mutation[] {
  if (!typesOf(schema).includes('string')) return [];
  const where = path.join('.');
  const mutations: Mutation[] = [];
  if (schema.maxLength !== undefined && schema.maxLength < MOST_CASE_CHARACTERS) {
    mutations.push(
      text({ minLength: schema.maxLength + 1, maxLength: schema.maxLength + 20 }).map((value) => (body: unknown) => ({
        value: put(body, path, value),
        label: `${where} longer than its maxLength ${schema.maxLength}`,
      })),
    );
  }
  const { minLength } = schema;
  if (minLength && minLength <= MOST_CASE_CHARACTERS) {
    mutations.push(
      fc.constant((body: unknown) => ({
        value: put(body, path, 'x'.repeat(minLength - 1)),
        label: `${where} shorter than its minLength ${schema.minLength}`,
      })),
    );
  }
  const breaking = schema.pattern ? patternBreakers(schema.pattern) : [];
  if (breaking.length > 0) {
    mutations.push(
      fc.constantFrom(...breaking).map((value) => (body: unknown) => ({
        value: put(body, path, value),
        label: `${where} not matching its pattern ${schema.pattern}`,
      })),
    );
  }
  return mutations;
}

/**
 * Short strings that do not match a pattern (white space for \S, and so on), as the bounded automaton reads it: none
 * for a pattern it does not read, since nothing proves a string breaks it.
 */
export function patternBreakers(source: string): string[] {
  const test = patternTest(source);
  if (typeof test === 'string') return [];
  return [' ', '\t', '  \n ', '-', '0', 'a', 'A', '.'].filter((value) => test(value) === false);
}

// fast-check arbitraries of bodies a schema refuses: a valid body with one
// thing broken (a required property taken out, a value of the wrong type, a
// string out of its bounds or its pattern, a property the schema forbids).
// Which status the contract wants for each is the oracle's to say.
import fc from 'fast-check';
import { propertiesOf, typesOf, withProperty, type Schema } from './schemas.js';
import { text } from './text.js';

export interface Mutated {
  value: unknown;
  /** What was broken, for the report: "settings.theme longer than maxLength". */
  label: string;
}

type Mutation = fc.Arbitrary<(body: unknown) => Mutated>;

const SAMPLES: Record<string, fc.Arbitrary<unknown>> = {
  string: text({ maxLength: 8 }),
  integer: fc.integer(),
  number: fc.double({ noNaN: true, noDefaultInfinity: true }).filter((n) => !Number.isInteger(n)),
  boolean: fc.boolean(),
  array: fc.array(fc.integer(), { maxLength: 3 }),
  object: fc.dictionary(text({ minLength: 1, maxLength: 6 }), fc.integer(), { maxKeys: 2 }),
};

export function invalidArbitrary(schema: Schema, valid: fc.Arbitrary<unknown>): fc.Arbitrary<Mutated> {
  const mutations: Mutation[] = [
    ...wrongTypes(schema, []),
    ...propertiesOf(schema).flatMap(({ path, schema: child, parent }) => [
      ...wrongTypes(child, path),
      ...stringBounds(child, path),
      ...(parent.required?.includes(path.at(-1) ?? '') ? [missing(path)] : []),
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

function missing(path: string[]): Mutation {
  return fc.constant((body: unknown) => ({
    value: withProperty(body, path, undefined, true),
    label: `without the required ${path.join('.')}`,
  }));
}

function wrongTypes(schema: Schema, path: string[]): Mutation[] {
  const types = typesOf(schema);
  const allowed = new Set<string>([...types, ...(types.includes('number') ? ['integer'] : [])]);
  const others = Object.entries(SAMPLES).filter(([type]) => !allowed.has(type));
  const where = path.length ? path.join('.') : 'the body';
  const mutations = others.map(([type, sample]) =>
    sample.map((value) => (body: unknown) => ({
      value: path.length ? withProperty(body, path, value) : value,
      label: `${where} of the wrong type (${type})`,
    })),
  );
  if (!schema.nullable && !types.includes('null')) {
    mutations.push(
      fc.constant((body: unknown) => ({
        value: path.length ? withProperty(body, path, null) : null,
        label: `${where} null`,
      })),
    );
  }
  return mutations;
}

function stringBounds(schema: Schema, path: string[]): Mutation[] {
  if (!typesOf(schema).includes('string')) return [];
  const where = path.join('.');
  const mutations: Mutation[] = [];
  if (schema.maxLength !== undefined) {
    mutations.push(
      text({ minLength: schema.maxLength + 1, maxLength: schema.maxLength + 20 }).map((value) => (body: unknown) => ({
        value: withProperty(body, path, value),
        label: `${where} longer than its maxLength ${schema.maxLength}`,
      })),
    );
  }
  const { minLength } = schema;
  if (minLength) {
    mutations.push(
      fc.constant((body: unknown) => ({
        value: withProperty(body, path, 'x'.repeat(minLength - 1)),
        label: `${where} shorter than its minLength ${schema.minLength}`,
      })),
    );
  }
  const breaking = schema.pattern ? patternBreakers(schema.pattern) : [];
  if (breaking.length > 0) {
    mutations.push(
      fc.constantFrom(...breaking).map((value) => (body: unknown) => ({
        value: withProperty(body, path, value),
        label: `${where} not matching its pattern ${schema.pattern}`,
      })),
    );
  }
  return mutations;
}

/** Short strings that do not match a pattern (white space for \S, and so on). */
export function patternBreakers(source: string): string[] {
  const pattern = new RegExp(source, 'u');
  return [' ', '\t', '  \n ', '-', '0', 'a', 'A', '.'].filter((value) => !pattern.test(value));
}

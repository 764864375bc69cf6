// Values a schema may let through, chosen where two schemas tend to differ: at its bounds, one per type, enum value
// and branch, with and without each optional property, with an extra property. They are candidates only: the
// relation keeps those the schema's own validator accepts (src/diff/schema/relation.ts).
import { branches, child, declaredTypes, propertiesOf, requiredOf, type Schema } from './schema.js';

/** Enough to find a difference at each node, few enough that a whole contract is compared in well under a second. */
const MAX_SAMPLES = 200;

const FORMAT_SAMPLES: Record<string, string[]> = {
  'date-time': ['2026-01-02T03:04:05Z', '2026-01-02T03:04:05.123+01:00'],
  date: ['2026-01-02'],
  time: ['03:04:05Z'],
  uuid: ['3f0b8c52-7d1e-4a9b-9c2f-5e6d7a8b9c01'],
  email: ['someone@example.com'],
  uri: ['https://example.com/a'],
  hostname: ['example.com'],
  ipv4: ['192.0.2.1'],
  ipv6: ['2001:db8::1'],
  byte: ['YWJj'],
};

const OTHER_VALUES: unknown[] = ['text', 0, 1.5, true, null, [], {}];

export function samples(schema: Schema, depth = 0): unknown[] {
  const found = new Set<string>();
  const out: unknown[] = [];
  const add = (value: unknown) => {
    const key = JSON.stringify(value);
    if (key === undefined || found.has(key) || out.length >= MAX_SAMPLES) return;
    found.add(key);
    out.push(value);
  };
  for (const value of given(schema)) add(value);
  if (depth > 6) return out;
  const unions = [...branches(schema, 'anyOf'), ...branches(schema, 'oneOf')];
  for (const branch of unions)
    for (const value of samples({ ...withoutUnions(schema), ...branch }, depth + 1)) add(value);
  const conjuncts = branches(schema, 'allOf');
  if (conjuncts.length > 0) for (const value of samples(merged(schema, conjuncts), depth + 1)) add(value);
  if (Array.isArray(schema.enum)) for (const value of schema.enum) add(value);
  if ('const' in schema) add(schema.const);
  if (schema.nullable === true) add(null);
  for (const type of typesOf(schema)) for (const value of ofType(schema, type, depth)) add(value);
  return out;
}

/** What the schema itself offers: its example, default and enum. */
function given(schema: Schema): unknown[] {
  return [schema.example, schema.default].filter((value) => value !== undefined);
}

function withoutUnions(schema: Schema): Schema {
  const { anyOf: _anyOf, oneOf: _oneOf, ...rest } = schema;
  return rest;
}

/** allOf's conjuncts laid over the schema: enough to make samples from (the validator has the last word). */
function merged(schema: Schema, conjuncts: Schema[]): Schema {
  const { allOf: _allOf, ...result } = schema;
  for (const conjunct of conjuncts) {
    for (const [keyword, value] of Object.entries(conjunct)) {
      if (keyword === 'properties') result.properties = { ...propertiesOf(result), ...propertiesOf(conjunct) };
      else if (keyword === 'required') result.required = [...requiredOf(result), ...requiredOf(conjunct)];
      else result[keyword] = value;
    }
  }
  return result;
}

function typesOf(schema: Schema): string[] {
  const declared = declaredTypes(schema);
  if (declared.length > 0) return declared;
  if (propertiesOf(schema) && Object.keys(propertiesOf(schema)).length > 0) return ['object'];
  if (child(schema, 'items')) return ['array'];
  // No type: anything goes, so try one of each.
  return ['string', 'integer', 'number', 'boolean', 'object', 'array'];
}

function ofType(schema: Schema, type: string, depth: number): unknown[] {
  switch (type) {
    case 'string':
      return strings(schema);
    case 'integer':
    case 'number':
      return numbers(schema, type === 'integer');
    case 'boolean':
      return [true, false];
    case 'null':
      return [null];
    case 'array':
      return arrays(schema, depth);
    case 'object':
      return objects(schema, depth);
    default:
      return [];
  }
}

function strings(schema: Schema): string[] {
  const format = typeof schema.format === 'string' ? FORMAT_SAMPLES[schema.format] : undefined;
  if (format) return format;
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : Math.max(min, 8) + 300;
  const lengths = new Set([min, Math.min(min + 1, max), max, Math.max(min, Math.min(max, 8))]);
  // Letters of both cases and a digit: a pattern added or changed refuses some of them.
  return [...lengths].flatMap((length) => ['a', 'A', '1'].map((letter) => letter.repeat(length)));
}

function numbers(schema: Schema, integer: boolean): number[] {
  const values = new Set<number>([0, 1, -1, 1e9, -1e9]);
  if (!integer) values.add(0.5);
  for (const keyword of ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum']) {
    const bound = schema[keyword];
    if (typeof bound === 'number') for (const delta of [-1, 0, 1]) values.add(bound + delta);
  }
  if (typeof schema.multipleOf === 'number') values.add(schema.multipleOf);
  return [...values];
}

function arrays(schema: Schema, depth: number): unknown[][] {
  const items = child(schema, 'items') ?? {};
  const itemSamples = samples(items, depth + 1);
  const min = typeof schema.minItems === 'number' ? schema.minItems : 0;
  const max = typeof schema.maxItems === 'number' ? schema.maxItems : Math.max(min, 3);
  const first = itemSamples[0];
  const out: unknown[][] = [[]];
  for (const value of itemSamples) out.push(Array.from({ length: Math.max(1, min) }, () => value));
  if (first !== undefined) for (const length of [min, max, max + 1]) out.push(Array.from({ length }, () => first));
  return out;
}

function objects(schema: Schema, depth: number): Record<string, unknown>[] {
  const properties = propertiesOf(schema);
  const required = requiredOf(schema);
  const base: Record<string, unknown> = {};
  for (const name of required) {
    const [first] = properties[name] ? samples(properties[name], depth + 1) : ['text'];
    base[name] = first;
  }
  const out: Record<string, unknown>[] = [base];
  for (const [name, property] of Object.entries(properties)) {
    // Values of other types too: a schema that names the property where the other let anything in refuses some.
    const values = [...samples(property, depth + 1).slice(0, 12), ...OTHER_VALUES];
    for (const value of values) out.push({ ...base, [name]: value });
    if (required.includes(name)) {
      const { [name]: _dropped, ...without } = base;
      out.push(without);
    }
  }
  // A property the schema does not name: let in unless additionalProperties says otherwise.
  const extra = child(schema, 'additionalProperties');
  for (const value of extra ? samples(extra, depth + 1).slice(0, 6) : OTHER_VALUES) out.push({ ...base, extra: value });
  return [...sizeLimited(schema, base), ...out];
}

/** Objects at this contract's own size limits (x-max-depth, x-max-entries, x-max-json-length) and one past them. */
function sizeLimited(schema: Schema, base: Record<string, unknown>): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  const limit = (keyword: string) =>
    typeof schema[keyword] === 'number' ? Math.min(schema[keyword], 10_000) : undefined;
  const depth = limit('x-max-depth');
  if (depth !== undefined) {
    for (const levels of [depth, depth + 1]) {
      let nested: unknown = 1;
      for (let level = 1; level < levels; level++) nested = { a: nested };
      out.push({ ...base, nested });
    }
  }
  const entries = limit('x-max-entries');
  if (entries !== undefined) {
    for (const count of [entries, entries + 1])
      out.push({ ...base, ...Object.fromEntries(Array.from({ length: count }, (_, i) => [`k${i}`, i])) });
  }
  const length = limit('x-max-json-length');
  if (length !== undefined) {
    for (const target of [length, length + 1]) {
      const padding = Math.max(0, target - JSON.stringify({ ...base, s: '' }).length);
      out.push({ ...base, s: 'a'.repeat(padding) });
    }
  }
  return out;
}

// Values a schema may let through, chosen where two schemas tend to differ: at its bounds, one per type, enum value
// and branch, with and without each optional property, with an extra property. They are candidates only: the
// relation keeps those the schema's own validator accepts (src/diff/schema/relation.ts). Each schema's samples are
// made once per diff (kept by shape and depth), lazily, and no more than MAX_SAMPLES of them: alternatives nested
// three deep once made n^3 candidates to keep 200.
import { conditionBranches, lists2020, objects2020 } from './samples2020.js';
import { branches, child, declaredTypes, propertiesOf, requiredOf, type Schema } from './schema.js';
import type { Work } from './work.js';

/** Enough to find a difference at each node, few enough that a whole contract is compared in well under a second. */
const MAX_SAMPLES = 200;
/** The longest string or array, and the deepest or widest object, a sample is: a bound past it is not sampled. */
const MAX_SAMPLE_SIZE = 10_000;
const MAX_SAMPLE_DEPTH = 64;

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

export function samples(schema: Schema, work: Work, depth = 0): readonly unknown[] {
  const key = `${work.shape(schema)}@${depth}`;
  const known = work.samples.get(key);
  if (known) return known;
  const found = new Set<string>();
  const out: unknown[] = [];
  for (const value of candidates(schema, work, depth)) {
    const text = JSON.stringify(value);
    // A step for each candidate, and one for each 64 characters of it.
    work.spend(1 + (text?.length ?? 0) / 64);
    if (text === undefined || found.has(text)) continue;
    found.add(text);
    out.push(value);
    if (out.length >= MAX_SAMPLES) break;
  }
  work.samples.set(key, out);
  return out;
}

function* candidates(schema: Schema, work: Work, depth: number): Generator<unknown> {
  yield* given(schema);
  if (depth > 6) return;
  const unions = [...branches(schema, 'anyOf'), ...branches(schema, 'oneOf')];
  for (const branch of unions) yield* samples({ ...withoutUnions(schema), ...branch }, work, depth + 1);
  for (const branch of conditionBranches(schema)) yield* samples(branch, work, depth + 1);
  const conjuncts = branches(schema, 'allOf');
  if (conjuncts.length > 0) yield* samples(merged(schema, conjuncts), work, depth + 1);
  if (Array.isArray(schema.enum)) yield* schema.enum;
  if ('const' in schema) yield schema.const;
  if (schema.nullable === true) yield null;
  for (const type of typesOf(schema)) yield* ofType(schema, type, work, depth);
}

/** What the schema itself offers: its example and default. */
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
  if (child(schema, 'items') || Array.isArray(schema.prefixItems) || child(schema, 'contains')) return ['array'];
  // No type: anything goes, so try one of each.
  return ['string', 'integer', 'number', 'boolean', 'object', 'array'];
}

function* ofType(schema: Schema, type: string, work: Work, depth: number): Generator<unknown> {
  switch (type) {
    case 'string':
      return yield* strings(schema);
    case 'integer':
    case 'number':
      return yield* numbers(schema, type === 'integer');
    case 'boolean':
      return yield* [true, false];
    case 'null':
      return yield null;
    case 'array':
      return yield* arrays(schema, work, depth);
    case 'object':
      return yield* objects(schema, work, depth);
  }
}

/** A schema's bound, within what a sample may be. */
const bound = (schema: Schema, keyword: string, otherwise: number, most = MAX_SAMPLE_SIZE): number =>
  Math.min(typeof schema[keyword] === 'number' ? Math.max(0, schema[keyword]) : otherwise, most);

function* strings(schema: Schema): Generator<string> {
  const format = typeof schema.format === 'string' ? FORMAT_SAMPLES[schema.format] : undefined;
  if (format) return yield* format;
  const min = bound(schema, 'minLength', 0);
  const max = bound(schema, 'maxLength', Math.max(min, 8) + 300);
  // Just below the minimum too: a candidate a narrower or conditional schema may let through.
  const lengths = new Set([Math.max(0, min - 1), min, Math.min(min + 1, max), max, Math.max(min, Math.min(max, 8))]);
  // Letters of both cases and a digit: a pattern added or changed refuses some of them.
  for (const length of lengths) for (const letter of ['a', 'A', '1']) yield letter.repeat(length);
}

function* numbers(schema: Schema, integer: boolean): Generator<number> {
  yield* [0, 1, -1, 1e9, -1e9];
  if (!integer) yield 0.5;
  for (const keyword of ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum']) {
    const limit = schema[keyword];
    if (typeof limit === 'number') for (const delta of [-1, 0, 1]) yield limit + delta;
  }
  if (typeof schema.multipleOf === 'number') yield schema.multipleOf;
}

function* arrays(schema: Schema, work: Work, depth: number): Generator<unknown[]> {
  const itemSamples = samples(child(schema, 'items') ?? {}, work, depth + 1);
  const min = bound(schema, 'minItems', 0);
  const max = bound(schema, 'maxItems', Math.max(min, 3));
  const first = itemSamples[0];
  yield [];
  yield* lists2020(schema, (inner) => samples(inner, work, depth + 1));
  for (const value of itemSamples) yield Array.from({ length: Math.max(1, min) }, () => value);
  if (first !== undefined) for (const length of [min, max, max + 1]) yield Array.from({ length }, () => first);
}

function* objects(schema: Schema, work: Work, depth: number): Generator<Record<string, unknown>> {
  const properties = propertiesOf(schema);
  const required = requiredOf(schema);
  const base: Record<string, unknown> = {};
  for (const name of required) {
    const [first] = properties[name] ? samples(properties[name], work, depth + 1) : ['text'];
    base[name] = first;
  }
  yield* sizeLimited(schema, base);
  yield base;
  yield* objects2020(schema, base, (inner) => samples(inner, work, depth + 1));
  for (const [name, property] of Object.entries(properties)) {
    // Values of other types too: a schema that names the property where the other let anything in refuses some.
    const values = [...samples(property, work, depth + 1).slice(0, 12), ...OTHER_VALUES];
    for (const value of values) yield { ...base, [name]: value };
    if (required.includes(name)) {
      const { [name]: _dropped, ...without } = base;
      yield without;
    }
  }
  // A property the schema does not name: let in unless additionalProperties says otherwise.
  const extra = child(schema, 'additionalProperties');
  for (const value of extra ? samples(extra, work, depth + 1).slice(0, 6) : OTHER_VALUES)
    yield { ...base, extra: value };
}

/** Objects at this contract's own size limits (x-max-depth, x-max-entries, x-max-json-length) and one past them. */
function* sizeLimited(schema: Schema, base: Record<string, unknown>): Generator<Record<string, unknown>> {
  const limit = (keyword: string, most = MAX_SAMPLE_SIZE) =>
    typeof schema[keyword] === 'number' ? bound(schema, keyword, 0, most) : undefined;
  // Deeper than this, the sample would be deeper than JSON.stringify goes.
  const depth = limit('x-max-depth', MAX_SAMPLE_DEPTH);
  if (depth !== undefined) {
    for (const levels of [depth, depth + 1]) {
      let nested: unknown = 1;
      for (let level = 1; level < levels; level++) nested = { a: nested };
      yield { ...base, nested };
    }
  }
  const entries = limit('x-max-entries');
  if (entries !== undefined) {
    for (const count of [entries, entries + 1])
      yield { ...base, ...Object.fromEntries(Array.from({ length: count }, (_, i) => [`k${i}`, i])) };
  }
  const length = limit('x-max-json-length');
  if (length !== undefined) {
    for (const target of [length, length + 1]) {
      const padding = Math.max(0, target - JSON.stringify({ ...base, s: '' }).length);
      yield { ...base, s: 'a'.repeat(padding) };
    }
  }
}

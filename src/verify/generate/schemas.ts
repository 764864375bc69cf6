// The request schemas `verify` generates from, read from the contract, and the
// few JSON Schema keywords it understands. A keyword it does not know stops the
// run with its location, so the contract cannot outgrow the generators quietly.
// A recursive schema (a tree) is walked once per subschema, and each path
// through it stops where a schema would contain itself again.
import type { OpenAPIV3 } from 'openapi-types';
import { operationObject, type Contract } from '../../contract/contract.js';
import type { ContractOperation } from '../../contract/router.js';
import { dialectOf } from '../../contract/dialect.js';
import { as30 } from './jsonSchema.js';

/** A JSON type a schema names: 3.0's, and 3.1's "null" (in a list of types, where it is not read as `nullable`). */
export type SchemaType = OpenAPIV3.NonArraySchemaObjectType | OpenAPIV3.ArraySchemaObjectType | 'null';

export type Schema = OpenAPIV3.BaseSchemaObject & {
  /** One type, or (3.1, 3.2) a list of them. */
  type?: SchemaType | SchemaType[];
  items?: Schema;
  'x-max-depth'?: number;
  'x-max-entries'?: number;
  'x-max-json-length'?: number;
};

/**
 * The largest case verify builds from a number the contract gives (a body at its size limit, a string one past its
 * maxLength): a case past it is not made, so that a contract cannot make verify allocate without end.
 */
export const MOST_CASE_CHARACTERS = 16 * 1024 * 1024;

const UNDERSTOOD = new Set([
  'type',
  'nullable',
  'properties',
  'required',
  'additionalProperties',
  'minLength',
  'maxLength',
  'pattern',
  'minimum',
  'maximum',
  'items',
  'minItems',
  'maxItems',
  'enum',
  'x-max-depth',
  'x-max-entries',
  'x-max-json-length',
  'description',
  'example',
  'default',
  'title',
  'format',
]);

/** The JSON request body schema of an operation (dereferenced); undefined when it takes none. */
export function requestSchema(contract: Contract, operation: ContractOperation): Schema | undefined {
  const body = operationObject(contract, operation).requestBody as OpenAPIV3.RequestBodyObject | undefined;
  const written = body?.content['application/json']?.schema as Schema | undefined;
  if (!written) return undefined;
  // A 3.0 schema is read as written; a 3.1 or 3.2 one in its 3.0 form, where it has one.
  const schema = dialectOf(contract.document) === 'openapi-3.0' ? written : as30(written);
  assertUnderstood(schema, `${operation.pointer}/requestBody`);
  return schema;
}

/** The request examples of an operation, by name. */
export function requestExamples(contract: Contract, operation: ContractOperation): [string, unknown][] {
  const body = operationObject(contract, operation).requestBody as OpenAPIV3.RequestBodyObject | undefined;
  const media = body?.content['application/json'];
  const named = Object.entries(media?.examples ?? {}).map(
    ([name, example]) => [name, (example as OpenAPIV3.ExampleObject).value] as [string, unknown],
  );
  return media?.example !== undefined ? [['example', media.example], ...named] : named;
}

/** The types a schema names, as a list (empty when it names none). */
export function typesOf(schema: Schema): SchemaType[] {
  return schema.type === undefined ? [] : [schema.type].flat();
}

/** Every subschema is checked once: a recursive one is not walked round its cycle. */
function assertUnderstood(schema: Schema, at: string, seen = new Set<Schema>()): void {
  if (seen.has(schema)) return;
  seen.add(schema);
  for (const keyword of Object.keys(schema)) {
    if (!UNDERSTOOD.has(keyword))
      throw new Error(`verify cannot generate requests for ${at}: the keyword "${keyword}" is not supported`);
  }
  for (const [name, child] of Object.entries(schema.properties ?? {}))
    assertUnderstood(child as Schema, `${at}/properties/${name}`, seen);
  if (typeof schema.additionalProperties === 'object')
    assertUnderstood(schema.additionalProperties as Schema, `${at}/additionalProperties`, seen);
  if (typesOf(schema).includes('array') && schema.items) assertUnderstood(schema.items, `${at}/items`, seen);
}

/**
 * Every property schema below an object schema, with its path of property names. A property whose schema is one of
 * the objects it sits in (a recursive schema) is listed, and not walked into again.
 */
export function propertiesOf(
  schema: Schema,
  path: string[] = [],
  within: readonly Schema[] = [schema],
): { path: string[]; schema: Schema; parent: Schema }[] {
  return Object.entries(schema.properties ?? {}).flatMap(([name, written]) => {
    const child = written as Schema;
    const here = [...path, name];
    const below = within.includes(child) ? [] : propertiesOf(child, here, [...within, child]);
    return [{ path: here, schema: child, parent: schema }, ...below];
  });
}

/** A copy of `value` with the property at `path` set (or, with `remove`, deleted); objects on the way are made. */
export function withProperty(value: unknown, path: string[], set: unknown, remove = false): Record<string, unknown> {
  const copy = structuredClone((value ?? {}) as Record<string, unknown>);
  let node = copy;
  for (const name of path.slice(0, -1)) {
    if (typeof node[name] !== 'object' || node[name] === null) node[name] = {};
    node = node[name] as Record<string, unknown>;
  }
  const last = path.at(-1) ?? '';
  if (remove) delete node[last];
  else node[last] = set;
  return copy;
}

// The request schemas `verify` generates from (requestBody.ts reads them in the
// form the generators read), their examples, and what the generators share
// about them.
// A recursive schema (a tree) is walked once per subschema, and each path
// through it stops where a schema would contain itself again.
import type { OpenAPIV3 } from 'openapi-types';
import { operationObject, type Contract } from '../../contract/contract.js';
import type { ContractOperation } from '../../contract/router.js';

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

/** The request examples of an operation, by name. */
export function requestExamples(
  contract: Contract,
  operation: ContractOperation,
  mediaType = 'application/json',
): [string, unknown][] {
  const body = operationObject(contract, operation).requestBody as OpenAPIV3.RequestBodyObject | undefined;
  const media = body?.content[mediaType];
  const named = Object.entries(media?.examples ?? {}).map(
    ([name, example]) => [name, (example as OpenAPIV3.ExampleObject).value] as [string, unknown],
  );
  return media?.example !== undefined ? [['example', media.example], ...named] : named;
}

/** The types a schema names, as a list (empty when it names none). */
export function typesOf(schema: Schema): SchemaType[] {
  return schema.type === undefined ? [] : [schema.type].flat();
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

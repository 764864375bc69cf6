// What the inference of resources (resources.ts) reads from a schema of the
// dereferenced document: an object's properties, allOf's parts laid together;
// the JSON media type of a body; and where a record or a list of records sits
// in an answer (at its root, or under one property of an envelope: `data`).
import type { OpenAPIV3 } from 'openapi-types';

export type Schema = OpenAPIV3.SchemaObject;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** application/json, or any type with the +json suffix (RFC 6839): merge-patch, json-patch, problem… */
export function isJsonMediaName(name: string): boolean {
  const type = name.split(';')[0]?.trim().toLowerCase() ?? '';
  return type === 'application/json' || /^[a-z0-9!#$&^_.-]+\/[a-z0-9!#$&^_.+-]+\+json$/.test(type);
}

/** The schema of the first JSON media type of a body's content. */
export function jsonSchemaOf(content: Record<string, OpenAPIV3.MediaTypeObject> | undefined): Schema | undefined {
  const name = Object.keys(content ?? {}).find(isJsonMediaName);
  const schema = name === undefined ? undefined : content?.[name]?.schema;
  return isObject(schema) ? schema : undefined;
}

/** An object's properties, with those of its allOf parts (nested ones too, a few levels). */
export function propertiesOf(schema: Schema | undefined, depth = 0): Record<string, Schema> {
  if (!schema || depth > 8) return {};
  const own = isObject(schema.properties) ? (schema.properties as Record<string, Schema>) : {};
  const parts = (schema.allOf ?? []).map((part) => propertiesOf(part as Schema, depth + 1));
  return Object.assign({}, ...parts, own) as Record<string, Schema>;
}

/** The required properties of an object, with those of its allOf parts. */
export function requiredOf(schema: Schema | undefined, depth = 0): string[] {
  if (!schema || depth > 8) return [];
  const parts = (schema.allOf ?? []).flatMap((part) => requiredOf(part as Schema, depth + 1));
  return [...new Set([...parts, ...(schema.required ?? [])])];
}

/** The first type a schema names (3.1 lists them). */
export function typeOf(schema: Schema | undefined): string | undefined {
  const { type } = (schema ?? {}) as { type?: unknown };
  if (Array.isArray(type)) return type.find((name) => name !== 'null') as string | undefined;
  if (typeof type === 'string') return type;
  return schema && (isObject(schema.properties) || schema.allOf) ? 'object' : undefined;
}

/** Where a record sits in an answer: the path to it ([] for the root), and its schema. */
export interface Placed {
  envelope: string[];
  schema: Schema;
}

/** A record (an object with the property `id`) at the root of an answer, or under one of its properties. */
export function findRecord(answer: Schema | undefined, id: (schema: Schema) => boolean): Placed | undefined {
  if (typeOf(answer) !== 'object' || !answer) return undefined;
  if (id(answer)) return { envelope: [], schema: answer };
  for (const [name, inner] of Object.entries(propertiesOf(answer))) {
    if (typeOf(inner) === 'object' && id(inner)) return { envelope: [name], schema: inner };
  }
  return undefined;
}

/** A list of records at the root of an answer, or under one of its properties: the path to it, and its items. */
export function findList(answer: Schema | undefined): Placed | undefined {
  const itemsOf = (schema: Schema) => (schema as OpenAPIV3.ArraySchemaObject).items as Schema | undefined;
  if (typeOf(answer) === 'array' && answer) {
    const items = itemsOf(answer);
    return typeOf(items) === 'object' && items ? { envelope: [], schema: items } : undefined;
  }
  if (typeOf(answer) !== 'object') return undefined;
  for (const [name, inner] of Object.entries(propertiesOf(answer))) {
    const items = typeOf(inner) === 'array' ? itemsOf(inner) : undefined;
    if (items && typeOf(items) === 'object') return { envelope: [name], schema: items };
  }
  return undefined;
}

/** The lowest 2xx status an operation documents, with the JSON schema of its answer (none for a bodiless one). */
export function successOf(operation: OpenAPIV3.OperationObject): { status: number; schema?: Schema } | undefined {
  const statuses = Object.keys(operation.responses ?? {})
    .filter((key) => /^2\d\d$/.test(key))
    .map(Number)
    .sort((a, b) => a - b);
  const status = statuses[0];
  if (status === undefined) return undefined;
  const response = operation.responses[String(status)] as OpenAPIV3.ResponseObject;
  return { status, schema: jsonSchemaOf(response.content) };
}

// The built-in contract written in another version of OpenAPI, faithfully: the same API, as a team migrating to 3.1
// would write it (OpenAPI 3.1.0 §4.8.24 and JSON Schema 2020-12): `nullable: true` becomes a type list with "null",
// a Schema Object's `example` becomes `examples: [value]`, a boolean exclusive bound becomes the bound itself.
import type { OpenApiDocument } from '../../src/contract/contract.js';

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The Schema Object as JSON Schema 2020-12 writes it, its subschemas too. */
function schema31(written: unknown): unknown {
  if (!isNode(written) || typeof written.$ref === 'string') return written;
  const schema: Node = {};
  for (const [key, value] of Object.entries(written)) {
    if (['properties', 'patternProperties', '$defs'].includes(key) && isNode(value))
      schema[key] = Object.fromEntries(Object.entries(value).map(([name, inner]) => [name, schema31(inner)]));
    else if (['allOf', 'anyOf', 'oneOf', 'prefixItems'].includes(key) && Array.isArray(value))
      schema[key] = value.map(schema31);
    else if (['items', 'not', 'additionalProperties', 'contains'].includes(key)) schema[key] = schema31(value);
    else if (key !== 'nullable' && key !== 'example') schema[key] = value;
  }
  if (written.nullable === true) {
    const { type } = written;
    schema.type = type === undefined ? undefined : [...(Array.isArray(type) ? type : [type]), 'null'];
    if (Array.isArray(written.enum) && !written.enum.includes(null)) schema.enum = [...written.enum, null];
  }
  if (written.example !== undefined) schema.examples = [written.example];
  for (const bound of ['Minimum', 'Maximum'] as const) {
    const exclusive = written[`exclusive${bound}`];
    const limit = written[bound.toLowerCase()];
    if (typeof exclusive === 'boolean') {
      delete schema[`exclusive${bound}`];
      if (exclusive) {
        schema[`exclusive${bound}`] = limit;
        delete schema[bound.toLowerCase()];
      }
    }
  }
  return schema;
}

/** Every `schema` member (parameters, media types, headers) and every component schema, rewritten. */
function rewrite(value: unknown, key = ''): unknown {
  if (Array.isArray(value)) return value.map((inner) => rewrite(inner));
  if (!isNode(value)) return value;
  if (key === 'schema') return schema31(value);
  if (key === 'schemas')
    return Object.fromEntries(Object.entries(value).map(([name, inner]) => [name, schema31(inner)]));
  return Object.fromEntries(Object.entries(value).map(([name, inner]) => [name, rewrite(inner, name)]));
}

/** The document as OpenAPI 3.1.0 writes it. */
export function as31(document: OpenApiDocument): OpenApiDocument {
  return { ...(rewrite(structuredClone(document)) as OpenApiDocument), openapi: '3.1.0' };
}

/** The document as OpenAPI 3.2.0 writes it: for this contract, the 3.1 rendition under 3.2's version (3.2 adds to
 * 3.1 and takes nothing of it away). */
export function as32(document: OpenApiDocument): OpenApiDocument {
  return { ...as31(document), openapi: '3.2.0' };
}

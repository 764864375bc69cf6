// OpenAPI 3.0 documents rendered as OpenAPI 3.1 writes the same contract (the 3.1 specification's "upgrading"
// notes): `nullable` as a type list, a schema's `example` as `examples`, boolean exclusive bounds as numbers. The
// rendition says the same as its source, so the diff must find no breaking change between them.
import type { Doc } from '../corpus/corpus.js';

/** The schema, and each one inside it, as 3.1 writes it. */
export function schema31(schema: Doc): Doc {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema) || typeof schema.$ref === 'string')
    return schema;
  const out: Doc = {};
  for (const [keyword, value] of Object.entries(schema)) {
    if (keyword === 'properties' || keyword === 'patternProperties')
      out[keyword] = Object.fromEntries(Object.entries(value as Doc).map(([name, inner]) => [name, schema31(inner)]));
    else if (['allOf', 'anyOf', 'oneOf', 'prefixItems'].includes(keyword))
      out[keyword] = (value as Doc[]).map(schema31);
    else if (['items', 'additionalProperties', 'not'].includes(keyword)) out[keyword] = schema31(value);
    else if (keyword === 'example') out.examples = [value];
    else if (keyword !== 'nullable') out[keyword] = value;
  }
  if (schema.nullable === true && typeof schema.type === 'string') {
    out.type = [schema.type, 'null'];
    if (Array.isArray(schema.enum) && !schema.enum.includes(null)) out.enum = [...schema.enum, null];
  }
  for (const [bound, exclusive] of [
    ['minimum', 'exclusiveMinimum'],
    ['maximum', 'exclusiveMaximum'],
  ] as const) {
    if (schema[exclusive] === true) {
      out[exclusive] = schema[bound];
      delete out[bound];
    } else if (schema[exclusive] === false) delete out[exclusive];
  }
  return out;
}

/** The whole document as 3.1 writes it: every schema, wherever it is (components, parameters, bodies, headers). */
export function document31(doc: Doc, version = '3.1.0'): Doc {
  const walk = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(walk);
    if (typeof value !== 'object' || value === null) return value;
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [key, key === 'schema' ? schema31(inner as Doc) : walk(inner)]),
    );
  };
  const result = walk(doc) as Doc;
  result.openapi = version;
  const schemas = result.components?.schemas as Doc | undefined;
  if (schemas) for (const name of Object.keys(schemas)) schemas[name] = schema31(schemas[name]);
  return result;
}

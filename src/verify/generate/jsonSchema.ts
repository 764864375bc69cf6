// A request schema of an OpenAPI 3.1 or 3.2 contract (JSON Schema 2020-12) in
// the 3.0 form the generators read: a type list of one type and "null" is
// `nullable`, `examples` gives its first as `example`. What has no 3.0 form (two
// types besides null, say) is left as written, for schemas.ts to refuse by name.
type Written = Record<string, unknown>;

const isObject = (value: unknown): value is Written =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The schema with every subschema the generators walk (properties, additionalProperties, items) rewritten. */
export function as30<T extends object>(written: T): T {
  const schema: Written = { ...(written as Written) };
  const { type, examples } = schema;
  if (Array.isArray(type)) {
    const types = type.filter((name) => name !== 'null');
    if (types.length === 1) {
      schema.type = types[0];
      if (types.length < type.length) schema.nullable = true;
    }
  }
  if (Array.isArray(examples)) {
    delete schema.examples;
    if (examples.length > 0 && schema.example === undefined) schema.example = examples[0];
  }
  if (isObject(schema.properties))
    schema.properties = Object.fromEntries(
      Object.entries(schema.properties).map(([name, child]) => [name, isObject(child) ? as30(child) : child]),
    );
  for (const key of ['additionalProperties', 'items']) if (isObject(schema[key])) schema[key] = as30(schema[key]);
  return schema as T;
}

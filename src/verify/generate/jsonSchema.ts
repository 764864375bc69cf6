// A request schema of an OpenAPI 3.1 or 3.2 contract (JSON Schema 2020-12) in
// the 3.0 form the generators read: "null" in a type list is `nullable` (one
// type left is the type, several stay a list the generators draw from),
// `examples` gives its first as `example`, `const` is an enum of one. A
// keyword with no 3.0 form is left as written (requestForm.ts reads the rest).
// A recursive schema (a tree) stays recursive: each subschema is rewritten
// once, and a reference back to it is a reference to its rewritten form.
export type Written = Record<string, unknown>;

const isObject = (value: unknown): value is Written =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The schema with every subschema the generators walk (properties, additionalProperties, items) rewritten. */
export function as30<T extends object>(written: T, done = new Map<object, Written>()): T {
  const known = done.get(written);
  if (known) return known as T;
  const schema = nodeAs30(written as Written);
  done.set(written, schema);
  if (isObject(schema.properties))
    schema.properties = Object.fromEntries(
      Object.entries(schema.properties).map(([name, child]) => [name, isObject(child) ? as30(child, done) : child]),
    );
  for (const key of ['additionalProperties', 'items']) if (isObject(schema[key])) schema[key] = as30(schema[key], done);
  return schema as T;
}

/** One schema's own keywords in their 3.0 form (a copy); its subschemas as they are. */
export function nodeAs30(written: Written): Written {
  const schema: Written = { ...written };
  const { type, examples } = schema;
  if (Array.isArray(type) && type.includes('null') && type.length > 1) {
    const types = type.filter((name) => name !== 'null');
    schema.type = types.length === 1 ? types[0] : types;
    schema.nullable = true;
  }
  if (Array.isArray(type) && type.length === 1) schema.type = type[0];
  if (Array.isArray(examples)) {
    delete schema.examples;
    if (examples.length > 0 && schema.example === undefined) schema.example = examples[0];
  }
  if ('const' in schema && schema.enum === undefined) {
    schema.enum = [schema.const];
    delete schema.const;
  }
  return schema;
}

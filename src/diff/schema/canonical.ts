// One schema node in one form, whichever OpenAPI wrote it: 3.0 writes null as `nullable: true` and an exclusive bound
// as a boolean beside the bound; 3.1 (JSON Schema 2020-12) writes `type: [T, "null"]` and the bound itself in
// exclusiveMinimum. The diff reads the 3.0 form, so that a migration from one to the other is seen as the rewrite it
// is: `null` among the types becomes `nullable: true`, a numeric exclusive bound becomes the bound with
// `exclusive…: true`, and `const` becomes a one-value enum. Only the node itself: the walk reaches the others.
// No import of schema.ts, which reads every node through this one.
type Schema = { [keyword: string]: unknown };

const declaredTypes = (schema: Schema): string[] =>
  typeof schema.type === 'string'
    ? [schema.type]
    : Array.isArray(schema.type)
      ? schema.type.filter((type): type is string => typeof type === 'string')
      : [];

const BOUNDS = [
  ['minimum', 'exclusiveMinimum', (a: number, b: number) => a >= b],
  ['maximum', 'exclusiveMaximum', (a: number, b: number) => a <= b],
] as const;

/** The node in the diff's one form; the node itself when it already is. */
export function canonical(schema: Schema): Schema {
  if (!needsRewrite(schema)) return schema;
  const result: Schema = { ...schema };
  const types = declaredTypes(schema);
  if (Array.isArray(schema.type) || types.includes('null')) {
    const others = types.filter((type) => type !== 'null');
    if (others.length > 0 && others.length < types.length) result.nullable = true;
    const kept = others.length > 0 ? others : types;
    result.type = kept.length === 1 ? kept[0] : kept;
  }
  if (schema.nullable === false) delete result.nullable;
  if ('const' in schema && !Array.isArray(schema.enum)) {
    result.enum = [schema.const];
    delete result.const;
  }
  for (const [bound, exclusive, tighter] of BOUNDS) {
    const limit = schema[exclusive];
    if (typeof limit === 'number') {
      // Both written: the tighter of the two holds.
      const inclusive = schema[bound];
      if (typeof inclusive === 'number' && inclusive !== limit && tighter(inclusive, limit)) {
        delete result[exclusive];
      } else {
        result[bound] = limit;
        result[exclusive] = true;
      }
    } else if (limit === false) delete result[exclusive];
  }
  return result;
}

function needsRewrite(schema: Schema): boolean {
  return (
    Array.isArray(schema.type) ||
    schema.type === 'null' ||
    schema.nullable === false ||
    'const' in schema ||
    typeof schema.exclusiveMinimum === 'number' ||
    typeof schema.exclusiveMaximum === 'number' ||
    schema.exclusiveMinimum === false ||
    schema.exclusiveMaximum === false
  );
}

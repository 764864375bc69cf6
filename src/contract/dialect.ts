// Which JSON Schema a contract's schemas are written in: OpenAPI 3.0's Schema Object (Ajv's default build reads it,
// `nullable` included), or, from OpenAPI 3.1 on, JSON Schema 2020-12 (Ajv's 2020 build) unless the document's
// `jsonSchemaDialect` names draft-07. The OpenAPI dialects of 3.1 and 3.2 are 2020-12 with annotations of their own,
// which Ajv, not strict, passes over. No node: module: the browser-facing contract may ask too.

export type Dialect = 'openapi-3.0' | 'draft-07' | 'draft-2020-12';

/** The versions of OpenAPI this server runs, by their major.minor. */
export const OPENAPI_VERSIONS = ['3.0', '3.1', '3.2'] as const;
export type OpenApiVersion = (typeof OPENAPI_VERSIONS)[number];

const DRAFT_2020_12 =
  /^https:\/\/(json-schema\.org\/draft\/2020-12\/schema|spec\.openapis\.org\/oas\/3\.[12]\/dialect\/)/;
const DRAFT_07 = /^https?:\/\/json-schema\.org\/draft-07\/schema#?$/;

/** The document's OpenAPI version (3.0, 3.1 or 3.2), or undefined for anything else. */
export function openApiVersion(document: unknown): OpenApiVersion | undefined {
  const written = (document as { openapi?: unknown } | null)?.openapi;
  if (typeof written !== 'string') return undefined;
  const match = /^3\.([0-9]+)\.[0-9]+(?:-.+)?$/.exec(written);
  const version = match ? `3.${match[1]}` : undefined;
  return OPENAPI_VERSIONS.find((known) => known === version);
}

/** The dialect of the document's schemas; throws one line for a dialect this server does not read. */
export function dialectOf(document: unknown): Dialect {
  const version = openApiVersion(document);
  if (version === undefined || version === '3.0') return 'openapi-3.0';
  const declared = (document as { jsonSchemaDialect?: unknown }).jsonSchemaDialect;
  if (declared === undefined) return 'draft-2020-12';
  return namedDialect(declared, `its jsonSchemaDialect ${JSON.stringify(declared)}`);
}

function namedDialect(declared: unknown, what: string): Dialect {
  if (typeof declared === 'string' && DRAFT_2020_12.test(declared)) return 'draft-2020-12';
  if (typeof declared === 'string' && DRAFT_07.test(declared)) return 'draft-07';
  throw new Error(`${what} is not one this server reads (JSON Schema 2020-12, the OpenAPI dialects, or draft-07)`);
}

/**
 * Throws one line for a schema whose `$schema` names a dialect this server does not read, or another than the
 * document's: its schemas are compiled as one, by one build of Ajv. Read where a schema starts (a component, a
 * `schema` or `itemSchema`), as JSON Schema places `$schema` at a schema resource's root; 3.0's Schema Object has none.
 */
export function checkSchemaDialects(document: unknown): void {
  const dialect = dialectOf(document);
  if (dialect === 'openapi-3.0') return;
  const roots: [string, unknown][] = [];
  const schemas = (document as { components?: { schemas?: unknown } }).components?.schemas;
  if (isNode(schemas))
    roots.push(
      ...Object.entries(schemas).map(([name, schema]): [string, unknown] => [`#/components/schemas/${name}`, schema]),
    );
  const pending: [string, unknown][] = [['#', document]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [at, value] = next;
    if (!isNode(value) && !Array.isArray(value)) continue;
    for (const [key, inner] of Object.entries(value)) {
      // Examples are data: a `$schema` member in one is a value, not a declaration.
      if (key === 'example' || key === 'examples') continue;
      if (key === 'schema' || key === 'itemSchema') roots.push([`${at}/${key}`, inner]);
      else pending.push([`${at}/${key}`, inner]);
    }
  }
  for (const [at, schema] of roots) {
    if (!isNode(schema) || schema.$schema === undefined) continue;
    const named = namedDialect(schema.$schema, `the $schema ${JSON.stringify(schema.$schema)} at ${at}`);
    if (named !== dialect)
      throw new Error(
        `the $schema ${JSON.stringify(schema.$schema)} at ${at} names ${named}, but the document's schemas are ` +
          `${dialect}: its schemas are read in one dialect (its jsonSchemaDialect)`,
      );
  }
}

const isNode = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

// Pieces of the admin API's OpenAPI document (spec.ts, overridesSpec.ts,
// scenariosSpec.ts), written once.
import type { OpenAPIV3 } from 'openapi-types';

/** A JSON answer with this schema. */
export const json = (
  schema: OpenAPIV3.SchemaObject | OpenAPIV3.ReferenceObject,
  description: string,
): OpenAPIV3.ResponseObject => ({
  description,
  content: { 'application/json': { schema } },
});

/** A schema of the document's components. */
export const ref = (name: string): OpenAPIV3.ReferenceObject => ({ $ref: `#/components/schemas/${name}` });

/** What every call of the admin API may answer: no token, or a Host it does not know. */
export const refused = {
  '401': { $ref: '#/components/responses/Unauthorized' },
  '403': { $ref: '#/components/responses/HostNotAllowed' },
};

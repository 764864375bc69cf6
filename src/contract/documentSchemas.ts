// The shape of an OpenAPI 3.1 or 3.2 document, by the schemas the OpenAPI Initiative publishes for each (as
// @seriousme/openapi-schema-validator ships them: JSON Schema 2020-12, Schema Objects not checked by them), compiled
// once each with Ajv's 2020 build. Node only.
import { createRequire } from 'node:module';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { createAjv } from './ajv.js';

const require = createRequire(import.meta.url);
const compiled = new Map<string, ValidateFunction>();

/** Why the document does not fit its version's schema; empty when it does. */
export function documentErrors(version: '3.1' | '3.2', document: unknown): ErrorObject[] {
  let validate = compiled.get(version);
  if (!validate) {
    const schema = require(`@seriousme/openapi-schema-validator/schemas/v${version}/schema.json`) as object;
    // A media range (RFC 9110 §12.5.1), as the document schemas name an Encoding's contentType: any text passes here,
    // as the schema's own description says nothing narrower can be checked by JSON Schema.
    const ajv = createAjv('draft-2020-12').addFormat('media-range', true);
    compiled.set(version, (validate = ajv.compile(schema)));
  }
  if (validate(document)) return [];
  // A $ref's spelling is judged once, by refParts (bundle.ts), as it was parsed: the schemas' `uri-reference` would
  // refuse the braces of `paths/orders_{orderId}.yaml`, which Redocly and Spectral read.
  return (validate.errors ?? []).filter(
    (error) => !(error.keyword === 'format' && error.instancePath.endsWith('/$ref')),
  );
}

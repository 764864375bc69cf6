// openapi-backend compiles the request and response validators, but it reads
// only the eight methods of OpenAPI 3.0 and the four parameter locations. This
// is the document as it can read it, for its validators alone (matching is
// ours, router.ts): each operation carries its operationId (operations.ts),
// a QUERY or additionalOperations entry sits under a path item of its own, and
// an `in: querystring` parameter becomes one query value named QUERYSTRING.
import type { OpenAPIV3 } from 'openapi-types';
import type { OpenApiDocument } from './contract.js';
import { documentOperations } from './operations.js';
import { dereferenced } from './pointer.js';
import { QUERYSTRING } from './queryParameters.js';

const READ_BY_OPENAPI_BACKEND = new Set(['GET', 'PUT', 'POST', 'DELETE', 'OPTIONS', 'HEAD', 'PATCH', 'TRACE']);

export function validationView(document: OpenApiDocument): OpenApiDocument {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const found of documentOperations(document)) {
    const operation = {
      ...found.operation,
      operationId: found.operationId,
      ...(found.operation.parameters ? { parameters: readable(document, found.operation.parameters) } : {}),
    };
    const own = READ_BY_OPENAPI_BACKEND.has(found.method);
    // A key no request path can match: the view is never routed.
    const key = own ? found.path : `\u0000${found.method} ${found.path}`;
    const item = (paths[key] ??= found.pathItem.parameters
      ? { parameters: readable(document, found.pathItem.parameters) }
      : {});
    item[own ? found.method.toLowerCase() : 'post'] = operation;
  }
  return { ...document, paths: paths };
}

/** Parameters as openapi-backend reads them: the whole query string as one query value, checked by its schema. */
function readable(document: unknown, parameters: readonly unknown[]): unknown[] {
  return parameters.map((written) => {
    const parameter = dereferenced<OpenAPIV3.ParameterObject & { in: string }>(document, written);
    if (parameter?.in !== 'querystring') return written;
    const media = Object.values(parameter.content ?? {})[0];
    return { name: QUERYSTRING, in: 'query', required: parameter.required ?? false, schema: media?.schema ?? {} };
  });
}

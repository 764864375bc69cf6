// openapi-backend compiles the request and response validators, but it reads
// only the eight methods of OpenAPI 3.0 and the four parameter locations. This
// is the document as it can read it, for its validators alone (matching is
// ours, router.ts): each operation carries its operationId (operations.ts),
// a QUERY or additionalOperations entry sits under a path item of its own, and
// an `in: querystring` parameter becomes one query value named QUERYSTRING.
// A request body is read as a request sees it and an answer as an answer
// does: no readOnly property required in the one, no writeOnly one in the other.
import type { OpenAPIV3 } from 'openapi-types';
import type { OpenApiDocument } from './contract.js';
import { asSeenBy, mentions } from './hiddenProperties.js';
import { documentOperations } from './operations.js';
import { dereferenced } from './pointer.js';
import { QUERYSTRING } from './queryParameters.js';
import { isJsonMediaName } from './resourceSchemas.js';
import { variantId } from './router.js';

const READ_BY_OPENAPI_BACKEND = new Set(['GET', 'PUT', 'POST', 'DELETE', 'OPTIONS', 'HEAD', 'PATCH', 'TRACE']);

export function validationView(document: OpenApiDocument): OpenApiDocument {
  const paths: Record<string, Record<string, unknown>> = {};
  const sides = sidesOf(document);
  for (const found of documentOperations(document)) {
    const operation = {
      ...sides(found.operation),
      operationId: found.operationId,
      ...(found.operation.parameters ? { parameters: readable(document, found.operation.parameters) } : {}),
    };
    const own = READ_BY_OPENAPI_BACKEND.has(found.method);
    const item = (paths[own ? found.path : unroutable(found.method, found.path)] ??= found.pathItem.parameters
      ? { parameters: readable(document, found.pathItem.parameters) }
      : {});
    const [first, ...others] = requestMediaTypes(document, found.operation);
    item[own ? found.method.toLowerCase() : 'post'] = first ? withBodyOf(document, operation, first) : operation;
    // Each other JSON media type's body is checked by its own schema: an operation of its own, named by both.
    for (const mediaType of others) {
      const variant = {
        ...withBodyOf(document, operation, mediaType),
        operationId: variantId(found.operationId, mediaType),
      };
      const parameters = item.parameters === undefined ? {} : { parameters: item.parameters };
      paths[unroutable(`${found.method} ${mediaType}`, found.path)] = { ...parameters, post: variant };
    }
  }
  return { ...document, paths: paths };
}

/** An operation whose request body and answers are each as their side sees them; as it is when none needs it. */
function sidesOf(document: OpenApiDocument): <T extends OpenAPIV3.OperationObject>(operation: T) => T {
  if (!mentions(document, 'readOnly') && !mentions(document, 'writeOnly')) return (operation) => operation;
  // One copy of each schema per side, shared by every operation.
  const requests = new Map<object, unknown>();
  const answers = new Map<object, unknown>();
  return (operation) => ({
    ...operation,
    ...(operation.requestBody ? { requestBody: asSeenBy(operation.requestBody, 'request', document, requests) } : {}),
    responses: asSeenBy(operation.responses, 'answer', document, answers),
  });
}

// A key no request path can match: the view is never routed.
const unroutable = (method: string, path: string) => `\u0000${method} ${path}`;

/** The operation with one request body: `mediaType`'s schema, under application/json (what openapi-backend reads). */
function withBodyOf<T extends { requestBody?: unknown }>(document: unknown, operation: T, mediaType: string): T {
  const body = dereferenced<OpenAPIV3.RequestBodyObject>(document, operation.requestBody);
  const content = { 'application/json': body?.content[mediaType] ?? {} };
  return { ...operation, requestBody: { ...body, content } };
}

/** The JSON media types (application/json, and any +json) an operation's request body documents, as written. */
export function requestMediaTypes(document: unknown, operation: OpenAPIV3.OperationObject): string[] {
  const body = dereferenced<OpenAPIV3.RequestBodyObject>(document, operation.requestBody);
  const names = Object.keys(body?.content ?? {}).filter(isJsonMediaName);
  // application/json first: the body validator openapi-backend would build without the view.
  return names.sort((a, b) => Number(b === 'application/json') - Number(a === 'application/json'));
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

// Checks an HTTP response against openapi.yaml: the status must be documented for
// the request, the content type must be one the contract lists for that status,
// the body must validate against its schema, and required headers must be there.
// It reads the spec itself; the tests and the verification kit both rely on it.
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { OpenAPIV3 } from 'openapi-types';
import { addMaxDepthKeyword } from './settings.js';
import { loadSpec } from './spec.js';

export interface ObservedResponse {
  method: string;
  /** The request path below the base URL, e.g. /chatbots. */
  path: string;
  /** True when the request was a CORS preflight, which the contract leaves to CORS. */
  preflight?: boolean;
  status: number;
  headers: Headers;
  text: string;
}

const spec = loadSpec();
const validators = new Map<string, ValidateFunction>();
// Made on first use: the server imports this module but rarely needs it.
let ajv: Ajv | undefined;

/** The problems found; an empty list means the response honours the contract. */
export function contractViolations(response: ObservedResponse): string[] {
  const { status, headers, text } = response;
  if (response.preflight) {
    return status === 204 && text === '' ? [] : [`a CORS preflight should answer 204 with no body, not ${status}`];
  }
  const located = documentedResponse(response);
  if (typeof located === 'string') return [located];
  const { pointer, definition } = located;
  const problems: string[] = [];

  for (const [name, header] of Object.entries(definition.headers ?? {})) {
    if ((header as OpenAPIV3.HeaderObject).required && !headers.has(name)) {
      problems.push(`${status}: required header ${name} is missing`);
    }
  }
  const mediaType = headers.get('content-type')?.split(';')[0]?.trim() ?? '';
  if (!definition.content) {
    if (text !== '') problems.push(`${status}: the contract documents no body, but one was sent`);
    return problems;
  }
  if (!(mediaType in definition.content)) {
    return [...problems, `${status}: content type "${mediaType}" is not one of ${Object.keys(definition.content).join(', ')}`];
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return [...problems, `${status}: the body is not JSON: ${text.slice(0, 200)}`];
  }
  const validate = validatorFor(`${pointer}/content/${escapePointer(mediaType)}/schema`);
  if (!validate(body)) {
    for (const error of validate.errors ?? []) {
      problems.push(`${status}: body${error.instancePath} ${error.message} (${JSON.stringify(error.params)})`);
    }
  }
  return problems;
}

/** Throws with every violation listed, for use in tests. */
export function assertHonoursContract(response: ObservedResponse): void {
  const problems = contractViolations(response);
  if (problems.length > 0) {
    throw new Error(`${response.method} ${response.path} breaks openapi.yaml:\n  ${problems.join('\n  ')}`);
  }
}

function documentedResponse(
  response: ObservedResponse,
): { pointer: string; definition: OpenAPIV3.ResponseObject } | string {
  const { method, path, status } = response;
  const pathPointer = `#/paths/${escapePointer(path)}`;
  const pathItem = spec.paths[path] as Record<string, OpenAPIV3.OperationObject> | undefined;
  const operation = pathItem?.[method.toLowerCase()];
  if (operation) {
    const code = String(status);
    const key = [code, `${code[0]}XX`, 'default'].find((candidate) => operation.responses[candidate]);
    if (!key) return `${method} ${path}: status ${status} is not documented`;
    return follow(`${pathPointer}/${method.toLowerCase()}/responses/${key}`);
  }
  // No operation matched: the contract names the answer under x-unmatched-request-responses.
  const expected = pathItem ? 405 : 404;
  if (status !== expected) return `${method} ${path}: expected ${expected} for a request no operation matches, got ${status}`;
  return follow(`#/x-unmatched-request-responses/${expected}`);
}

/** Resolves a response object, following one $ref to components.responses. */
function follow(pointer: string): { pointer: string; definition: OpenAPIV3.ResponseObject } {
  const found = resolvePointer(pointer) as OpenAPIV3.ResponseObject | OpenAPIV3.ReferenceObject;
  if ('$ref' in found) return { pointer: found.$ref, definition: resolvePointer(found.$ref) as OpenAPIV3.ResponseObject };
  return { pointer, definition: found };
}

function resolvePointer(pointer: string): unknown {
  return pointer
    .replace(/^#\//, '')
    .split('/')
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>((node, segment) => (node as Record<string, unknown>)[segment], spec);
}

/** A compiled validator for the schema at a JSON pointer into openapi.yaml, e.g. #/components/schemas/Chatbot. */
export function schemaValidator(pointer: string): ValidateFunction {
  return validatorFor(pointer);
}

function validatorFor(pointer: string): ValidateFunction {
  let validate = validators.get(pointer);
  if (!validate) {
    ajv ??= addMaxDepthKeyword(addFormats.default(new Ajv({ strict: false, allErrors: true })));
    if (!ajv.getSchema('openapi')) ajv.addSchema(spec as object, 'openapi');
    validate = ajv.compile({ $ref: `openapi${pointer}` });
    validators.set(pointer, validate);
  }
  return validate;
}

function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

// Matching a request to an operation of the contract, and checking its parts:
// the shape every router has, and the rules they share. Two routers fill it:
// openapi-backend's, compiled when the contract loads (liveRouter.ts), and
// the one compiled at build time for the MSW package (compiledRouter.ts).
import type { ErrorObject, ValidateFunction } from 'ajv';
import { matchSegments, parseTemplate, type PathTemplate } from './pathTemplate.js';
import type { QueryParameter } from './queryParameters.js';
import type { KeyPlace } from './security.js';

export interface ContractOperation {
  operationId: string;
  /** Upper case, as on the wire. */
  method: string;
  /** The path template below the base path, e.g. /chatbots/{id}. */
  path: string;
  /** Where the operation is written in openapi.yaml, e.g. #/paths/~1chatbots/post. */
  pointer: string;
  /** Whether a security requirement applies (the API key is checked). */
  secured: boolean;
  /** Where the API key may be sent (any one of them). */
  keyPlaces: readonly KeyPlace[];
  /** Whether the operation takes a request body. */
  hasBody: boolean;
  /** The JSON media types its request body documents (application/json first): each checked by its own schema. */
  bodyTypes: readonly string[];
  /** Its query parameters, as the validate step reads them from the query string. */
  query: readonly QueryParameter[];
}

export type RouteMatch =
  | { kind: 'operation'; operation: ContractOperation; params: Record<string, string> }
  | { kind: 'not-found' }
  | { kind: 'method-not-allowed'; allow: readonly string[] };

/** The parts of a request that the request validators check. */
export interface RequestParts {
  params: Record<string, unknown>;
  /** The declared query parameters' values (queryParameters.ts); none when absent. */
  query?: Record<string, unknown>;
  headers: Record<string, unknown>;
  /** undefined when there is no body. */
  body: unknown;
  /** The body's media type, without parameters: it picks the schema the body is checked by. */
  mediaType?: string;
}

export interface OperationRouter {
  readonly operations: readonly ContractOperation[];
  /** Matches a method and a path below the base path. */
  match(method: string, path: string): RouteMatch;
  /** Every way the request breaks the operation's schemas; empty when it honours them. */
  validateRequest(operation: ContractOperation, parts: RequestParts): ErrorObject[];
  /** The validator of the documented response for a status (the status, its range, or default). */
  responseValidator(operation: ContractOperation, status: number): ValidateFunction | undefined;
}

/** The operation of a path with parameters ({id}) for one method, and the parameters' values. */
export type TemplateMatcher = (
  method: string,
  path: string,
) => { operation: ContractOperation; params: Record<string, string> } | undefined;

/**
 * The router's match(): a path without parameters is one Map lookup (a trailing
 * slash names another path, which the contract does not list: 404); a path
 * with parameters is left to `templated`.
 */
export function createMatcher(
  operations: readonly ContractOperation[],
  templated: TemplateMatcher,
): OperationRouter['match'] {
  const literal = new Map<string, Map<string, ContractOperation>>();
  for (const operation of operations.filter((op) => !op.path.includes('{'))) {
    const methods = literal.get(operation.path) ?? new Map<string, ContractOperation>();
    literal.set(operation.path, methods.set(operation.method, operation));
  }
  const hasTemplates = operations.some((op) => op.path.includes('{'));
  const documented = [...new Set(operations.map((op) => op.method))];
  return (method, path) => {
    const methods = literal.get(path);
    if (methods) {
      const operation = methods.get(method);
      return operation
        ? { kind: 'operation', operation, params: {} }
        : { kind: 'method-not-allowed', allow: [...methods.keys()] };
    }
    if (!hasTemplates) return { kind: 'not-found' };
    const found = templated(method, path);
    if (found) return { kind: 'operation', ...found };
    // The request's own method has just been tried.
    const allow = documented.filter((other) => other !== method && templated(other, path));
    return allow.length > 0 ? { kind: 'method-not-allowed', allow } : { kind: 'not-found' };
  };
}

/** The name an operation's request validators are kept by, for the media type of the body. */
export function validatorsId(operation: ContractOperation, mediaType: string | undefined): string {
  const other =
    mediaType !== undefined && mediaType !== operation.bodyTypes[0] && operation.bodyTypes.includes(mediaType);
  return other ? variantId(operation.operationId, mediaType) : operation.operationId;
}

/** The operation (or variant) whose request validators check a body of this media type. */
export function variantId(operationId: string, mediaType: string): string {
  return `${operationId}\u0000${mediaType}`;
}

/** Runs an operation's request validators on its parts, in the input shape openapi-backend builds them for. */
export function requestErrors(
  validators: readonly ValidateFunction[],
  { params, query = {}, headers, body }: RequestParts,
): ErrorObject[] {
  const input: Record<string, unknown> = { path: params, query, header: headers, cookie: {} };
  if (body !== undefined) input.requestBody = body;
  const errors: ErrorObject[] = [];
  for (const check of validators) {
    // One by one: a body with a hundred thousand faults would pass the arguments a call may take.
    if (!check(input)) for (const error of check.errors ?? []) errors.push(error);
  }
  return errors;
}

/** The key a status is documented under in a map keyed as responses are: the status, its range (4XX), or default. */
export function statusKey(entries: Readonly<Record<string, unknown>>, status: number): string | undefined {
  return [String(status), `${Math.floor(status / 100)}XX`, 'default'].find((key) => key in entries);
}

/** The entry of a status in a map keyed as responses are. */
export function byStatus<T>(entries: Readonly<Record<string, T>>, status: number): T | undefined {
  const key = statusKey(entries, status);
  return key === undefined ? undefined : entries[key];
}

/**
 * Paths with parameters, matched segment by segment (pathTemplate.ts); the path with the most literal text is tried
 * first (/chatbots/{id}/versions before /chatbots/{id}/{part}), as openapi-backend orders them.
 */
export function templateMatcher(operations: readonly ContractOperation[]): TemplateMatcher {
  const byMethod = new Map<string, { operation: ContractOperation; template: PathTemplate }[]>();
  const templated = operations
    .filter((operation) => operation.path.includes('{'))
    .map((operation) => ({ operation, template: parseTemplate(operation.path) }))
    .sort((a, b) => b.template.literal - a.template.literal);
  for (const entry of templated) {
    const list = byMethod.get(entry.operation.method);
    if (list) list.push(entry);
    else byMethod.set(entry.operation.method, [entry]);
  }
  return (method, path) => {
    const candidates = byMethod.get(method);
    if (!candidates) return undefined;
    const parts = path.split('/');
    for (const { operation, template } of candidates) {
      const values = matchSegments(template, parts);
      if (values) return { operation, params: paramsOf(template.names, values) };
    }
    return undefined;
  };
}

/** The parameters by name, percent-decoded (a value that does not decode is kept as sent). */
function paramsOf(names: readonly string[], values: readonly string[]): Record<string, string> {
  const params: Record<string, string> = {};
  for (let index = 0; index < names.length; index++) {
    const name = names[index] ?? '';
    const value = decoded(values[index] ?? '');
    // A parameter named __proto__ is a member, never the prototype.
    if (name === '__proto__')
      Object.defineProperty(params, name, { value, enumerable: true, writable: true, configurable: true });
    else params[name] = value;
  }
  return params;
}

function decoded(segment: string): string {
  if (!segment.includes('%')) return segment;
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

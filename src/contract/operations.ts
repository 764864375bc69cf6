// The adapter to openapi-backend: the single source of the contract's operations,
// of matching a request path to one (templates and path parameters included),
// and of the compiled request and response validators.
import type { ErrorObject, ValidateFunction } from 'ajv';
import { OpenAPIRouter, OpenAPIValidator, type Operation } from 'openapi-backend';
import type { OpenAPIV3 } from 'openapi-types';
import { configureAjv } from './ajv.js';
import { pointerTo } from './pointer.js';

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
  /** Whether the operation takes a request body. */
  hasBody: boolean;
}

export type RouteMatch =
  | { kind: 'operation'; operation: ContractOperation; params: Record<string, string> }
  | { kind: 'not-found' }
  | { kind: 'method-not-allowed'; allow: readonly string[] };

/** The parts of a request that openapi-backend's validators check. */
export interface RequestParts {
  params: Record<string, unknown>;
  headers: Record<string, unknown>;
  /** undefined when there is no body. */
  body: unknown;
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

const METHODS = ['GET', 'PUT', 'POST', 'DELETE', 'OPTIONS', 'HEAD', 'PATCH', 'TRACE'];

/** Built on the dereferenced document; validators are compiled on each operation's first use. */
export function createOperationRouter(definition: OpenAPIV3.Document): OperationRouter {
  // A trailing slash names another path, which the contract does not list: 404.
  const router = new OpenAPIRouter({ definition, apiRoot: '/', ignoreTrailingSlashes: false });
  const validator = new OpenAPIValidator({
    definition,
    router,
    lazyCompileValidators: true,
    // The document is linted in CI: Ajv need not check each schema against its meta-schema.
    ajvOpts: { allErrors: true, validateSchema: false },
    customizeAjv: (ajv) => configureAjv(ajv),
  });
  const byOperationId = new Map<string, Operation>();
  const operations: ContractOperation[] = router.getOperations().map((operation) => {
    byOperationId.set(operation.operationId!, operation);
    return {
      operationId: operation.operationId!,
      method: operation.method.toUpperCase(),
      path: operation.path,
      pointer: pointerTo('paths', operation.path, operation.method),
      secured: (operation.security ?? []).length > 0,
      hasBody: Boolean(operation.requestBody),
    };
  });
  // A path without a template is matched with one Map lookup: openapi-backend's
  // matchOperation rebuilds its operation list on every call (see docs/decisions).
  const literal = new Map<string, Map<string, ContractOperation>>();
  for (const operation of operations.filter((op) => !op.path.includes('{'))) {
    const methods = literal.get(operation.path) ?? literal.set(operation.path, new Map()).get(operation.path)!;
    methods.set(operation.method, operation);
  }
  const templated = operations.some((op) => op.path.includes('{'));
  const inContract = (operation: Operation) => operations.find((op) => op.operationId === operation.operationId)!;

  function match(method: string, path: string): RouteMatch {
    const methods = literal.get(path);
    if (methods) {
      const operation = methods.get(method);
      return operation ? { kind: 'operation', operation, params: {} } : { kind: 'method-not-allowed', allow: [...methods.keys()] };
    }
    if (!templated) return { kind: 'not-found' };
    const found = router.matchOperation({ method, path, headers: {} });
    if (found) {
      const { params } = router.parseRequest({ method, path, headers: {} }, found);
      return { kind: 'operation', operation: inContract(found), params: params as Record<string, string> };
    }
    const allow = METHODS.filter((other) => router.matchOperation({ method: other, path, headers: {} }));
    return allow.length > 0 ? { kind: 'method-not-allowed', allow } : { kind: 'not-found' };
  }

  return {
    operations,
    match,
    validateRequest(operation, { params, headers, body }) {
      const input: Record<string, unknown> = { path: params, query: {}, header: headers, cookie: {} };
      if (body !== undefined) input.requestBody = body;
      const errors: ErrorObject[] = [];
      for (const check of validator.getRequestValidatorsForOperation(operation.operationId) ?? []) {
        if (!check(input)) errors.push(...(check.errors ?? []));
      }
      return errors;
    },
    responseValidator(operation, status) {
      const validators: Record<string, ValidateFunction> =
        validator.getStatusBasedResponseValidatorForOperation(operation.operationId) ?? {};
      return validators[status] ?? validators[`${Math.floor(status / 100)}XX`] ?? validators.default;
    },
  };
}

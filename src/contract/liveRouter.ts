// The router compiled when the contract loads: openapi-backend is the source of
// the contract's operations, of matching a path with parameters, and of the
// request and response validators (compiled with the contract's Ajv set-up on
// each operation's first use). Node only: the MSW package has its validators
// compiled at build time from these same ones (tools/build-msw.mjs).
import type { ValidateFunction } from 'ajv';
import { OpenAPIRouter, OpenAPIValidator } from 'openapi-backend';
import type { OpenAPIV3 } from 'openapi-types';
import { ajvFor, configureAjv } from './ajv.js';
import { dialectOf } from './dialect.js';
import { pointerTo } from './pointer.js';
import { byStatus, createMatcher, requestErrors, type ContractOperation, type OperationRouter } from './router.js';

export interface LiveRouter extends OperationRouter {
  /** openapi-backend's validators, for the build that compiles them ahead of time. */
  readonly validator: OpenAPIValidator;
}

export function createLiveRouter(definition: OpenAPIV3.Document): LiveRouter {
  const dialect = dialectOf(definition);
  const router = new OpenAPIRouter({ definition, apiRoot: '/', ignoreTrailingSlashes: false });
  const validator = new OpenAPIValidator({
    definition,
    router,
    lazyCompileValidators: true,
    // The document is linted in CI: Ajv need not check each schema against its meta-schema.
    ajvOpts: { allErrors: true, validateSchema: false },
    // A 3.1 or 3.2 document's schemas are JSON Schema 2020-12: Ajv's 2020 build, with openapi-backend's options.
    customizeAjv: (ajv, options) => (dialect === 'draft-2020-12' ? ajvFor(dialect, options) : configureAjv(ajv)),
  });
  const operations: ContractOperation[] = router.getOperations().map((operation) => ({
    // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- documentCheck requires an operationId
    operationId: operation.operationId!,
    method: operation.method.toUpperCase(),
    path: operation.path,
    pointer: pointerTo('paths', operation.path, operation.method),
    secured: (operation.security ?? []).length > 0,
    hasBody: Boolean(operation.requestBody),
  }));
  const byId = new Map(operations.map((operation) => [operation.operationId, operation]));
  // openapi-backend's matchOperation rebuilds its operation list on every call: only paths with parameters reach it.
  const match = createMatcher(operations, (method, path) => {
    const found = router.matchOperation({ method, path, headers: {} });
    if (!found) return undefined;
    const { params } = router.parseRequest({ method, path, headers: {} }, found);
    const operation = found.operationId === undefined ? undefined : byId.get(found.operationId);
    return operation && { operation, params: params as Record<string, string> };
  });

  return {
    operations,
    match,
    validator,
    validateRequest: (operation, parts) =>
      requestErrors(validator.getRequestValidatorsForOperation(operation.operationId) ?? [], parts),
    responseValidator: (operation, status) =>
      byStatus<ValidateFunction>(
        validator.getStatusBasedResponseValidatorForOperation(operation.operationId) ?? {},
        status,
      ),
  };
}

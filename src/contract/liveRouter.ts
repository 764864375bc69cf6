// The router compiled when the contract loads: the operations are the
// document's own (operations.ts, OpenAPI 3.2's QUERY and additionalOperations
// included), matched by router.ts; openapi-backend is the source of the request
// and response validators (compiled with the contract's Ajv set-up on each
// operation's first use), reading the document as validationView.ts gives it.
// Node only: the MSW package has its validators compiled at build time from
// these same ones (tools/build-msw.mjs).
import type { ValidateFunction } from 'ajv';
import { OpenAPIRouter, OpenAPIValidator } from 'openapi-backend';
import type { OpenAPIV3 } from 'openapi-types';
import { ajvFor, configureAjv } from './ajv.js';
import { dialectOf } from './dialect.js';
import { documentOperations } from './operations.js';
import { queryParametersOf } from './queryParameters.js';
import {
  byStatus,
  createMatcher,
  requestErrors,
  templateMatcher,
  type ContractOperation,
  type OperationRouter,
  validatorsId,
} from './router.js';
import { lenientRegExp } from './pattern/engine.js';
import { keyPlacesOf } from './security.js';
import { requestMediaTypes, validationView } from './validationView.js';

export interface LiveRouter extends OperationRouter {
  /** openapi-backend's validators, for the build that compiles them ahead of time. */
  readonly validator: OpenAPIValidator;
}

export interface LiveRouterOptions {
  /**
   * How the schemas' patterns run: on the platform's RegExp (the default), or on the bounded automaton
   * (pattern/engine.ts's lenientRegExp), whose validators must then run inside boundedCheck.
   */
  patterns?: 'platform' | 'bounded';
}

export function createLiveRouter(definition: OpenAPIV3.Document, options: LiveRouterOptions = {}): LiveRouter {
  const dialect = dialectOf(definition);
  const view = validationView(definition);
  const router = new OpenAPIRouter({ definition: view, apiRoot: '/', ignoreTrailingSlashes: false });
  const validator = new OpenAPIValidator({
    definition: view,
    router,
    lazyCompileValidators: true,
    // The document is linted in CI: Ajv need not check each schema against its meta-schema.
    ajvOpts: {
      allErrors: true,
      validateSchema: false,
      ...(options.patterns === 'bounded' ? { code: { regExp: lenientRegExp } } : {}),
    },
    // A 3.1 or 3.2 document's schemas are JSON Schema 2020-12: Ajv's 2020 build, with openapi-backend's options.
    customizeAjv: (ajv, options) => (dialect === 'draft-2020-12' ? ajvFor(dialect, options) : configureAjv(ajv)),
  });
  const operations: ContractOperation[] = documentOperations(definition).map((found) => ({
    operationId: found.operationId,
    method: found.method,
    path: found.path,
    pointer: found.pointer,
    secured: keyPlacesOf(definition, found.operation).length > 0,
    keyPlaces: keyPlacesOf(definition, found.operation),
    hasBody: Boolean(found.operation.requestBody),
    bodyTypes: requestMediaTypes(definition, found.operation),
    query: queryParametersOf(definition, found.operation, found.pathItem),
  }));

  return {
    operations,
    match: createMatcher(operations, templateMatcher(operations)),
    validator,
    validateRequest: (operation, parts) =>
      requestErrors(validator.getRequestValidatorsForOperation(validatorsId(operation, parts.mediaType)) ?? [], parts),
    responseValidator: (operation, status) =>
      byStatus<ValidateFunction>(
        validator.getStatusBasedResponseValidatorForOperation(operation.operationId) ?? {},
        status,
      ),
  };
}

// A contract's validators, collected to be written out as code: openapi-backend builds each operation's validators, as
// the live router does, and each is added to the group of Ajv options it was built with. The MSW build bundles the
// groups into one ES module (standalone.ts); --watch has them written in its checking thread and run in the server's
// (compiledScript.ts). Node only.
import type { AnySchema, Options } from 'ajv';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { ajvFor, type AnyAjv } from './ajv.js';
import { dialectOf, type Dialect } from './dialect.js';
import { CHATBOT_SCHEMA, type OpenApiDocument } from './contract.js';
import { createLiveRouter, type LiveRouter } from './liveRouter.js';
import { resolvePointer } from './pointer.js';
import { withRefsResolved } from './resolvedRefs.js';
import { responseSchemaPointers } from './responseSchemas.js';
import { variantId, type ContractOperation } from './router.js';
import { answerView } from './hiddenProperties.js';

/** The schemas whose validators a store or a seed check needs, besides the operations' and their answers'. */
export const COMPILED_SCHEMAS = [CHATBOT_SCHEMA];

export type GroupName = 'body' | 'params' | 'schemas';

/** Validators compiled with the same Ajv options (openapi-backend coerces parameters, not bodies), as one module. */
class Group {
  readonly ajv: AnyAjv;
  readonly #names: string[] = [];
  constructor(
    readonly name: GroupName,
    dialect: Dialect,
    options: Options,
    esm: boolean,
  ) {
    this.ajv = ajvFor(dialect, { ...options, code: { source: true, esm } });
  }

  /** Adds the schema; returns the expression that names its validator: `body.v0`. */
  add(schema: AnySchema): string {
    const name = `v${this.#names.length}`;
    this.ajv.addSchema(schema, name);
    this.#names.push(name);
    return `${this.name}.${name}`;
  }

  code(): string {
    return standaloneCode.default(this.ajv, Object.fromEntries(this.#names.map((name) => [name, name])));
  }
}

/** Where each validator is, by the expression that names it in its group. */
export interface CollectedValidators {
  operations: ContractOperation[];
  /** Each operation's request validators (body, then parameters), by operationId. */
  request: Record<string, string[]>;
  /** Each operation's response validators by documented status, by operationId. */
  response: Record<string, Record<string, string>>;
  /** Validators of schemas by their pointer. */
  schemas: Record<string, string>;
  /** Each group's module: ES modules, or CommonJS. */
  code: Record<GroupName, string>;
}

/** `router`: the document's live router, when one has compiled its validators already (they are then reused). */
export function collectValidators(document: OpenApiDocument, esm: boolean, router?: LiveRouter): CollectedValidators {
  router ??= createLiveRouter(withRefsResolved(document));
  // The options openapi-backend gives its own Ajv instances.
  const options = router.validator.ajvOpts;
  const dialect = dialectOf(document);
  const body = new Group('body', dialect, options, esm);
  const params = new Group('params', dialect, { ...options, coerceTypes: true }, esm);
  const schemas = new Group('schemas', dialect, { strict: false, allErrors: true }, esm);
  schemas.ajv.addSchema(answerView(document), 'openapi');

  const request: Record<string, string[]> = {};
  const response: Record<string, Record<string, string>> = {};
  for (const operation of router.operations) {
    // Each JSON media type of the body has its own validators (validationView.ts).
    for (const id of [
      operation.operationId,
      ...operation.bodyTypes.slice(1).map((type) => variantId(operation.operationId, type)),
    ]) {
      const validators = router.validator.getRequestValidatorsForOperation(id) ?? [];
      // openapi-backend builds the body's validator first (when there is a body it reads), then the parameters'.
      request[id] = validators.map((validate, index) =>
        (validators.length > 1 && index === 0 ? body : params).add(validate.schema),
      );
    }
    const byStatus = router.validator.getStatusBasedResponseValidatorForOperation(operation.operationId) ?? {};
    response[operation.operationId] = Object.fromEntries(
      Object.entries(byStatus).map(([status, validate]) => [status, body.add(validate.schema)]),
    );
  }
  const pointers = Object.fromEntries(
    [...COMPILED_SCHEMAS, ...responseSchemaPointers(document)]
      .filter((pointer) => resolvePointer(document, pointer) !== undefined)
      .map((pointer) => [pointer, schemas.add({ $ref: `openapi${pointer}` })]),
  );
  return {
    operations: [...router.operations],
    request,
    response,
    schemas: pointers,
    code: { body: body.code(), params: params.code(), schemas: schemas.code() },
  };
}

/**
 * A table of validator names as code: `{"op":["body.v0"]}` becomes `{["op"]:[body.v0]}`, or `[groups.body.v0]`. Its
 * keys are the contract's (operationIds, pointers), so each is written as a string literal, and computed, so that no
 * key (`__proto__`) means anything to the literal; only a validator's own name is written as code.
 */
export function tableCode(value: unknown, prefix = ''): string {
  if (typeof value === 'string') {
    if (!VALIDATOR_NAME.test(value)) throw new Error(`${JSON.stringify(value)} is no validator's name`);
    return `${prefix}${value}`;
  }
  if (Array.isArray(value)) return `[${value.map((item) => tableCode(item, prefix)).join(',')}]`;
  if (typeof value !== 'object' || value === null) throw new Error('a table of validators holds only names');
  const members = Object.entries(value).map(([key, item]) => `[${JSON.stringify(key)}]:${tableCode(item, prefix)}`);
  return `{${members.join(',')}}`;
}

const VALIDATOR_NAME = /^(?:body|params|schemas)\.v\d+$/;

// Whether a document read from a file is an OpenAPI 3.0 document this server
// can run: its shape, by the OpenAPI 3.0 schema (openapi-schema-validator,
// which openapi-backend uses for the same check), every local $ref resolving,
// and every schema compiling (`type: strng` passes the OpenAPI schema, and
// would otherwise fail at the first request). The built-in contract passes
// all three, as its lint and tests show; a contract under review is checked
// each time it is read.
import schemaValidator from 'openapi-schema-validator';
import { CHATBOT_SCHEMA, operationObject, type Contract } from './contract.js';
import { resolvePointer } from './pointer.js';
import { describeSchemaErrors } from './schemaErrors.js';

// A CommonJS module: Node hands its exports as the default, a bundler may hand its `default`.
type Validator = InstanceType<typeof schemaValidator.default>;
const OpenApiSchemaValidator = (schemaValidator as { default?: typeof schemaValidator.default }).default ?? (schemaValidator as unknown as typeof schemaValidator.default);
let validator: Validator | undefined;

/** Throws one line saying the first thing wrong with the document; returns when it is a valid OpenAPI 3.0 document. */
export function checkOpenApiDocument(document: unknown): void {
  const version = (document as { openapi?: unknown } | null)?.openapi;
  if (typeof version !== 'string' || !/^3\.0\.\d+$/.test(version)) {
    throw new Error(`it is not an OpenAPI 3.0 document (openapi: ${JSON.stringify(version ?? null)}; this server runs 3.0.x)`);
  }
  validator ??= new OpenApiSchemaValidator({ version: 3 });
  const { errors } = validator.validate(document as never);
  if (errors.length > 0) {
    const [first] = errors;
    const more = errors.length > 1 ? ` (and ${errors.length - 1} more)` : '';
    throw new Error(`it is not valid OpenAPI 3.0: ${describeSchemaErrors([first!])}${more}`);
  }
  const dangling = danglingRef(document, document, new Set());
  if (dangling) throw new Error(`its $ref ${dangling} points at nothing`);
}

/** The first local $ref of the document that resolves to nothing. */
function danglingRef(document: unknown, value: unknown, seen: Set<unknown>): string | undefined {
  if (typeof value !== 'object' || value === null || seen.has(value)) return undefined;
  seen.add(value);
  const ref = (value as { $ref?: unknown }).$ref;
  if (typeof ref === 'string' && ref.startsWith('#') && resolvePointer(document, ref) === undefined) return ref;
  for (const inner of Object.values(value)) {
    const found = danglingRef(document, inner, seen);
    if (found) return found;
  }
  return undefined;
}

/** Compiles every validator the contract's operations need now, rather than at their first request; throws the first failure. */
export function compileEveryValidator(contract: Contract): void {
  for (const operation of contract.operations) {
    const where = `${operation.method} ${operation.path}`;
    try {
      contract.router.validateRequest(operation, { params: {}, headers: {}, body: undefined });
      for (const key of Object.keys(operationObject(contract, operation).responses)) contract.router.responseValidator(operation, statusFor(key));
    } catch (error) {
      throw new Error(`a schema of ${where} does not compile: ${(error as Error).message.split('\n')[0]}`);
    }
  }
  try {
    contract.schemaValidator(CHATBOT_SCHEMA);
  } catch (error) {
    throw new Error(`${CHATBOT_SCHEMA} does not compile: ${(error as Error).message.split('\n')[0]}`);
  }
}

/** A status a response key stands for: 201, 2XX (200), default (500). */
const statusFor = (key: string) => (/^\d{3}$/.test(key) ? Number(key) : /^[1-5]XX$/i.test(key) ? Number(key[0]) * 100 : 500);

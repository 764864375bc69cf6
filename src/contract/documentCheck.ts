// Whether a document read from a file is an OpenAPI 3.0, 3.1 or 3.2 document
// this server can run: its shape, by its version's schema (3.0's through
// openapi-schema-validator, which openapi-backend uses for the same check; 3.1's
// and 3.2's through documentSchemas.ts), a dialect it reads, operationIds that name one
// operation each, and every schema compiling (`type: strng` passes the OpenAPI
// schema, and would otherwise fail at the first request). Its $refs were
// checked as it was parsed (selfContained.ts). The built-in contract passes
// all three, as its lint and tests show; a contract under review is checked
// each time it is read.
import schemaValidator from 'openapi-schema-validator';
import { CHATBOT_SCHEMA, operationObject, type Contract } from './contract.js';
import { ComposedTooLarge } from './composedExample.js';
import { exampleHeaders } from './exampleAnswer.js';
import { headerFault } from './httpHeaders.js';
import { resolvePointer } from './pointer.js';
import { describeSchemaErrors } from './schemaErrors.js';
import { checkSchemaDialects, openApiVersion } from './dialect.js';
import { documentErrors } from './documentSchemas.js';
import { documentOperations } from './operations.js';

// A CommonJS module: Node hands its exports as the default, a bundler may hand its `default`.
type Validator = InstanceType<typeof schemaValidator.default>;
const OpenApiSchemaValidator =
  (schemaValidator as { default?: typeof schemaValidator.default }).default ??
  // eslint-disable-next-line no-restricted-syntax -- required as CommonJS, the module is the class itself
  (schemaValidator as unknown as typeof schemaValidator.default);
let validator: Validator | undefined;

/**
 * Throws one line saying the first thing wrong with the document; returns when it is a valid OpenAPI 3.0, 3.1 or 3.2
 * document.
 */
export function checkOpenApiDocument(document: unknown): void {
  const version = openApiVersion(document);
  if (version === undefined) {
    const written = (document as { openapi?: unknown } | null)?.openapi;
    throw new Error(
      `it is not an OpenAPI 3.0, 3.1 or 3.2 document (openapi: ${JSON.stringify(written ?? null)}; this server runs ` +
        `3.0.x, 3.1.x and 3.2.x)`,
    );
  }
  const errors = version === '3.0' ? errorsOf30(document) : documentErrors(version, document);
  if (errors.length > 0) {
    const more = errors.length > 1 ? ` (and ${errors.length - 1} more)` : '';
    throw new Error(`it is not valid OpenAPI ${version}: ${describeSchemaErrors(errors.slice(0, 1))}${more}`);
  }
  // Throws for a jsonSchemaDialect, or a schema's $schema, this server does not read.
  checkSchemaDialects(document);
  const repeated = repeatedOperationId(document as { paths?: unknown });
  if (repeated)
    throw new Error(
      `its operationId ${JSON.stringify(repeated)} names more than one operation (OpenAPI asks each to be unique)`,
    );
}

function errorsOf30(document: unknown) {
  validator ??= new OpenApiSchemaValidator({ version: 3 });
  return validator.validate(document as never).errors;
}

/** An operationId that names two operations (one left out is `METHOD /path`, operations.ts). */
function repeatedOperationId(document: { paths?: unknown }): string | undefined {
  const seen = new Set<string>();
  for (const { operationId } of documentOperations(document)) {
    if (seen.has(operationId)) return operationId;
    seen.add(operationId);
  }
  return undefined;
}

/**
 * Compiles every validator the contract's operations need now, rather than at their first request; throws the first
 * failure.
 */
export function compileEveryValidator(contract: Contract): void {
  for (const operation of contract.operations) {
    const where = `${operation.method} ${operation.path}`;
    try {
      contract.router.validateRequest(operation, { params: {}, headers: {}, body: undefined });
      for (const key of Object.keys(operationObject(contract, operation).responses))
        contract.router.responseValidator(operation, statusFor(key));
    } catch (error) {
      // The compilers walk a schema's required properties into what they name: one that requires itself never ends.
      const why =
        error instanceof RangeError
          ? 'it nests without end once its $refs are followed (a schema that requires itself, which no finite ' +
            'value honours)'
          : (error as Error).message.split('\n')[0];
      throw new Error(`a schema of ${where} does not compile: ${why}`, { cause: error });
    }
  }
  // A contract of another API has no chatbot for the stores to check.
  if (resolvePointer(contract.document, CHATBOT_SCHEMA) === undefined) return;
  try {
    contract.schemaValidator(CHATBOT_SCHEMA);
  } catch (error) {
    throw new Error(`${CHATBOT_SCHEMA} does not compile: ${(error as Error).message.split('\n')[0]}`, { cause: error });
  }
}

/**
 * Throws the first response header that cannot be sent: a name that is not an HTTP token, an example value with a
 * character HTTP does not allow (Node and Fetch would throw at the first answer that carried it), or a required one
 * whose value composed from its schema would pass its bound.
 */
export function checkResponseHeaders(contract: Contract): void {
  for (const operation of contract.operations) {
    for (const key of Object.keys(operationObject(contract, operation).responses)) {
      const documented = contract.responseFor(operation, statusFor(key));
      if (!documented) continue;
      const { response } = documented;
      const where = `the ${key} answer of ${operation.method} ${operation.path}`;
      let examples: Record<string, string>;
      try {
        examples = exampleHeaders(contract.document, response);
      } catch (error) {
        throw error instanceof ComposedTooLarge ? new Error(`${where}: ${error.message}`) : error;
      }
      for (const name of Object.keys(response.headers ?? {})) {
        const fault = headerFault(name, examples[name] ?? '');
        if (fault) throw new Error(`${where}: ${fault}`);
      }
    }
  }
}

/** A status a response key stands for: 201, 2XX (200), default (500). */
const statusFor = (key: string) =>
  /^\d{3}$/.test(key) ? Number(key) : /^[1-5]XX$/i.test(key) ? Number(key[0]) * 100 : 500;

// The validators of a contract compiled at build time (tools/build-msw.mjs,
// with standalone.ts): what the MSW package runs, with no Ajv, openapi-backend
// or YAML parser in the page. They are openapi-backend's own validators,
// written out as code, so they answer exactly as the live router does.
import type { ValidateFunction } from 'ajv';
import type { OpenApiDocument, ValidatorsFactory } from './contract.js';
import {
  byStatus,
  createMatcher,
  requestErrors,
  templateMatcher,
  validatorsId,
  type ContractOperation,
} from './router.js';

export interface CompiledContract {
  /** openapi.yaml as JSON, without its prose (prose.ts). */
  document: OpenApiDocument;
  operations: ContractOperation[];
  /** Each operation's request validators (body, then parameters), by operationId. */
  request: Record<string, ValidateFunction[]>;
  /** Each operation's response validators by documented status, by operationId. */
  response: Record<string, Record<string, ValidateFunction>>;
  /** Validators of schemas by their pointer, for the checks a store or a seed makes (#/components/schemas/Chatbot). */
  schemas: Record<string, ValidateFunction>;
}

export function compiledValidators(compiled: CompiledContract): ValidatorsFactory {
  const schemaValidator = (pointer: string): ValidateFunction => {
    const validate = compiled.schemas[pointer];
    if (!validate) throw new Error(`no validator was compiled for ${pointer} (tools/build-msw.mjs)`);
    return validate;
  };
  return () => ({
    router: {
      operations: compiled.operations,
      match: createMatcher(compiled.operations, templateMatcher(compiled.operations)),
      validateRequest: (operation, parts) =>
        requestErrors(compiled.request[validatorsId(operation, parts.mediaType)] ?? [], parts),
      responseValidator: (operation, status) => byStatus(compiled.response[operation.operationId] ?? {}, status),
    },
    schemaValidator,
    // The contract was compiled when the package was built, from a document its author wrote, not loaded at run
    // time: its examples are checked by the validators compiled then, as its answers are, and the page carries no
    // pattern automaton.
    exampleValidator(pointer) {
      const validate = schemaValidator(pointer);
      return (value) => {
        const valid = validate(value);
        return { valid, errors: validate.errors ?? [], unchecked: new Map() };
      };
    },
  });
}

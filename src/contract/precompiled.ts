// Runs the validators' script an --watch check wrote in its thread (compiledScript.ts), with the code cache V8 made
// there once each validator had run: the server's thread then has every validator of the edited contract without
// compiling one, neither with Ajv nor with V8. The script may require only the runtime pieces Ajv's code calls (its
// own, ajv-formats' formats, the contract's measures, its check of unique items). Matching stays the live router's,
// and a schema the script does not hold is compiled on its first use, as without it. Node only.
import { createRequire } from 'node:module';
import { Script } from 'node:vm';
import type { ValidateFunction } from 'ajv';
import { DUPLICATES_MODULE, LIMITS_MODULE } from './ajv.js';
import type { ContractValidators, OpenApiDocument, ValidatorsFactory } from './contract.js';
import * as duplicates from './duplicates.js';
import * as limits from './limits.js';
import { byStatus, requestErrors } from './router.js';

/** The validators' script, and V8's code cache of it (none until a thread has made one). */
export interface ValidatorScript {
  source: string;
  cache?: Uint8Array;
}

interface ScriptValidators {
  request: Record<string, ValidateFunction[]>;
  response: Record<string, Record<string, ValidateFunction>>;
  schemas: Record<string, ValidateFunction>;
}

// Ajv's CommonJS pieces as its code expects them (`require(…).default`), from the package's own dependencies.
const nodeRequire = createRequire(import.meta.url);
const RUNTIME = [
  'ajv/dist/runtime/equal',
  'ajv/dist/runtime/timestamp',
  'ajv/dist/runtime/ucs2length',
  'ajv/dist/runtime/uri',
  'ajv/dist/runtime/validation_error',
  'ajv-formats/dist/formats',
];
const require = (id: string): unknown => {
  if (id === LIMITS_MODULE) return limits;
  if (id === DUPLICATES_MODULE) return duplicates;
  if (!RUNTIME.includes(id)) throw new Error(`the validators' code asks for ${JSON.stringify(id)}`);
  return nodeRequire(id);
};

/** Validators from the script, beside `live` ones for matching and for any schema the script does not hold. */
export function precompiledValidators(
  script: ValidatorScript,
  live: (document: OpenApiDocument, dereferenced: OpenApiDocument) => ContractValidators,
): ValidatorsFactory {
  return (document, dereferenced) => {
    const fallback = live(document, dereferenced);
    const compiled = run(script).validators;
    return {
      router: {
        ...fallback.router,
        validateRequest: (operation, parts) => requestErrors(compiled.request[operation.operationId] ?? [], parts),
        responseValidator: (operation, status) => byStatus(compiled.response[operation.operationId] ?? {}, status),
      },
      schemaValidator: (pointer) => compiled.schemas[pointer] ?? fallback.schemaValidator(pointer),
      exampleValidator: fallback.exampleValidator,
    };
  };
}

/** The script with V8's code cache of it, made once every validator has run (V8 compiles a function when it first
 * runs): what the checking thread hands the server's. */
export function withCodeCache(source: string): Required<ValidatorScript> {
  const { validators, script } = run({ source });
  const all = [
    ...Object.values(validators.request).flat(),
    ...Object.values(validators.response).flatMap((byStatus) => Object.values(byStatus)),
    ...Object.values(validators.schemas),
  ];
  for (const validate of all) validate({});
  return { source, cache: script.createCachedData() };
}

function run({ source, cache }: ValidatorScript): { validators: ScriptValidators; script: Script } {
  // Ajv's own code, run as Ajv runs what it compiles.
  const script = new Script(`(function (require) {\n${source}\n})`, {
    filename: 'contract-validators.js',
    ...(cache ? { cachedData: cache } : {}),
  });
  const make = script.runInThisContext() as (require: (id: string) => unknown) => ScriptValidators;
  return { validators: make(require), script };
}

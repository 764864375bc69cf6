// Reads openapi.yaml from this package (or another file) into a Contract: the
// only code that reads the contract from disk. Its validators are compiled
// here, as they are first used: openapi-backend's for requests and responses,
// and Ajv's for any schema of the document.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Ajv, ValidateFunction } from 'ajv';
import { load as parseYaml } from 'js-yaml';
import { createAjv } from './ajv.js';
import { createContract, type Contract, type ContractValidators, type OpenApiDocument } from './contract.js';
import { checkOpenApiDocument, compileEveryValidator } from './documentCheck.js';
import { createLiveRouter } from './liveRouter.js';

/** The package root: the nearest folder above this module that holds openapi.yaml. */
export const packageRoot = findRoot(dirname(fileURLToPath(import.meta.url)));
export const specPath = join(packageRoot, 'openapi.yaml');

function findRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'openapi.yaml')) && existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`no openapi.yaml above ${from}`);
  }
}

export function readDocument(path: string = specPath): OpenApiDocument {
  return parseYaml(readFileSync(path, 'utf8')) as OpenApiDocument;
}

/** A contract file, as the value every mode runs on and as the text a server serves at /openapi.yaml. */
export interface ContractFile {
  contract: Contract;
  text: string;
}

/**
 * Reads a contract file (default: this package's openapi.yaml); fails with one line naming the file.
 * Another file, or any file read again after an edit (`checked`), must first prove a valid OpenAPI 3.0 document.
 */
export function readContractFile(path: string = specPath, checked = path !== specPath): ContractFile {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new Error(`contract ${path} cannot be read: ${(error as Error).message}`);
  }
  try {
    const document = parseYaml(text) as OpenApiDocument;
    if (checked) checkOpenApiDocument(document);
    const contract = createContract(document, liveValidators);
    if (checked) compileEveryValidator(contract);
    return { contract, text };
  } catch (error) {
    throw new Error(`contract ${path} is not a contract this server can run: ${(error as Error).message.split('\n')[0]}`);
  }
}

/** Reads, parses and dereferences the contract: call once, and pass the value on. */
export function loadContract(path: string = specPath): Contract {
  return createContract(readDocument(path), liveValidators);
}

/** Validators compiled in this process, each on its first use. */
export function liveValidators(document: OpenApiDocument, dereferenced: OpenApiDocument): ContractValidators {
  const compiled = new Map<string, ValidateFunction>();
  // Made on first use: a server checks its answers with the router's validators.
  let ajv: Ajv | undefined;
  return {
    router: createLiveRouter(dereferenced),
    schemaValidator(pointer) {
      let validate = compiled.get(pointer);
      if (!validate) {
        ajv ??= createAjv().addSchema(document as object, 'openapi');
        compiled.set(pointer, (validate = ajv.compile({ $ref: `openapi${pointer}` })));
      }
      return validate;
    },
  };
}

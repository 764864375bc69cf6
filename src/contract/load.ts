// Reads openapi.yaml from this package (or another file) into a Contract: the
// only code that reads the contract from disk, as untrusted input (a pull
// request's): bounded in size, one self-contained document (boundedRead.ts,
// parseDocument.ts). Its validators are compiled here, as they are first
// used: openapi-backend's for requests and responses, and Ajv's for any schema
// of the document.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ValidateFunction } from 'ajv';
import { createAjv, type AnyAjv } from './ajv.js';
import { dialectOf } from './dialect.js';
import { DEFAULT_MAX_CONTRACT_BYTES, readBoundedText } from './boundedRead.js';
import { createContract, type Contract, type ContractValidators, type OpenApiDocument } from './contract.js';
import { checkOpenApiDocument, checkResponseHeaders, compileEveryValidator } from './documentCheck.js';
import { createLiveRouter, type LiveRouter } from './liveRouter.js';
import { compiledScript } from './compiledScript.js';
import { parseDocument } from './parseDocument.js';
import { precompiledValidators, type ValidatorScript } from './precompiled.js';

/** The package root: the nearest folder above this module that holds openapi.yaml. */
export const packageRoot = findRoot(dirname(fileURLToPath(import.meta.url)));
export const specPath = join(packageRoot, 'openapi.yaml');

function findRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'openapi.yaml')) && existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`no openapi.yaml above ${from}`);
  }
}

/** The document of a contract file, read and parsed within bounds; throws one line naming the file. */
export function readDocument(path: string = specPath, maxBytes = DEFAULT_MAX_CONTRACT_BYTES): OpenApiDocument {
  return parsedText(path, readText(path, maxBytes)).document as OpenApiDocument;
}

/**
 * A contract file, as the value every mode runs on, as the text served at /openapi.yaml, and as the JSON served at
 * /openapi.json.
 */
export interface ContractFile {
  contract: Contract;
  text: string;
  json: string;
}

export interface ReadOptions {
  /**
   * Prove a valid OpenAPI 3.0 document that every validator compiles for (default: for any file but the built-in one).
   */
  checked?: boolean;
  /** The largest file read (default DEFAULT_MAX_CONTRACT_BYTES). */
  maxBytes?: number;
}

/**
 * Reads a contract file (default: this package's openapi.yaml); fails with one line naming the file.
 * Another file, or any file read again after an edit (`checked`), must first prove a valid OpenAPI 3.0 document.
 */
export function readContractFile(path: string = specPath, options: ReadOptions = {}): ContractFile {
  const { checked = path !== specPath, maxBytes = DEFAULT_MAX_CONTRACT_BYTES } = options;
  return contractFromText(path, readText(path, maxBytes), checked);
}

/**
 * The contract a file's text holds, as readContractFile makes it: `checked`, or a text already proven (by the same
 * check in another thread, as --watch does, which hands its validators over as a `script`: compiledScript.ts).
 */
export function contractFromText(path: string, text: string, checked: boolean, script?: ValidatorScript): ContractFile {
  const parsed = parsedText(path, text);
  try {
    const document = parsed.document as OpenApiDocument;
    if (checked) checkOpenApiDocument(document);
    const contract = createContract(document, script ? precompiledValidators(script, liveValidators) : liveValidators);
    if (checked) {
      compileEveryValidator(contract);
      checkResponseHeaders(contract);
    }
    return { contract, text, json: parsed.json };
  } catch (error) {
    throw unrunnable(path, error);
  }
}

/**
 * Proves a contract file as readContractFile does when `checked`, and writes its validators as a script for another
 * thread to run (compiledScript.ts): what --watch's checking thread does with each edit.
 */
export function checkContractFile(
  path: string,
  maxBytes = DEFAULT_MAX_CONTRACT_BYTES,
): { text: string; script: string } {
  const text = readText(path, maxBytes);
  const { document } = parsedText(path, text);
  try {
    checkOpenApiDocument(document);
    let router: LiveRouter | undefined;
    const contract = createContract(document as OpenApiDocument, (written, dereferenced) => {
      const validators = liveValidators(written, dereferenced);
      router = validators.router as LiveRouter;
      return validators;
    });
    compileEveryValidator(contract);
    checkResponseHeaders(contract);
    return { text, script: compiledScript(contract.document, router) };
  } catch (error) {
    throw unrunnable(path, error);
  }
}

function readText(path: string, maxBytes: number): string {
  try {
    return readBoundedText(path, maxBytes);
  } catch (error) {
    throw new Error(`contract ${path} cannot be read: ${(error as Error).message}`, { cause: error });
  }
}

function parsedText(path: string, text: string) {
  try {
    return parseDocument(text);
  } catch (error) {
    throw unrunnable(path, error);
  }
}

const unrunnable = (path: string, error: unknown) =>
  new Error(`contract ${path} is not a contract this server can run: ${(error as Error).message.split('\n')[0]}`);

/** Reads, parses and dereferences the contract: call once, and pass the value on. */
export function loadContract(path: string = specPath): Contract {
  return createContract(readDocument(path), liveValidators);
}

/** Validators compiled in this process, each on its first use. */
export function liveValidators(document: OpenApiDocument, dereferenced: OpenApiDocument): ContractValidators {
  const compiled = new Map<string, ValidateFunction>();
  // Made on first use: a server checks its answers with the router's validators.
  let ajv: AnyAjv | undefined;
  return {
    router: createLiveRouter(dereferenced),
    schemaValidator(pointer) {
      let validate = compiled.get(pointer);
      if (!validate) {
        ajv ??= createAjv(dialectOf(document)).addSchema(document, 'openapi');
        compiled.set(pointer, (validate = ajv.compile({ $ref: `openapi${pointer}` })));
      }
      return validate;
    },
  };
}

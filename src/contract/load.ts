// Reads openapi.yaml from this package (or another file) into a Contract: the
// only code that reads the contract from disk, as untrusted input (a pull
// request's): bounded in size, one self-contained document (boundedRead.ts,
// parseDocument.ts). Its validators are compiled here, as they are first
// used: openapi-backend's for requests and responses, and Ajv's for any schema
// of the document.
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { dump } from 'js-yaml';
import { fileURLToPath } from 'node:url';
import type { ValidateFunction } from 'ajv';
import { createAjv, type AnyAjv } from './ajv.js';
import { dialectOf } from './dialect.js';
import { exampleValidators } from './exampleCheck.js';
import { DEFAULT_MAX_CONTRACT_BYTES } from './boundedRead.js';
import { createContract, type Contract, type ContractValidators, type OpenApiDocument } from './contract.js';
import { checkOpenApiDocument, checkResponseHeaders, compileEveryValidator } from './documentCheck.js';
import { createLiveRouter, type LiveRouter } from './liveRouter.js';
import { compiledScript } from './compiledScript.js';
import { parseDocument, type ParsedDocument } from './parseDocument.js';
import type { ContractFiles } from './bundle.js';
import { contractFolder, readRootText } from './contractFolder.js';
import { precompiledValidators, type ValidatorScript } from './precompiled.js';
import { answerView } from './hiddenProperties.js';

/** The package root: the nearest folder above this module that holds openapi.yaml. */
export const packageRoot = findRoot(dirname(fileURLToPath(import.meta.url)));
export const specPath = join(packageRoot, 'openapi.yaml');

function findRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'openapi.yaml')) && existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`no openapi.yaml above ${from}`);
  }
}

/**
 * The document of a contract file, and of the files of its folder its $refs name, read and parsed within bounds;
 * throws one line naming the file.
 */
export function readDocument(path: string = specPath, maxBytes = DEFAULT_MAX_CONTRACT_BYTES): OpenApiDocument {
  return readParsed(path, maxBytes).parsed.document as OpenApiDocument;
}

/**
 * A contract file, as the value every mode runs on, as the text served at /openapi.yaml, and as the JSON served at
 * /openapi.json.
 */
export interface ContractFile {
  contract: Contract;
  /** The file's text; for a contract split into files, the one document they make, as YAML. */
  text: string;
  json: string;
  /** The files read: the root, and those its $refs name (what --watch follows). */
  files: string[];
  /** The root file's own text, and a split contract's other files by their path from its folder: where lines are. */
  sources: { text: string; files: ReadonlyMap<string, string> };
}

export interface ReadOptions {
  /**
   * Prove a valid OpenAPI document that every validator compiles for (default: for any file but the built-in one).
   */
  checked?: boolean;
  /** The most bytes read, the files a split contract names included (default DEFAULT_MAX_CONTRACT_BYTES). */
  maxBytes?: number;
}

/**
 * Reads a contract file (default: this package's openapi.yaml), and the files of its folder its $refs name; fails
 * with one line naming the file. Another file, or any file read again after an edit (`checked`), must first prove a
 * valid OpenAPI document.
 */
export function readContractFile(path: string = specPath, options: ReadOptions = {}): ContractFile {
  const { checked = path !== specPath, maxBytes = DEFAULT_MAX_CONTRACT_BYTES } = options;
  const { parsed, text, files, sources } = readParsed(path, maxBytes);
  return contractOfParsed(path, parsed, text, files, checked, sources);
}

/**
 * The contract a text holds, one document (as --watch has the server's thread make it, from the text its checking
 * thread proved: its validators come over as a `script`, compiledScript.ts).
 */
export function contractFromText(path: string, text: string, files: string[], script: ValidatorScript): ContractFile {
  const parsed = parsedText(path, text, undefined, 'served');
  return contractOfParsed(path, parsed, text, files, false, { text, files: new Map() }, script);
}

function contractOfParsed(
  path: string,
  parsed: ParsedDocument,
  text: string,
  files: string[],
  checked: boolean,
  sources: ContractFile['sources'],
  script?: ValidatorScript,
): ContractFile {
  try {
    const document = parsed.document as OpenApiDocument;
    if (checked) checkOpenApiDocument(document);
    const contract = createContract(document, script ? precompiledValidators(script, liveValidators) : liveValidators);
    if (checked) {
      compileEveryValidator(contract);
      checkResponseHeaders(contract);
    }
    return { contract, text, json: parsed.json, files, sources };
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
): { text: string; files: string[]; script: string } {
  const { text, files, contract } = readContractFile(path, { checked: true, maxBytes });
  try {
    // The live router the check compiled every validator with: openapi-backend builds none again.
    return { text, files, script: compiledScript(contract.document, contract.router as LiveRouter) };
  } catch (error) {
    throw unrunnable(path, error);
  }
}

/** A contract file's text, parsed with the files of its folder its $refs name; a split contract's text is the one
 * document they make. */
function readParsed(
  path: string,
  maxBytes: number,
): { parsed: ParsedDocument; text: string; files: string[]; sources: ContractFile['sources'] } {
  const text = readText(path, maxBytes);
  const folder = contractFolder(path, Buffer.byteLength(text), maxBytes);
  const parsed = parsedText(path, text, folder);
  const files = [resolve(path), ...folder.paths];
  const oneText = parsed.files.length > 0 ? dump(parsed.document, { lineWidth: -1 }) : text;
  return { parsed, text: oneText, files, sources: { text, files: folder.texts } };
}

function readText(path: string, maxBytes: number): string {
  try {
    return readRootText(path, maxBytes);
  } catch (error) {
    throw new Error(`contract ${path} cannot be read: ${(error as Error).message}`, { cause: error });
  }
}

function parsedText(
  path: string,
  text: string,
  files?: ContractFiles,
  recursive?: 'served' | 'refused',
): ParsedDocument {
  try {
    return parseDocument(text, files, recursive);
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
        ajv ??= createAjv(dialectOf(document)).addSchema(answerView(document), 'openapi');
        compiled.set(pointer, (validate = ajv.compile({ $ref: `openapi${pointer}` })));
      }
      return validate;
    },
    exampleValidator: exampleValidators(document),
  };
}

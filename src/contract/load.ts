// Reads openapi.yaml from this package (or another file) into a Contract: the
// only code that reads the contract from disk.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { load as parseYaml } from 'js-yaml';
import { createContract, type Contract, type OpenApiDocument } from './contract.js';

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

/** Reads, parses and dereferences the contract: call once, and pass the value on. */
export function loadContract(path: string = specPath): Contract {
  return createContract(readDocument(path));
}

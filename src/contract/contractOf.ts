// The contract a server runs, and the text it serves at /openapi.yaml and
// /openapi.json: a contract given as a value (its own document, as YAML), or
// read from a file (default: the built-in openapi.yaml), as it is written.
import { dump } from 'js-yaml';
import type { Contract } from './contract.js';
import { readContractFile, type ContractFile } from './load.js';

export function contractOf(given: Contract | undefined, file: string | undefined, maxBytes?: number): ContractFile {
  if (given) return { contract: given, text: dump(given.document), json: JSON.stringify(given.document), files: [] };
  return readContractFile(file, maxBytes === undefined ? {} : { maxBytes });
}

// The contract a server runs, and the text it serves at /openapi.yaml and
// /openapi.json: a contract given as a value (its own document, as YAML), or
// read from a file (default: the built-in openapi.yaml), as it is written.
import { dump } from 'js-yaml';
import type { Contract } from './contract.js';
import { readContractFile, type ContractFile } from './load.js';

export function contractOf(given: Contract | undefined, file: string | undefined, maxBytes?: number): ContractFile {
  if (given) {
    const text = dump(given.document);
    return {
      contract: given,
      text,
      json: JSON.stringify(given.document),
      files: [],
      sources: { text, files: new Map() },
    };
  }
  return readContractFile(file, maxBytes === undefined ? {} : { maxBytes });
}

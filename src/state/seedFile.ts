// --seed FILE: reads a seed file (see seed.ts for its shape).
import { readFileSync } from 'node:fs';
import type { Contract } from '../contract/contract.js';
import type { ApiKey } from './keys.js';
import { RecordsError } from './records.js';
import { parseSeed } from './seed.js';
import type { StoredChatbot } from './store.js';

export function readSeedFile(contract: Contract, path: string, keys: readonly ApiKey[]): StoredChatbot[] {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new RecordsError(`seed file ${path}: ${(error as Error).message}`);
  }
  return parseSeed(contract, json, keys, `seed file ${path}`);
}

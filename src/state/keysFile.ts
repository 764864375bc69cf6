// --keys FILE: reads a keys file (see keys.ts for its shape).
import { readFileSync } from 'node:fs';
import { KeysFileError, parseKeys, type ApiKey } from './keys.js';

export function readKeysFile(path: string): ApiKey[] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new KeysFileError(`cannot read keys file ${path}: ${(error as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new KeysFileError(`keys file ${path} is not valid JSON: ${(error as Error).message}`);
  }
  try {
    return parseKeys(json);
  } catch (error) {
    throw new KeysFileError(`keys file ${path}: ${(error as Error).message}`);
  }
}

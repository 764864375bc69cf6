// A keys file (see keys.ts for its shape), and the one rule of where a server's
// keys come from: a file, keys given directly, or else the built-in demo keys.
import { readFileSync } from 'node:fs';
import { DEMO_KEYS, KeysFileError, parseKeys, type ApiKey, type KeysFile } from './keys.js';

/** The keys a server runs with, and whether they are the built-in demo keys. */
export function loadKeys(options: { keysFile?: string; keys?: KeysFile }): { keys: ApiKey[]; demoKeys: boolean } {
  if (options.keysFile) return { keys: readKeysFile(options.keysFile), demoKeys: false };
  return { keys: parseKeys(options.keys ?? DEMO_KEYS), demoKeys: options.keys === undefined };
}

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

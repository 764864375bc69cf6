// The config file: the serve flags, named after the package. Searched from the
// working directory up: "chatbot-api-mock" in package.json,
// .chatbot-api-mockrc.json, or chatbot-api-mock.config.json; or given with --config.
//   { "port": 4010, "host": "127.0.0.1", "keys": "keys.json", "seed": "seed.json",
//     "dataFile": "state.json", "adminToken": "…", "delay": "100-300", "faultRate": 0.05,
//     "validateResponses": true, "quiet": false }
// Relative paths in it are relative to the file. Flags win over the environment,
// the environment over the file, and the file over the defaults.
import { dirname, resolve } from 'node:path';
import { lilconfigSync } from 'lilconfig';

export const CONFIG_NAME = 'chatbot-api-mock';

export interface ConfigFile {
  port?: number;
  host?: string;
  keys?: string;
  seed?: string;
  dataFile?: string;
  adminToken?: string;
  delay?: string | number;
  faultRate?: number;
  validateResponses?: boolean;
  quiet?: boolean;
}

const TYPES: Record<keyof ConfigFile, 'string' | 'number' | 'boolean' | 'delay'> = {
  port: 'number',
  host: 'string',
  keys: 'string',
  seed: 'string',
  dataFile: 'string',
  adminToken: 'string',
  delay: 'delay',
  faultRate: 'number',
  validateResponses: 'boolean',
  quiet: 'boolean',
};
const PATHS = ['keys', 'seed', 'dataFile'] as const;

export class ConfigFileError extends Error {
  override name = 'ConfigFileError';
}

/** The config file's values (with its path), or none when there is no file. */
export function loadConfig(explicitPath?: string): { path?: string; config: ConfigFile } {
  const explorer = lilconfigSync(CONFIG_NAME, {
    searchPlaces: ['package.json', `.${CONFIG_NAME}rc.json`, `${CONFIG_NAME}.config.json`],
  });
  let found: { filepath: string; config: unknown } | null;
  try {
    found = explicitPath ? explorer.load(resolve(explicitPath)) : explorer.search();
  } catch (error) {
    throw new ConfigFileError(`config file ${explicitPath ?? ''}: ${(error as Error).message}`);
  }
  if (!found) return { config: {} };
  return { path: found.filepath, config: checkConfig(found.config, found.filepath) };
}

function checkConfig(config: unknown, path: string): ConfigFile {
  if (typeof config !== 'object' || config === null || Array.isArray(config)) {
    throw new ConfigFileError(`config file ${path}: expected an object`);
  }
  const checked: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(config)) {
    const type = TYPES[key as keyof ConfigFile];
    if (!type) throw new ConfigFileError(`config file ${path}: unknown setting "${key}" (known: ${Object.keys(TYPES).join(', ')})`);
    const ok = type === 'delay' ? ['string', 'number'].includes(typeof value) : typeof value === type;
    if (!ok) throw new ConfigFileError(`config file ${path}: "${key}" must be a ${type === 'delay' ? 'string or number' : type}`);
    checked[key] = (PATHS as readonly string[]).includes(key) ? resolve(dirname(path), value as string) : value;
  }
  return checked as ConfigFile;
}

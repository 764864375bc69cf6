// The config file: the settings of `serve` (src/cli/settings.ts), found by
// lilconfig in the working directory or named with --config. Its keys are
// checked here; its values, as every value of a setting, by runServe. Paths
// in it are relative to the file. One file serves every command: each takes
// its own rows (proxy and verify theirs) and passes over the others' keys.
import { didYouMean } from '../untrusted/nearest.js';
import { dirname, resolve } from 'node:path';
import { lilconfigSync } from 'lilconfig';
import { ALL_SETTINGS } from './commandSettings.js';
import { SERVE_SETTINGS, type CliSetting } from './settings.js';

export const CONFIG_NAME = 'chatbot-api-mock';

/** The file's values, by setting. */
export type ConfigFile = Map<CliSetting, unknown>;

const PATHS: readonly CliSetting['key'][] = ['contractFile', 'keysFile', 'seedFile', 'dataFile'];

export class ConfigFileError extends Error {
  override name = 'ConfigFileError';
}

/** The file's values for `settings` (with its path), or none when there is no file. */
export function loadConfig(
  explicitPath?: string,
  settings: readonly CliSetting[] = SERVE_SETTINGS,
): { path?: string; config: ConfigFile } {
  const explorer = lilconfigSync(CONFIG_NAME, {
    searchPlaces: ['package.json', `.${CONFIG_NAME}rc.json`, `${CONFIG_NAME}.config.json`],
  });
  let found: { filepath: string; config: unknown } | null;
  try {
    found = explicitPath ? explorer.load(resolve(explicitPath)) : explorer.search();
  } catch (error) {
    throw new ConfigFileError(`config file ${explicitPath ?? ''}: ${(error as Error).message}`);
  }
  if (!found) return { config: new Map() };
  return { path: found.filepath, config: checkConfig(found.config, found.filepath, settings) };
}

function checkConfig(config: unknown, path: string, settings: readonly CliSetting[]): ConfigFile {
  if (typeof config !== 'object' || config === null || Array.isArray(config)) {
    throw new ConfigFileError(`config file ${path}: expected an object`);
  }
  const values: ConfigFile = new Map();
  for (const [key, value] of Object.entries(config)) {
    const setting = settings.find((candidate) => candidate.configKey === key);
    if (!setting) {
      if (ALL_SETTINGS.some((candidate) => candidate.configKey === key)) continue;
      const known = ALL_SETTINGS.map((candidate) => candidate.configKey);
      throw new ConfigFileError(
        `config file ${path}: unknown setting "${key}"${didYouMean(key, known)} (known: ${known.join(', ')})`,
      );
    }
    values.set(
      setting,
      PATHS.includes(setting.key) && typeof value === 'string' ? resolve(dirname(path), value) : value,
    );
  }
  return values;
}

// The config file: the settings of `serve` (src/server/settings.ts), found by
// lilconfig in the working directory or named with --config, each value checked
// as its flag is. Paths in it are relative to the file.
import { dirname, resolve } from 'node:path';
import { lilconfigSync } from 'lilconfig';
import { checkSetting, SERVE_SETTINGS, settingOf, SettingError, type ServeSettings } from '../server/settings.js';

export const CONFIG_NAME = 'chatbot-api-mock';

export type ConfigFile = Partial<ServeSettings>;

const PATHS: readonly string[] = ['keys', 'seed', 'dataFile'];

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
    if (!settingOf(key)) {
      throw new ConfigFileError(`config file ${path}: unknown setting "${key}" (known: ${SERVE_SETTINGS.map((s) => s.key).join(', ')})`);
    }
    try {
      const parsed = checkSetting(key as keyof ServeSettings, value, `config file ${path}: "${key}"`);
      checked[key] = PATHS.includes(key) ? resolve(dirname(path), parsed as string) : parsed;
    } catch (error) {
      if (error instanceof SettingError) throw new ConfigFileError(error.message);
      throw error;
    }
  }
  return checked as ConfigFile;
}

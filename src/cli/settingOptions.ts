// A command whose flags come from a settings table (src/cli/settings.ts): each
// row becomes a flag with its variable, and the values given are gathered with
// where each came from, so that a refused one is named as it was given. A flag
// wins over its variable, which wins over the config file, which wins over the
// default.
import { Option, type Command } from 'commander';
import type { Logger } from 'pino';
import { booleanOf } from '../serve/options.js';
import type { ConfigFile } from './config.js';
import { createLogger } from './logger.js';
import { allowedOf, isSwitch, type CliSetting } from './settings.js';
import { usageError } from './usage.js';

type Source = 'default' | 'config' | 'env' | 'cli';

/** A setting's value, and where it came from, for the message that refuses it. */
export interface Given {
  value: unknown;
  from: Source;
  /** The config file, for a value from one. */
  file?: string;
}

export type GivenSettings = Map<CliSetting, Given>;

/** Adds a flag per setting; returns them, to read the values given later. */
export function addSettingOptions(command: Command, settings: readonly CliSetting[]): Map<CliSetting, Option> {
  const options = new Map<CliSetting, Option>();
  for (const setting of settings) {
    const shown =
      setting.default === undefined || typeof setting.default === 'boolean' ? '' : ` (default ${setting.default})`;
    // A switch's variable is read below (Commander would take any value of it as "on"), so its help names it;
    // Commander's help names the others' as "(env: NAME)".
    const option = new Option(
      setting.flag,
      `${setting.description}${shown}${isSwitch(setting) ? `; env ${setting.env}` : ''}`,
    );
    if (!isSwitch(setting)) option.env(setting.env);
    command.addOption(option);
    options.set(setting, option);
  }
  return options;
}

/** The value of every setting given, by flag, variable, config file or default. */
export function givenSettings(
  options: Map<CliSetting, Option>,
  flags: Record<string, unknown>,
  self: Command,
  config?: { file?: string; values: ConfigFile },
): GivenSettings {
  const given: GivenSettings = new Map();
  for (const setting of options.keys())
    if (setting.default !== undefined) given.set(setting, { value: setting.default, from: 'default' });
  for (const [setting, value] of config?.values ?? [])
    given.set(setting, { value, from: 'config', ...(config?.file ? { file: config.file } : {}) });
  for (const [setting, option] of options) {
    const name = option.attributeName();
    const source = self.getOptionValueSource(name);
    if (source === 'cli' || source === 'env')
      given.set(setting, { value: flags[name], from: source === 'cli' ? 'cli' : 'env' });
    else if (isSwitch(setting) && process.env[setting.env])
      given.set(setting, { value: process.env[setting.env], from: 'env' });
  }
  return given;
}

/** One line naming the flag, variable or config key a refused value came from, and what it allows. */
export function refused(setting: CliSetting, { value, from, file }: Given): never {
  const allowed = allowedOf(setting);
  if (from === 'cli')
    usageError(`option '${setting.flag}' argument '${String(value)}' is invalid. expected ${allowed}`);
  if (from === 'config')
    usageError(`config file ${file}: "${setting.configKey}": expected ${allowed}, not ${JSON.stringify(value)}`);
  usageError(`${setting.env}: expected ${allowed}, not ${JSON.stringify(value)}`);
}

/** The given value of a setting of the command line itself, as a boolean (quiet, dynamic); refused when it is none. */
export function givenSwitch(given: GivenSettings, key: CliSetting['key']): boolean {
  const entry = [...given].find(([setting]) => setting.key === key);
  if (!entry) return false;
  const value = booleanOf(entry[1].value);
  return value ?? refused(entry[0], entry[1]);
}

/** The logger --quiet and --log-format ask for. */
export function loggerOf(given: GivenSettings): Logger {
  const quiet = givenSwitch(given, 'quiet');
  const entry = [...given].find(([setting]) => setting.key === 'logFormat');
  const format = entry && String(entry[1].value).trim().toLowerCase();
  if (entry && format !== 'pretty' && format !== 'json') refused(entry[0], entry[1]);
  return createLogger({ quiet, ...(format ? { pretty: format === 'pretty' } : {}) });
}

/** A start refused because of a setting (an error naming its option): one line that names the flag, and exit 2. */
export function exitOnSettingRefused(error: unknown, settings: readonly CliSetting[]): void {
  const option = (error as { option?: string }).option;
  const setting = settings.find((candidate) => candidate.key === option);
  if (setting) usageError(`${(error as Error).message} (${setting.flag.replace(/ <.*$/, '').replace(/^-\w, /, '')})`);
}

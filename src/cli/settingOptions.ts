// A command whose flags come from a settings table (src/cli/settings.ts): each
// row becomes a flag with its variable, and the values given are gathered with
// where each came from, so that a refused one is named as it was given. A flag
// wins over its variable, which wins over the config file, which wins over the
// default.
import { Option, type Command } from 'commander';
import type { Logger } from 'pino';
import { openAdminProblem } from '../http/openAdmin.js';
import type { CheckedOption, CheckedOptions } from '../serve/options.js';
import type { ConfigFile } from './config.js';
import { createLogger } from './logger.js';
import { booleanOf, optionValue } from './settingValues.js';
import { allowedOf, isServerOption, isSwitch, type CliSetting } from './settings.js';
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
    // A switch's variable is read below (Commander would take any value of it as "on"), so its help names it as
    // Commander's help names the others': "(env: NAME)".
    const option = new Option(
      setting.flag,
      `${setting.description}${shown}${isSwitch(setting) ? ` (env: ${setting.env})` : ''}`,
    );
    if (!isSwitch(setting)) option.env(setting.env);
    // A list is given as the flag repeated, comma-separated, or both, as its variable and the config file give it.
    if (setting.key === 'allowedHosts')
      option.argParser((value: string, previous?: string) => (previous ? `${previous},${value}` : value));
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
    given.set(setting, { value, from: 'config', file: config?.file });
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
  return createLogger({ quiet, pretty: format === undefined ? undefined : format === 'pretty' });
}

/**
 * The options of runServe or runMock that the values given set, each coerced to its type; a value that is not one
 * its option allows, or settings that cannot run together, are refused by the flag, variable or config key given.
 */
export function serverOptions(given: GivenSettings, settings: readonly CliSetting[]): Partial<CheckedOptions> {
  const options: Partial<CheckedOptions> = {};
  const set = <K extends CheckedOption>(key: K, value: CheckedOptions[K]) => (options[key] = value);
  for (const [setting, entry] of given)
    if (isServerOption(setting.key)) set(setting.key, optionValue(setting.key, entry.value) ?? refused(setting, entry));
  if (options.dataFile !== undefined && options.databaseUrl !== undefined)
    usageError(`a data file and a database URL name two stores: give one of them (${flagOf(settings, 'databaseUrl')})`);
  const open = openAdminProblem(options.host ?? '127.0.0.1', options.adminToken);
  if (open) usageError(`${open} (${flagOf(settings, 'adminToken')})`);
  return options;
}

/** A setting's flag as its help shows it, without the short form or the value's name. */
function flagOf(settings: readonly CliSetting[], key: CliSetting['key']): string {
  const setting = settings.find((candidate) => candidate.key === key);
  return (setting?.flag ?? key).replace(/ <.*$/, '').replace(/^-\w, /, '');
}

// The settings `verify` and `proxy` take from the settings table
// (src/cli/settings.ts): each row's flag with its variable, the config file's
// key (the same file serve reads, --config or searched), and each value checked
// here, once, a refused one named as it was given (exit 2).
import type { Command } from 'commander';
import { responseBytesOf } from '../verify/answerCap.js';
import { ConfigFileError, loadConfig } from './config.js';
import { addSettingOptions, givenSettings, refused } from './settingOptions.js';
import { optionValue } from './settingValues.js';
import type { CliSetting } from './settings.js';
import { usageError } from './usage.js';

export interface ToolSettings {
  maxResponseBytes: number;
  adminToken?: string;
  /** More Host names the admin API answers (the proxy's). */
  allowedHosts?: string[];
  /** The contract file to judge by (default: the built-in one), and the most bytes of it read. */
  contractFile?: string;
  maxContractBytes?: number;
  /** The config file read, if one was found or named. */
  configFile?: string;
}

/** Adds the rows' flags and --config to the command; returns what reads their values once it runs. */
export function addToolSettings(
  command: Command,
  settings: readonly CliSetting[],
): (flags: Record<string, unknown>, self: Command) => ToolSettings {
  const options = addSettingOptions(command, settings);
  command.option('-c, --config <file>', 'config file (default: searched from the working directory)');
  return (flags, self) => {
    const { path, config } = readConfig(flags.config as string | undefined, settings);
    const given = givenSettings(options, flags, self, { file: path, values: config });
    const checked: Partial<ToolSettings> = path ? { configFile: path } : {};
    for (const [setting, entry] of given) {
      if (setting.key === 'maxResponseBytes') {
        checked.maxResponseBytes = responseBytesOf(entry.value) ?? refused(setting, entry);
      } else if (
        setting.key === 'adminToken' ||
        setting.key === 'allowedHosts' ||
        setting.key === 'contractFile' ||
        setting.key === 'maxContractBytes'
      ) {
        Object.assign(checked, { [setting.key]: optionValue(setting.key, entry.value) ?? refused(setting, entry) });
      }
    }
    // Every table here has the cap, with its default.
    return checked as ToolSettings;
  };
}

function readConfig(path: string | undefined, settings: readonly CliSetting[]) {
  try {
    return loadConfig(path, settings);
  } catch (error) {
    if (error instanceof ConfigFileError) usageError(error.message);
    throw error;
  }
}

// The values the command line is given, as text (a flag, a variable) or JSON
// (the config file), coerced into the types runServe and runMock take and
// checked by their rules (src/serve/options.ts). A value refused here is named
// by where it came from (settingOptions.ts).
import type { Delay } from '../engine/steps/faults.js';
import { allows, type CheckedOption, type CheckedOptions } from '../serve/options.js';

/** true or false, or their words (true, 1, yes, on; false, 0, no, off), as a variable gives them. */
export function booleanOf(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  const word = typeof value === 'string' ? value.trim().toLowerCase() : '';
  if (['true', '1', 'yes', 'on'].includes(word)) return true;
  if (['false', '0', 'no', 'off'].includes(word)) return false;
  return undefined;
}

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : undefined);

function wholeNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  return typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : undefined;
}

function decimal(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  return typeof value === 'string' && value.trim() !== '' ? Number(value) : undefined;
}

/** A delay as a flag writes it, MS or MIN-MAX, or as the config file may: a number or [min, max]. */
export function delayOf(value: unknown): Delay | undefined {
  if (typeof value === 'number') return value;
  if (Array.isArray(value) && value.length === 2 && value.every((end) => typeof end === 'number'))
    return value as [number, number];
  const match = typeof value === 'string' ? /^(\d+)(?:-(\d+))?$/.exec(value.trim()) : null;
  if (!match) return undefined;
  return match[2] === undefined ? Number(match[1]) : [Number(match[1]), Number(match[2])];
}

/** Host names, comma-separated in text, or a list in the config file. */
function hostsOf(value: unknown): string[] | undefined {
  const list = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : undefined;
  return list?.map((host) => (typeof host === 'string' ? host.trim().toLowerCase() : ''));
}

const COERCIONS: { [K in CheckedOption]: (value: unknown) => CheckedOptions[K] | undefined } = {
  port: wholeNumber,
  host: text,
  contractFile: text,
  keysFile: text,
  seedFile: text,
  scenariosFile: text,
  scenario: text,
  dataFile: text,
  databaseUrl: trimmed,
  adminToken: text,
  allowedHosts: hostsOf,
  delay: delayOf,
  faultRate: decimal,
  maxChatbotsPerAccount: wholeNumber,
  maxRecordsPerAccount: wholeNumber,
  maxRecords: wholeNumber,
  maxContractBytes: wholeNumber,
  validateResponses: booleanOf,
  watch: booleanOf,
};

/** The value given for an option, as its type; undefined when it is not one the option allows. */
export function optionValue<K extends CheckedOption>(option: K, given: unknown): CheckedOptions[K] | undefined {
  const value = COERCIONS[option](given);
  return value !== undefined && allows(option, value) ? value : undefined;
}

// The one check of each setting of a server: wherever a value comes from (code,
// a flag, a variable, the config file), runServe parses it here, once, and
// refuses it with an OptionError that names the option. Values may be given as
// text, as a flag gives them. No flag is named here: the command line says which
// of its flags, variables or config keys a refused option came from.
import { parseDelay } from '../engine/steps/faults.js';

/** A value the option does not allow. */
export class OptionError extends Error {
  override name = 'OptionError';
  constructor(
    readonly option: CheckedOption,
    readonly value: unknown,
    readonly allowed: string,
  ) {
    super(`runServe: ${option}: expected ${allowed}, not ${JSON.stringify(value)}`);
  }
}

const invalid = Symbol('invalid');
type Parsed<T> = T | typeof invalid;

function text(value: unknown): Parsed<string> {
  return typeof value === 'string' && value.trim() !== '' ? value : invalid;
}

function wholeNumber(value: unknown, min: number, max: number): Parsed<number> {
  const number = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value;
  return typeof number === 'number' && Number.isSafeInteger(number) && number >= min && number <= max
    ? number
    : invalid;
}

function fraction(value: unknown): Parsed<number> {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && number >= 0 && number <= 1 ? number : invalid;
}

function delay(value: unknown): Parsed<[number, number]> {
  const written =
    Array.isArray(value) && value.length === 2
      ? `${value[0]}-${value[1]}`
      : typeof value === 'number' || typeof value === 'string'
        ? String(value)
        : undefined;
  if (written === undefined) return invalid;
  try {
    return parseDelay(written);
  } catch {
    return invalid;
  }
}

function postgresUrl(value: unknown): Parsed<string> {
  return typeof value === 'string' && /^postgres(ql)?:\/\/\S+$/.test(value.trim()) ? value.trim() : invalid;
}

function hosts(value: unknown): Parsed<string[]> {
  const list = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : undefined;
  const names = list?.map((host) => (typeof host === 'string' ? host.trim().toLowerCase() : ''));
  return names && names.length > 0 && names.every((host) => /^[a-z0-9.-]+$/.test(host)) ? names : invalid;
}

/** true or false, or their words (true, 1, yes, on; false, 0, no, off), as a variable gives them. */
export function booleanOf(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  const word = typeof value === 'string' ? value.trim().toLowerCase() : '';
  if (['true', '1', 'yes', 'on'].includes(word)) return true;
  if (['false', '0', 'no', 'off'].includes(word)) return false;
  return undefined;
}

const RULES = {
  port: { allowed: 'a port number from 0 to 65535', parse: (value: unknown) => wholeNumber(value, 0, 65_535) },
  contractFile: { allowed: 'a file path', parse: text },
  host: { allowed: 'an address', parse: text },
  keysFile: { allowed: 'a file path', parse: text },
  seedFile: { allowed: 'a file path', parse: text },
  scenariosFile: { allowed: 'a file path', parse: text },
  scenario: { allowed: 'a scenario name', parse: text },
  dataFile: { allowed: 'a file path', parse: text },
  databaseUrl: { allowed: 'a postgres:// or postgresql:// URL', parse: postgresUrl },
  adminToken: { allowed: 'a token', parse: text },
  allowedHosts: { allowed: 'host names, comma-separated', parse: hosts },
  delay: { allowed: 'MS or MIN-MAX milliseconds', parse: delay },
  faultRate: { allowed: 'a fraction from 0 to 1', parse: fraction },
  maxChatbotsPerAccount: {
    allowed: 'a whole number from 1',
    parse: (value: unknown) => wholeNumber(value, 1, Number.MAX_SAFE_INTEGER),
  },
  validateResponses: { allowed: 'true or false', parse: (value: unknown) => booleanOf(value) ?? invalid },
  watch: { allowed: 'true or false', parse: (value: unknown) => booleanOf(value) ?? invalid },
  maxContractBytes: {
    allowed: 'a whole number of bytes from 1',
    parse: (value: unknown) => wholeNumber(value, 1, 2 ** 30),
  },
} as const;

/** The options runServe checks. */
export type CheckedOption = keyof typeof RULES;
type ValueOf<K extends CheckedOption> = Exclude<ReturnType<(typeof RULES)[K]['parse']>, typeof invalid>;

/** What an option allows, in words, for help and messages. */
export function allowedFor(option: CheckedOption): string {
  return RULES[option].allowed;
}

/** The option's value, parsed; an OptionError when it is not one the option allows. */
export function checkOption<K extends CheckedOption>(option: K, value: unknown): ValueOf<K> {
  const parsed = RULES[option].parse(value);
  if (parsed === invalid) throw new OptionError(option, value, RULES[option].allowed);
  return parsed as ValueOf<K>;
}

/** The option's value when one is given; undefined when not. */
export function optionalOption<K extends CheckedOption>(option: K, value: unknown): ValueOf<K> | undefined {
  return value === undefined ? undefined : checkOption(option, value);
}

/** Sets an option from text or JSON (a flag, a variable, the config file): runServe checks it, as any value. */
export function setUnchecked(options: object, option: CheckedOption, value: unknown): void {
  (options as Record<string, unknown>)[option] = value;
}

// What a type cannot say of a server's options (runServe's and runMock's): the
// range or shape each value must have. A server checks them once as it starts,
// so that a program's mistake is refused by the option's name before anything
// listens. The command line coerces its text into these types and checks it by
// the same rules, naming its own flags (src/cli/settingValues.ts).

import type { Delay } from '../engine/steps/faults.js';

const wholeFrom = (min: number, max: number) => (value: number) =>
  Number.isSafeInteger(value) && value >= min && value <= max;
const filled = (value: string) => typeof value === 'string' && value.trim() !== '';

function delayHolds(value: Delay): boolean {
  const [min, max] = typeof value === 'number' ? [value, value] : Array.isArray(value) ? value : [NaN, NaN];
  return wholeFrom(0, Number.MAX_SAFE_INTEGER)(min) && wholeFrom(min, Number.MAX_SAFE_INTEGER)(max);
}

/** The type of each option a server checks. */
export interface CheckedOptions {
  port: number;
  host: string;
  contractFile: string;
  keysFile: string;
  seedFile: string;
  scenariosFile: string;
  scenario: string;
  dataFile: string;
  databaseUrl: string;
  adminToken: string;
  allowedHosts: string[];
  delay: Delay;
  faultRate: number;
  maxChatbotsPerAccount: number;
  maxRecordsPerAccount: number;
  maxRecords: number;
  maxContractBytes: number;
  validateResponses: boolean;
  watch: boolean;
}
export type CheckedOption = keyof CheckedOptions;

const rule = <T>(allowed: string, holds: (value: T) => boolean) => ({ allowed, holds });

export const OPTION_RULES: { [K in CheckedOption]: { allowed: string; holds: (value: CheckedOptions[K]) => boolean } } =
  {
    port: rule('a port number from 0 to 65535', wholeFrom(0, 65_535)),
    host: rule('an address', filled),
    contractFile: rule('a file path', filled),
    keysFile: rule('a file path', filled),
    seedFile: rule('a file path', filled),
    scenariosFile: rule('a file path', filled),
    scenario: rule('a scenario name', filled),
    dataFile: rule('a file path', filled),
    databaseUrl: rule('a postgres:// or postgresql:// URL', (value: string) =>
      /^postgres(ql)?:\/\/\S+$/.test(String(value)),
    ),
    adminToken: rule('a token', filled),
    allowedHosts: rule(
      'host names',
      (value: string[]) =>
        Array.isArray(value) && value.length > 0 && value.every((host) => /^[a-z0-9.-]+$/i.test(String(host))),
    ),
    delay: rule('MS or MIN-MAX milliseconds', delayHolds),
    faultRate: rule('a fraction from 0 to 1', (value: number) => typeof value === 'number' && value >= 0 && value <= 1),
    maxChatbotsPerAccount: rule('a whole number from 1', wholeFrom(1, Number.MAX_SAFE_INTEGER)),
    maxRecordsPerAccount: rule('a whole number from 1', wholeFrom(1, Number.MAX_SAFE_INTEGER)),
    maxRecords: rule('a whole number from 1', wholeFrom(1, Number.MAX_SAFE_INTEGER)),
    maxContractBytes: rule('a whole number of bytes from 1', wholeFrom(1, 2 ** 30)),
    validateResponses: rule('true or false', (value: boolean) => typeof value === 'boolean'),
    watch: rule('true or false', (value: boolean) => typeof value === 'boolean'),
  };

/** A value an option does not allow, given in code. */
export class OptionError extends Error {
  override name = 'OptionError';
  constructor(
    caller: string,
    readonly option: CheckedOption,
    readonly value: unknown,
  ) {
    super(`${caller}: ${option}: expected ${OPTION_RULES[option].allowed}, not ${JSON.stringify(value)}`);
  }
}

/** Whether the value is one the option allows. */
export function allows<K extends CheckedOption>(option: K, value: CheckedOptions[K]): boolean {
  return OPTION_RULES[option].holds(value);
}

/** Refuses, with an OptionError naming it, the first option given whose value is not one it allows. */
export function checkOptions(options: Partial<CheckedOptions>, caller: string): void {
  for (const option of Object.keys(OPTION_RULES) as CheckedOption[]) {
    const value = options[option];
    if (value !== undefined && !allows(option, value)) throw new OptionError(caller, option, value);
  }
}

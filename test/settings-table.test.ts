// The settings of `serve` are checked once, by runServe (src/serve/options.ts),
// whichever way they come: a flag, an environment variable, the config file
// (logging-config.test.ts) or code; the command line names where a refused one came from.
import { beforeAll, describe, expect, it } from 'vitest';
import { SERVE_SETTINGS } from '../src/cli/settings.js';
import { OptionError } from '../src/serve/options.js';
import { runServe } from '../src/serve/runServe.js';
import { assertBuilt, run } from './helpers/run.js';

beforeAll(assertBuilt);

describe('the serve settings table', () => {
  it('gives every setting a flag, a variable and a description', () => {
    for (const setting of SERVE_SETTINGS) {
      expect(setting.flag, setting.key).toMatch(/^(-\w, )?--[a-z-]+/);
      expect(setting.env, setting.key).toMatch(/^[A-Z_]+$/);
      expect(setting.description.length, setting.key).toBeGreaterThan(5);
    }
  });

  it.each([
    [{ faultRate: 5 }, 'runServe: faultRate: expected a fraction from 0 to 1, not 5'],
    [{ port: 70000 }, 'runServe: port: expected a port number from 0 to 65535, not 70000'],
    [{ port: 1.5 }, 'runServe: port: expected a port number from 0 to 65535, not 1.5'],
    [{ delay: [20, 10] as [number, number] }, 'runServe: delay: expected MS or MIN-MAX milliseconds, not [20,10]'],
  ])('runServe(%j) is refused as the flag is', async (options, message) => {
    const failure = runServe(options);
    await expect(failure).rejects.toThrow(OptionError);
    await expect(failure).rejects.toThrow(message);
  });

  it.each([
    [
      ['--fault-rate', '5'],
      {},
      /option '--fault-rate <rate>' argument '5' is invalid\. expected a fraction from 0 to 1/,
    ],
    [[], { FAULT_RATE: '5' }, /FAULT_RATE: expected a fraction from 0 to 1, not "5"/],
    [
      ['--delay', 'soon'],
      {},
      /option '--delay <ms\|min-max>' argument 'soon' is invalid\. expected MS or MIN-MAX milliseconds/,
    ],
    [[], { QUIET: 'maybe' }, /QUIET: expected true or false, not "maybe"/],
    [
      ['--max-records-per-account', '0'],
      {},
      /option '--max-records-per-account <n>' argument '0' is invalid\. expected a whole number from 1/,
    ],
  ])('the flag or variable %j %j is refused', async (args, env, message) => {
    const started = run(['serve', '--port', '0', ...args], env);
    expect(await started.exit).not.toBe(0);
    expect(started.stderr()).toMatch(message);
  });
});

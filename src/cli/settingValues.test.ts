// The command line's coercion of what it is given (text from a flag or a
// variable, JSON from the config file) into the typed options of runServe.
import { describe, expect, it } from 'vitest';
import { booleanOf, delayOf, optionValue } from './settingValues.js';

describe('the values the command line is given', () => {
  it('reads a delay as MS or MIN-MAX, or as the config file writes it', () => {
    expect(delayOf('150')).toBe(150);
    expect(delayOf(' 100-300 ')).toEqual([100, 300]);
    expect(delayOf(40)).toBe(40);
    expect(delayOf([10, 20])).toEqual([10, 20]);
    expect(delayOf('fast')).toBeUndefined();
    expect(delayOf('-5')).toBeUndefined();
  });

  it('refuses a delay whose end comes before its start, by the option’s own rule', () => {
    expect(optionValue('delay', '300-100')).toBeUndefined();
    expect(optionValue('delay', '100-300')).toEqual([100, 300]);
  });

  it('coerces numbers, lists and switches, and keeps each within its range', () => {
    expect(optionValue('port', '8080')).toBe(8080);
    expect(optionValue('port', '80.5')).toBeUndefined();
    expect(optionValue('port', 70_000)).toBeUndefined();
    expect(optionValue('faultRate', '0.25')).toBe(0.25);
    expect(optionValue('faultRate', '2')).toBeUndefined();
    expect(optionValue('allowedHosts', 'Example.COM, dev.local')).toEqual(['example.com', 'dev.local']);
    expect(optionValue('allowedHosts', 'a b')).toBeUndefined();
    expect(optionValue('databaseUrl', ' postgres://db/x ')).toBe('postgres://db/x');
    expect(optionValue('databaseUrl', 'mysql://db/x')).toBeUndefined();
    expect(optionValue('watch', 'yes')).toBe(true);
    expect(optionValue('host', '  ')).toBeUndefined();
  });

  it('reads the words of a switch as a variable gives them', () => {
    expect(['true', '1', 'YES', 'on'].map(booleanOf)).toEqual([true, true, true, true]);
    expect(['false', '0', 'no', 'Off'].map(booleanOf)).toEqual([false, false, false, false]);
    expect(booleanOf('maybe')).toBeUndefined();
  });
});

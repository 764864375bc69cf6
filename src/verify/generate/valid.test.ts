// Generated bodies are bounded in the values they hold, a list of lists counting its items' items: a list holds at
// most its fewest items once the lists around it would pass the bound, a required property whose fewest items
// already pass it makes the body one verify cannot generate (CannotGenerate, naming it: its cases are skipped), and
// an optional one is left out. A minItems or minLength past verify's
// usual lengths is honoured.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonLength } from '../../contract/limits.js';
import type { Schema } from './schemas.js';
import { MOST_VALUES, validArbitrary } from './valid.js';

const listOf = (items: Schema, minItems: number, maxItems?: number): Schema => ({
  type: 'array',
  minItems,
  ...(maxItems === undefined ? {} : { maxItems }),
  items,
});
const DEEP = listOf(listOf(listOf(listOf({ type: 'integer' }, 1_000), 1_000), 1_000), 1_000);
const sample = (schema: Schema) => fc.sample(validArbitrary(schema), { numRuns: 20, seed: 1 });

describe('a generated body', () => {
  it('honours a minItems and a minLength past the lengths verify tries', () => {
    for (const value of sample(listOf({ type: 'string', minLength: 500 }, 10)) as string[][]) {
      expect(value.length).toBeGreaterThanOrEqual(10);
      expect(value.every((text) => text.length >= 500)).toBe(true);
    }
  });

  it('holds lists of their fewest items once the lists around them would pass the bound', () => {
    // Sixteen levels of up to five items would be 5^16 values.
    let schema: Schema = { type: 'integer' };
    for (let level = 0; level < 16; level++) schema = listOf(schema, 0, 5);
    for (const value of sample(schema)) expect(jsonLength(value)).toBeLessThan(MOST_VALUES * 30);
  });

  it('cannot generate a body whose required property passes the bound, naming it; leaves out an optional one', () => {
    const body = (required: string[]): Schema => ({
      type: 'object',
      required: ['name', ...required],
      properties: { name: { type: 'string' }, deep: DEEP } as Schema['properties'],
    });
    expect(() => validArbitrary(body(['deep']))).toThrow(
      /verify cannot generate a value for deep\.0: its minItems 1000, 1000 times over/,
    );
    for (const value of sample(body([]))) expect(Object.keys(value as object)).toEqual(['name']);
  });
});

describe('a generated string with a pattern, an object with limits', () => {
  const body = (property: Schema, required: boolean): Schema => ({
    type: 'object',
    required: required ? ['name', 'it'] : ['name'],
    properties: { name: { type: 'string' }, it: property } as Schema['properties'],
  });

  it('is made from its pattern where generated text would not match it, within its lengths', () => {
    for (const value of sample({ type: 'string', pattern: '^x{6}$' })) expect(value).toBe('xxxxxx');
    const code = { type: 'string', pattern: '^[A-Z]{2}-\\d{3}$', maxLength: 6 } as Schema;
    for (const value of sample(code)) expect(value).toMatch(/^[A-Z]{2}-\d{3}$/);
    for (const value of sample({ type: 'string', pattern: '^a+$', minLength: 3, maxLength: 5 }))
      expect(value).toMatch(/^a{3,5}$/);
  });

  it('whose pattern the automaton does not read (a lookahead) cannot be made when required, else is left out', () => {
    const unread = { type: 'string', pattern: '^(?=.*x)' } as Schema;
    expect(() => validArbitrary(body(unread, true))).toThrow(
      'verify cannot generate a value for it: its pattern ^(?=.*x) is not one verify reads (a lookaround)',
    );
    for (const value of sample(body(unread, false))) expect(Object.keys(value as object)).toEqual(['name']);
  });

  it('is tested on the bounded automaton, never RegExp: a pattern that backtracks for ever on drawn text ends', () => {
    // On 32 characters that do not end in QQQQ, RegExp would try 2^32 ways.
    const hostile = { type: 'string', pattern: '^([^]|[^])*QQQQ$', minLength: 32, maxLength: 32 } as Schema;
    expect(() => validArbitrary(body(hostile, true))).toThrow(
      'verify cannot generate a value for it: none of 400 strings tried matches its pattern ^([^]|[^])*QQQQ$ ' +
        'within 32 to 32 characters',
    );
    for (const value of sample({ type: 'string', pattern: '^(a+)+$', minLength: 30 })) expect(value).toMatch(/^a+$/);
  });

  it('is not drawn from a pattern whose nested repetitions would make strings without bound, but from text', () => {
    // fast-check's stringMatching takes seconds for each string of this one, and more for each level deeper.
    for (const value of sample({ type: 'string', pattern: '^(((((((a*)*)*)*)*)*)*)*$' })) expect(value).toMatch(/^a*$/);
  });

  it('that none of the values tried meets cannot be generated, named, when required; is left out when not', () => {
    const never = { type: 'string', pattern: '^x{6}$', maxLength: 3 } as Schema;
    expect(() => validArbitrary(body(never, true))).toThrow(
      'verify cannot generate a value for it: none of 400 strings tried matches its pattern ^x{6}$ ' +
        'within 0 to 3 characters',
    );
    for (const value of sample(body(never, false))) expect(Object.keys(value as object)).toEqual(['name']);
    const tiny = { type: 'object', required: ['a'], properties: { a: { type: 'string', minLength: 4 } } } as Schema;
    const limited: Schema = { ...tiny, 'x-max-json-length': 4 };
    expect(() => validArbitrary(body(limited, true))).toThrow(
      /verify cannot generate a value for it: none of 200 objects tried is within its x-max-depth/,
    );
    for (const value of sample(body(limited, false))) expect(Object.keys(value as object)).toEqual(['name']);
    for (const value of sample({ ...tiny, 'x-max-json-length': 30 }))
      expect(JSON.stringify(value).length).toBeLessThanOrEqual(30);
  });
});

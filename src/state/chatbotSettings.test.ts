// Unit tests of the settings rules that JSON Schema cannot express alone.
import { describe, expect, it } from 'vitest';
import { createAjv } from '../contract/ajv.js';
import { entryCount, jsonLength, nestingDepth } from '../contract/limits.js';
import { resolveSettings } from './chatbotSettings.js';

describe('nestingDepth', () => {
  it('counts the outer object as level 1 and scalars as 0', () => {
    expect(nestingDepth('x')).toBe(0);
    expect(nestingDepth(null)).toBe(0);
    expect(nestingDepth({})).toBe(1);
    expect(nestingDepth({ a: 1, b: [] })).toBe(2);
    expect(nestingDepth({ a: { b: [{ c: 1 }] } })).toBe(4);
  });

  it('stops early past the limit on hostile input, without overflowing the stack', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(nestingDepth(deep, 8)).toBe(9);
    expect(nestingDepth(deep)).toBe(200_000);
  });
});

describe('the x-max-depth keyword', () => {
  it('accepts up to the limit and rejects beyond it', () => {
    const validate = createAjv().compile({ type: 'object', 'x-max-depth': 2 });
    expect(validate({ a: { b: 1 } })).toBe(true);
    expect(validate({ a: { b: {} } })).toBe(false);
    expect(validate.errors?.[0]).toMatchObject({ keyword: 'x-max-depth', params: { limit: 2 } });
  });
});

describe('resolveSettings', () => {
  const defaults = { theme: 'light', prompt: 'You are a helpful assistant.' };
  it('gives the defaults when settings are left blank', () => {
    expect(resolveSettings(undefined, defaults)).toEqual(defaults);
    expect(resolveSettings(null, defaults)).toEqual(defaults);
    expect(resolveSettings({}, defaults)).toEqual(defaults);
  });
  it('keeps every supplied key and fills in the rest', () => {
    expect(resolveSettings({ theme: 'dark', extra: [1] }, defaults)).toEqual({
      ...defaults,
      theme: 'dark',
      extra: [1],
    });
  });
  it('keeps a __proto__ key as plain data, without touching any prototype', () => {
    const supplied = JSON.parse('{"__proto__": {"polluted": true}}') as Record<string, unknown>;
    const resolved = resolveSettings(supplied, defaults) as Record<string, unknown>;
    expect(Object.getPrototypeOf(resolved)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(JSON.stringify(resolved)).toContain('"__proto__":{"polluted":true}');
  });
});

describe('entryCount and jsonLength', () => {
  it('count keys and values, and the length of the JSON, as JSON.stringify would', () => {
    for (const value of [{}, { a: [1, 2] }, { a: { b: 'x"y', c: [null, true, { d: 1.5 }] }, e: [] }, [], 'text']) {
      expect(jsonLength(value)).toBe(JSON.stringify(value).length);
    }
    expect(entryCount({ a: [1, 2] })).toBe(4);
    expect(entryCount({ a: {}, b: [[], {}] })).toBe(6);
  });

  it('stop early on hostile input, without overflowing the stack', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(jsonLength(deep, 1_000)).toBeGreaterThan(1_000);
    expect(entryCount(deep, 1_000)).toBeGreaterThan(1_000);
  });
});

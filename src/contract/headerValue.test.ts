// A header's value written as `style: simple` writes it, and read back by its schema to the value it stands for.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { headerData, headerText } from './headerValue.js';

const word = fc.stringMatching(/^[A-Za-z0-9_-]{1,8}$/);

describe('headerText', () => {
  it('writes scalars as their text, arrays and objects as style: simple does, and nothing for null', () => {
    expect(headerText(60)).toBe('60');
    expect(headerText(true)).toBe('true');
    expect(headerText('2019-08-24T14:15:22Z')).toBe('2019-08-24T14:15:22Z');
    expect(headerText([3, 4, 5])).toBe('3,4,5');
    expect(headerText({ role: 'admin', firstName: 'Alex' })).toBe('role,admin,firstName,Alex');
    expect(headerText({ role: 'admin', firstName: 'Alex' }, true)).toBe('role=admin,firstName=Alex');
    expect(headerText(null)).toBeUndefined();
    expect(headerText(undefined)).toBeUndefined();
  });
});

describe('headerData', () => {
  it('reads the text by the schema’s type, and leaves what does not fit it as text, for the check to refuse', () => {
    expect(headerData('60', { type: 'integer' })).toBe(60);
    expect(headerData('1.5', { type: 'number' })).toBe(1.5);
    expect(headerData('sixty', { type: 'integer' })).toBe('sixty');
    expect(headerData('', { type: 'integer' })).toBe('');
    expect(headerData('0x10', { type: 'integer' })).toBe('0x10');
    expect(headerData('false', { type: 'boolean' })).toBe(false);
    expect(headerData('60', { type: 'string' })).toBe('60');
    expect(headerData('60', undefined)).toBe('60');
    expect(headerData('3,4', { type: 'array', items: { type: 'integer' } })).toEqual([3, 4]);
    const page = { type: 'object' as const, properties: { page: { type: 'integer' as const } } };
    expect(headerData('page,2,sort,name', page)).toEqual({ page: 2, sort: 'name' });
    expect(headerData('page=2,sort=a=b', page, true)).toEqual({ page: 2, sort: 'a=b' });
  });

  it('reads back what headerText wrote: integers, arrays of words, objects of words', () => {
    fc.assert(fc.property(fc.integer(), (value) => headerData(headerText(value)!, { type: 'integer' }) === value));
    fc.assert(
      fc.property(fc.array(word, { minLength: 1 }), (value) => {
        expect(headerData(headerText(value)!, { type: 'array', items: { type: 'string' } })).toEqual(value);
      }),
    );
    fc.assert(
      fc.property(fc.dictionary(word, word, { minKeys: 1 }), fc.boolean(), (value, explode) => {
        expect(headerData(headerText(value, explode)!, { type: 'object' }, explode)).toEqual(value);
      }),
    );
  });
});

// A composed example is bounded by the JSON it makes, counted as it is made, not by its depth: a list of lists is its
// items times its items' items. Within the bound it honours minItems and minLength whole; no value is shared between
// two places of it, nor with the document.
import { describe, expect, it } from 'vitest';
import type { OpenAPIV3 } from 'openapi-types';
import { COMPOSED_CHARACTERS, ComposedTooLarge, composedExample } from './composedExample.js';

type Schema = OpenAPIV3.SchemaObject;
const listOf = (items: Schema, minItems: number): Schema => ({ type: 'array', minItems, items });

describe('a composed example', () => {
  it('stops a list of lists four deep (10^12 values) at its bound, before making it', () => {
    let schema: Schema = { type: 'integer' };
    for (let depth = 0; depth < 4; depth++) schema = listOf(schema, 1_000);
    expect(() => composedExample(schema)).toThrow(ComposedTooLarge);
    expect(() => composedExample(schema)).toThrow(`would pass ${COMPOSED_CHARACTERS} characters of JSON`);
  });

  it('stops a list of 50,000,000 items and a string of 300,000,000 characters before making them', () => {
    expect(() => composedExample(listOf({ type: 'string' }, 50_000_000))).toThrow(ComposedTooLarge);
    expect(() => composedExample({ type: 'string', minLength: 300_000_000 })).toThrow(ComposedTooLarge);
  });

  it('counts an example the document writes each time it is placed', () => {
    const example = { text: 'x'.repeat(10_000) };
    expect(() => composedExample(listOf({ type: 'object', example }, 200))).toThrow(ComposedTooLarge);
  });

  it('makes what fits whole: 2,000 items, a string of 5,000 characters', () => {
    expect(composedExample(listOf({ type: 'integer', minimum: 3 }, 2_000))).toEqual(Array<number>(2_000).fill(3));
    expect(composedExample({ type: 'string', minLength: 5_000 })).toHaveLength(5_000);
    expect(composedExample({ type: 'string', minLength: 2, maxLength: 3 })).toBe('str');
  });

  it('takes its bound from the caller', () => {
    expect(() => composedExample(listOf({ type: 'string' }, 100), undefined, 500)).toThrow('would pass 500 characters');
    expect(composedExample(listOf({ type: 'string' }, 10), undefined, 500)).toHaveLength(10);
  });

  it('shares no object between two items, nor with the document', () => {
    const example = { nested: { value: 1 } };
    const schema = listOf(listOf({ type: 'object', properties: { inner: { type: 'object', example } } }, 2), 2);
    const composed = composedExample(schema) as { inner: typeof example }[][];
    const inners = composed.flat().map((item) => item.inner);
    expect(new Set(inners).size).toBe(4);
    expect(new Set(composed).size).toBe(2);
    expect(inners.every((inner) => inner !== example && inner.nested !== example.nested)).toBe(true);
    expect(inners[0]).toEqual(example);
  });
});

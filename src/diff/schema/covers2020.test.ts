// The relation on JSON Schema 2020-12's keywords (OpenAPI 3.1): decided where the keywords decide it.
import { describe, expect, it } from 'vitest';
import { covers } from './relation.js';
import type { Schema } from './schema.js';

const list = (extra: Schema): Schema => ({ type: 'array', ...extra });
const object = (extra: Schema): Schema => ({ type: 'object', ...extra });
const s = { type: 'string' };
const i = { type: 'integer' };

describe('covers(wider, narrower) on 2020-12 keywords', () => {
  it.each<[string, Schema, Schema, 'yes' | 'no' | 'unknown']>([
    ['the same prefixItems', list({ prefixItems: [s, i] }), list({ prefixItems: [s, i] }), 'yes'],
    ['a prefix item widened', list({ prefixItems: [{}, i] }), list({ prefixItems: [s, i] }), 'yes'],
    ['a prefix item narrowed', list({ prefixItems: [s, i] }), list({ prefixItems: [{}, i] }), 'no'],
    ['items after the prefix narrowed', list({ prefixItems: [s], items: i }), list({ prefixItems: [s] }), 'no'],
    ['not added', { ...s, not: { const: 'x' } }, s, 'no'],
    ['not dropped', s, { ...s, not: { const: 'x' } }, 'yes'],
    ['not narrowed to fewer values', { ...s, not: { const: 'x' } }, { ...s, not: { enum: ['x', 'y'] } }, 'yes'],
    ['not widened to more values', { ...s, not: { enum: ['x', 'y'] } }, { ...s, not: { const: 'x' } }, 'no'],
    ['not of another type: nothing refused', { ...s, not: i }, s, 'yes'],
    ['contains dropped', list({}), list({ contains: s }), 'yes'],
    ['contains added', list({ contains: s }), list({}), 'no'],
    ['minContains raised', list({ contains: s, minContains: 2 }), list({ contains: s }), 'no'],
    ['minContains lowered', list({ contains: s }), list({ contains: s, minContains: 2 }), 'yes'],
    ['maxContains set', list({ contains: s, maxContains: 1 }), list({ contains: s }), 'no'],
    ['dependentRequired added', object({ dependentRequired: { a: ['b'] } }), object({}), 'no'],
    ['dependentRequired dropped', object({}), object({ dependentRequired: { a: ['b'] } }), 'yes'],
    [
      'a dependent fewer',
      object({ dependentRequired: { a: ['b'] } }),
      object({ dependentRequired: { a: ['b', 'c'] } }),
      'yes',
    ],
    ['propertyNames added', object({ propertyNames: { maxLength: 3 } }), object({}), 'no'],
    [
      'propertyNames loosened',
      object({ propertyNames: { maxLength: 5 } }),
      object({ propertyNames: { maxLength: 3 } }),
      'yes',
    ],
    [
      'a patternProperties schema widened',
      object({ patternProperties: { '^x-': {} } }),
      object({ patternProperties: { '^x-': s } }),
      'yes',
    ],
    [
      'a patternProperties schema narrowed',
      object({ patternProperties: { '^x-': s } }),
      object({ patternProperties: { '^x-': {} } }),
      'no',
    ],
    ['then widened', { if: s, then: { maxLength: 5 } }, { if: s, then: { maxLength: 3 } }, 'yes'],
    ['then narrowed', { if: s, then: { maxLength: 3 } }, { if: s, then: { maxLength: 5 } }, 'no'],
    [
      'unevaluatedProperties: false added',
      object({ properties: { a: s }, unevaluatedProperties: false }),
      object({ properties: { a: s } }),
      'no',
    ],
    [
      'unevaluatedProperties: false dropped',
      object({ properties: { a: s } }),
      object({ properties: { a: s }, unevaluatedProperties: false }),
      'yes',
    ],
    ['a oneOf whose alternatives overlap', { oneOf: [s, { type: 'string', maxLength: 3 }] }, s, 'no'],
    ['a oneOf of disjoint types', { oneOf: [s, i] }, s, 'yes'],
  ])('%s: %s', (_what, wider, narrower, verdict) => {
    expect(covers(wider, narrower)).toBe(verdict);
  });
});

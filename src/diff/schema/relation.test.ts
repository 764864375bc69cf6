// The relation every schema change is graded by: does one schema let through all that another does?
import { describe, expect, it } from 'vitest';
import { covers } from './relation.js';
import type { Schema } from './schema.js';

const name = (extra: Schema = {}): Schema => ({ type: 'string', minLength: 1, maxLength: 200, ...extra });

describe('covers(wider, narrower)', () => {
  it.each<[string, Schema, Schema, 'yes' | 'no' | 'unknown']>([
    ['the same schema', name(), name(), 'yes'],
    ['a looser maxLength', name({ maxLength: 300 }), name(), 'yes'],
    ['a tighter maxLength', name({ maxLength: 100 }), name(), 'no'],
    ['a higher minLength', name({ minLength: 3 }), name(), 'no'],
    ['an enum where any string was', { type: 'string', enum: ['a', 'b'] }, { type: 'string' }, 'no'],
    ['a value added to an enum', { enum: ['a', 'b', 'c'] }, { enum: ['a', 'b'] }, 'yes'],
    ['a value taken from an enum', { enum: ['a'] }, { enum: ['a', 'b'] }, 'no'],
    ['nullable added', name({ nullable: true }), name(), 'yes'],
    ['nullable taken away', name(), name({ nullable: true }), 'no'],
    ['integer within number', { type: 'number' }, { type: 'integer' }, 'yes'],
    ['number within integer', { type: 'integer' }, { type: 'number' }, 'no'],
    ['a format added', { type: 'string', format: 'uuid' }, { type: 'string' }, 'no'],
    ['an allOf that adds a maxLength', { allOf: [name(), { maxLength: 10 }] }, name(), 'no'],
    ['an allOf conjunct dropped', name(), { allOf: [name(), { maxLength: 10 }] }, 'yes'],
    [
      'a oneOf branch added',
      { oneOf: [{ type: 'string' }, { type: 'integer' }] },
      { oneOf: [{ type: 'string' }] },
      'yes',
    ],
    [
      'a oneOf branch taken away',
      { oneOf: [{ type: 'string' }] },
      { oneOf: [{ type: 'string' }, { type: 'integer' }] },
      'no',
    ],
    [
      'a property made required',
      { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] },
      { type: 'object', properties: { a: { type: 'string' } } },
      'no',
    ],
    [
      'a required property made optional',
      { type: 'object', properties: { a: { type: 'string' } } },
      { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] },
      'yes',
    ],
    [
      'additionalProperties: false where any were let in',
      { type: 'object', properties: { a: { type: 'string' } }, additionalProperties: false },
      { type: 'object', properties: { a: { type: 'string' } } },
      'no',
    ],
    [
      'a named property taken away, others still let in',
      { type: 'object', properties: {} },
      { type: 'object', properties: { a: { type: 'string' } } },
      'yes',
    ],
    [
      'a property added where any were let in',
      { type: 'object', properties: { a: { type: 'string' }, b: { type: 'integer' } } },
      { type: 'object', properties: { a: { type: 'string' } } },
      'no',
    ],
    ['a pattern added', name({ pattern: '^[A-Z]' }), name(), 'no'],
    ['a pattern taken away', name(), name({ pattern: '^[A-Z]' }), 'yes'],
    ['x-max-depth lowered', { type: 'object', 'x-max-depth': 4 }, { type: 'object', 'x-max-depth': 8 }, 'no'],
    ['a maximum lowered', { type: 'number', maximum: 1 }, { type: 'number', maximum: 2 }, 'no'],
    [
      'a maximum made exclusive',
      { type: 'number', maximum: 2, exclusiveMaximum: true },
      { type: 'number', maximum: 2 },
      'no',
    ],
  ])('%s: %s', (_label, wider, narrower, verdict) => {
    expect(covers(wider, narrower)).toBe(verdict);
  });
});

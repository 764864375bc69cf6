// Schema changes oasdiff's own checker tests pair up (github.com/oasdiff/oasdiff, checker/*_test.go and data/), on
// JSON Schema 2020-12 (OpenAPI 3.1): each expectation written from the 2020-12 specification (core §10-11, validation
// §6) and oasdiff's documented level, not from the diff's output.
import { describe, expect, it } from 'vitest';
import { diffContracts } from '../../src/diff/diffContracts.js';
import { checkedDocument } from '../../src/diff/document.js';
import { validator } from '../../src/diff/schema/validators.js';
import { Work } from '../../src/diff/schema/work.js';
import type { Schema } from '../../src/diff/schema/schema.js';
import type { Doc } from './corpus/corpus.js';

const changes = (before: Doc, after: Doc) =>
  diffContracts(checkedDocument(before, 'base'), checkedDocument(after, 'head')).map(
    (change) => `${change.level} ${change.rule}`,
  );
const top = (before: Doc, after: Doc) => changes(before, after)[0]?.split(' ')[0] ?? 'none';
const request = (schema: Schema, version = '3.1.0'): Doc => ({
  openapi: version,
  info: { title: 't', version: '1' },
  paths: {
    '/products': {
      post: {
        requestBody: { content: { 'application/json': { schema } } },
        responses: { 200: { description: 'ok' } },
      },
    },
  },
});
const accepts = (schema: Schema) => {
  const validate = validator(schema, new Work());
  if (!validate) throw new Error('no validator');
  return (value: unknown) => validate(value);
};

describe('if/then/else with unevaluatedProperties and patternProperties (Ajv tracks evaluated properties)', () => {
  // 2020-12 core §10.2.2: `if`'s annotations are kept when it passes, then's or else's when they apply; §11.3:
  // unevaluatedProperties applies to the properties no adjacent or nested applicator evaluated.
  const condition = { properties: { kind: { type: 'string' } } };
  const rest = {
    type: 'object',
    unevaluatedProperties: { type: 'object' },
    patternProperties: { '^x-': { type: 'object' } },
  };
  it('judges values without throwing, as 2020-12 reads them', () => {
    const elseOnly = accepts({ ...rest, if: condition, else: { properties: { code: { type: 'string' } } } });
    expect(elseOnly({ 'x-a': {} })).toBe(true);
    // `if` passed: kind is evaluated by it.
    expect(elseOnly({ kind: 'k' })).toBe(true);
    // `if` failed: its annotations are dropped, kind is unevaluated and not an object.
    expect(elseOnly({ kind: 1, 'x-a': {} })).toBe(false);
    expect(elseOnly({ kind: 1, code: 'c' })).toBe(false);
    const thenOnly = accepts({ ...rest, if: condition, then: { properties: { then1: { type: 'string' } } } });
    expect(thenOnly({ kind: 1, 'x-a': {} })).toBe(false);
    expect(thenOnly({ kind: 'k', then1: 'c' })).toBe(true);
  });

  it('reads an `if` without then and else for its annotations (JSON-Schema-Test-Suite, unevaluatedProperties)', () => {
    const alone = accepts({ if: { patternProperties: { foo: { type: 'string' } } }, unevaluatedProperties: false });
    expect(alone({ foo: 'a' })).toBe(true);
    expect(alone({ bar: 'a' })).toBe(false);
  });

  it('compares such a property whose subschemas lost a property: a diff, not an error', () => {
    // oasdiff data/checker/sub_schema_added_property_*.yaml, reduced.
    const data = (added: boolean): Schema => ({
      type: 'object',
      if: { properties: { kind: { type: 'string' } } },
      else: {
        properties: { code: { type: 'string' }, ...(added ? { newField: { type: 'string' } } : {}) },
        ...(added ? { required: ['newField'] } : {}),
      },
      unevaluatedProperties: {
        type: 'object',
        properties: { tag: { type: 'string' }, ...(added ? { newField: { type: 'string' } } : {}) },
      },
      patternProperties: {
        '^x-': {
          type: 'object',
          properties: { ext: { type: 'string' }, ...(added ? { newField: { type: 'string' } } : {}) },
        },
      },
    });
    const body = (added: boolean) => request({ type: 'object', properties: { data: data(added) } });
    expect(() => changes(body(true), body(false))).not.toThrow();
    // Without the required newField in else, more objects are accepted: a request that only widened.
    expect(['info', 'warning', 'none']).toContain(top(body(true), body(false)));
  });
});

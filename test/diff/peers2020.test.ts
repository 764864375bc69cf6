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

describe('a schema named by $ref where additionalProperties or patternProperties is written alike', () => {
  // oasdiff data/additional-properties/{base,revision}.yaml: TestResponseAdditionalPropertyTypeChangedCheck, ERR.
  const doc = (version: string, type: string, where: 'additionalProperties' | 'patternProperties'): Doc => ({
    openapi: version,
    info: { title: 't', version: '1' },
    components: {
      schemas: {
        Item: { type: 'object', properties: { property1: { type } } },
        Map: {
          type: 'object',
          ...(where === 'additionalProperties'
            ? { additionalProperties: { $ref: '#/components/schemas/Item' } }
            : { patternProperties: { '^k': { $ref: '#/components/schemas/Item' } } }),
        },
      },
    },
    paths: {
      '/value': {
        get: {
          responses: {
            200: {
              description: 'ok',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Map' } } },
            },
          },
        },
      },
    },
  });
  it('follows the $ref of additionalProperties: a response property integer → string breaks', () => {
    for (const version of ['3.0.3', '3.1.0'])
      expect(
        changes(doc(version, 'integer', 'additionalProperties'), doc(version, 'string', 'additionalProperties')),
      ).toContain('breaking response-property-type-changed');
  });
  it('follows the $ref of a patternProperties schema the same way (3.1)', () => {
    expect(
      changes(doc('3.1.0', 'integer', 'patternProperties'), doc('3.1.0', 'string', 'patternProperties')),
    ).toContain('breaking response-property-type-changed');
  });
});

describe('a request schema wrapped in a oneOf whose alternatives overlap', () => {
  // oasdiff TestRequestPropertyOneOfWrappingIsBreaking (data/checker/request_property_one_of_wrapped_*.yaml):
  // request-body-wrapped-in-one-of, ERR. JSON Schema (validation of oneOf): valid against exactly one alternative,
  // so {foo, bar}, valid before, now matches both and is refused.
  const properties = { foo: { type: 'string' }, bar: { type: 'string' }, baz: { type: 'string' } };
  const plain = { type: 'object', required: ['foo', 'bar'], properties };
  const wrapped = {
    oneOf: [
      { type: 'object', required: ['foo'], properties },
      { type: 'object', required: ['bar'], properties },
    ],
  };
  it('breaks, in 3.0 and 3.1', () => {
    for (const version of ['3.0.3', '3.1.0']) {
      const found = changes(request(plain, version), request(wrapped, version));
      expect(found[0]).toBe('breaking request-property-constraint-tightened');
    }
  });
  it('does not break when the alternatives are disjoint and together accept what the schema did', () => {
    const kind = (values: string[]) => ({
      type: 'object',
      required: ['kind'],
      properties: { kind: { type: 'string', enum: values } },
    });
    const split = { oneOf: [kind(['a']), kind(['b'])] };
    expect(top(request(kind(['a', 'b'])), request(split))).toBe('info');
  });
});

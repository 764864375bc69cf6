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

describe('2020-12 keywords that add a condition: added, they narrow; removed, they widen', () => {
  // oasdiff checker tests on data/checker/{dependent_schemas,property_names,contains_min_max,not}_*.yaml: in a request
  // a condition added is ERR (request-body-dependent-schema-added, request-body-property-names-added, …) and removed
  // INFO; in a response the reverse. JSON Schema 2020-12 validation §10.2.2.4 (dependentSchemas), §10.3.2.4
  // (propertyNames), §6.4.4-5 (maxContains, minContains).
  const body = { type: 'object', properties: { name: { type: 'string' } } };
  const both = (schema: Schema): Doc => {
    const doc = request(schema);
    doc.paths['/products'].post.responses[200].content = { 'application/json': { schema } };
    return doc;
  };
  const levels = (before: Schema, after: Schema) => {
    const found = changes(both(before), both(after));
    return {
      request: found.filter((c) => c.includes(' request-')).map((c) => c.split(' ')[0]),
      response: found.filter((c) => c.includes(' response-')).map((c) => c.split(' ')[0]),
    };
  };
  it.each<[string, Schema]>([
    // {"name": "x", "email": 1} is refused once a name requires email to be a string.
    ['dependentSchemas', { ...body, dependentSchemas: { name: { properties: { email: { type: 'string' } } } } }],
    // {"Name": "x"} is refused once names must start with a lowercase letter.
    ['propertyNames', { ...body, propertyNames: { pattern: '^[a-z]' } }],
    ['dependentRequired', { ...body, dependentRequired: { name: ['email'] } }],
  ])('%s added: a request breaks, a response does not; removed: the reverse', (_keyword, narrower) => {
    expect(levels(body, narrower)).toEqual({ request: ['breaking'], response: ['info'] });
    expect(levels(narrower, body)).toEqual({ request: ['info'], response: ['breaking'] });
  });

  it('decides minContains raised and maxContains raised together: each side breaks', () => {
    const list = (min: number, max: number): Schema => ({
      type: 'array',
      contains: { type: 'integer' },
      minContains: min,
      maxContains: max,
    });
    // [1] was valid and is refused (minContains 2); six integers were refused and may now be sent (maxContains 6).
    expect(levels(list(1, 5), list(2, 6))).toEqual({ request: ['breaking'], response: ['breaking'] });
    expect(levels(list(1, 5), list(2, 5))).toEqual({ request: ['breaking'], response: ['info'] });
    expect(levels(list(1, 5), list(1, 4))).toEqual({ request: ['breaking'], response: ['info'] });
    expect(levels(list(2, 5), list(1, 5))).toEqual({ request: ['info'], response: ['breaking'] });
  });

  it('reads the bounds by what they say where no value shows it (items a string, contains an integer)', () => {
    // oasdiff data/checker/contains_min_max_*.yaml: the schema accepts no list at all, so no value can tell the two
    // apart; the bounds are read as oasdiff reads them (request-body-min-contains-increased, ERR;
    // response-body-max-contains-increased, ERR), as the diff reads minItems and maxItems.
    const list = (min: number, max: number): Schema => ({
      type: 'array',
      items: { type: 'string' },
      contains: { type: 'integer' },
      minContains: min,
      maxContains: max,
    });
    expect(levels(list(1, 5), list(2, 6))).toEqual({ request: ['breaking'], response: ['breaking'] });
  });

  it('decides a change inside `not`: what it refuses grew (data/checker/not_*.yaml)', () => {
    const refusing = (name: string, max: number): Schema => ({
      type: 'object',
      not: {
        type: 'object',
        required: [name, 'modified'],
        properties: { [name]: { type: 'string' }, modified: { type: 'string', maxLength: max } },
      },
    });
    // {"added": "x", "modified": "a"} was accepted and is now refused.
    expect(levels(refusing('removed', 10), refusing('added', 5)).request).toEqual(['breaking']);
  });
});

describe('readOnly and writeOnly properties', () => {
  // One schema for the request body and the response, as oasdiff's data/pattern-base.yaml and
  // data/required-properties/write-only-changed-*.yaml have it.
  const group = (created: Schema, test: Schema = { type: 'string' }): Doc => ({
    openapi: '3.0.3',
    info: { title: 't', version: '1' },
    components: {
      schemas: {
        Group: {
          type: 'object',
          required: ['name', 'test'],
          properties: { created, id: { type: 'string', readOnly: true }, name: { type: 'string' }, test },
        },
      },
    },
    paths: {
      '/groups': {
        post: {
          requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Group' } } } },
          responses: {
            200: {
              description: 'ok',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Group' } } },
            },
          },
        },
      },
    },
  });
  const created = { type: 'string', format: 'date-time', readOnly: true };

  it('a pattern added on a readOnly property is a request change (oasdiff TestBreaking_AddPattern, ERR)', () => {
    // OpenAPI 3.0.3: readOnly "SHOULD NOT be sent as part of the request" — it may be (a response sent back); JSON
    // Schema validation §9.4: the owner is "expected to ignore or reject" it, and rejects it by its constraints.
    expect(changes(group(created), group({ ...created, pattern: '^[a-z]+$' }))).toContain(
      'breaking request-property-pattern-added',
    );
  });

  it('a readOnly property removed is no request change: a client sends none', () => {
    const found = changes(group(created), {
      ...group(created),
      components: {
        schemas: {
          Group: {
            type: 'object',
            required: ['name', 'test'],
            properties: { id: { type: 'string', readOnly: true }, name: { type: 'string' }, test: { type: 'string' } },
          },
        },
      },
    });
    expect(found.filter((change) => change.includes(' request-'))).toEqual([]);
  });

  it('a required property made writeOnly is no longer sent: info, as in oasdiff', () => {
    // oasdiff TestBreaking_RequiredPropertyWriteOnlyEnabled reports nothing at WARN+ (response-required-property-
    // became-write-only, INFO). OpenAPI 3.0.3 says a writeOnly property "SHOULD NOT be sent as part of the
    // response" and that "required will take effect on the request only": the required `test` is no longer sent,
    // which the diff shows under oasdiff's rule and level.
    expect(changes(group(created), group(created, { type: 'string', writeOnly: true }))).toContain(
      'info response-required-property-became-write-only',
    );
  });
});

describe('a named alternative added or removed whose schema equals one that remains', () => {
  // oasdiff TestBreaking_RequestPropertyAnyOfRemoved and TestBreaking_RequestPropertyAllOfAdded
  // (data/checker/request_property_{any_of_removed,all_of_added}_*.yaml): ERR, by name. The values accepted are the
  // same (Rabbit is written as Cat is), but a client generated from the contract loses or gains the Rabbit type.
  const pet = { type: 'object', properties: { name: { type: 'string' } } };
  const pets = (keyword: 'anyOf' | 'allOf', names: string[]): Doc => ({
    ...request({ [keyword]: names.map((name) => ({ $ref: `#/components/schemas/${name}` })) }, '3.0.3'),
    components: { schemas: Object.fromEntries(names.map((name) => [name, pet])) },
  });
  it('an anyOf member removed: request-property-any-of-removed, breaking', () => {
    expect(changes(pets('anyOf', ['Cat', 'Rabbit']), pets('anyOf', ['Cat']))).toEqual([
      'breaking request-property-any-of-removed',
    ]);
  });
  it('an allOf member added: request-property-all-of-added, breaking', () => {
    expect(changes(pets('allOf', ['Cat']), pets('allOf', ['Cat', 'Rabbit']))).toEqual([
      'breaking request-property-all-of-added',
    ]);
  });
  it('an anyOf member renamed, its schema the same: removed and added (oasdiff request-body-any-of-removed)', () => {
    // oasdiff TestRequestBodyAnyOfMultiMediaTypeDetails (data/checker/request_body_any_of_media_type_*.yaml).
    const found = changes(pets('anyOf', ['Dog', 'Cat']), pets('anyOf', ['Dog', 'Rabbit']));
    expect(found).toContain('breaking request-property-any-of-removed');
    expect(found).toContain('info request-property-any-of-added');
  });
  it('in a response the client reads the same values: nothing breaks (oasdiff: INFO)', () => {
    // oasdiff TestResponsePropertyAnyOfAdded and TestResponsePropertyAllOfRemoved: INFO.
    const answer = (keyword: 'anyOf' | 'allOf', names: string[]): Doc => {
      const doc = pets(keyword, names);
      const { requestBody } = doc.paths['/products'].post;
      doc.paths['/products'].post.responses[200].content = requestBody.content;
      delete doc.paths['/products'].post.requestBody;
      return doc;
    };
    const breaking = (before: Doc, after: Doc) => changes(before, after).filter((c) => c.startsWith('breaking'));
    expect(breaking(answer('anyOf', ['Cat']), answer('anyOf', ['Cat', 'Rabbit']))).toEqual([]);
    expect(breaking(answer('allOf', ['Cat', 'Rabbit']), answer('allOf', ['Cat']))).toEqual([]);
  });
  it('written inline, the same values are one change of words', () => {
    const inline = (count: number) => request({ anyOf: Array.from({ length: count }, () => pet) }, '3.0.3');
    expect(changes(inline(2), inline(1)).filter((change) => change.startsWith('breaking'))).toEqual([]);
  });
});

describe('contentMediaType, contentEncoding and contentSchema: what a string carries', () => {
  // JSON Schema 2020-12 validation §8: annotations to a validator, but what the application decodes the string by,
  // read as `format` is. oasdiff data/checker/content_schema_*.yaml: content-media-type-changed and
  // content-encoding-changed ERR on both sides; content-schema-added ERR in requests, removed ERR in responses.
  const data = (extra: Schema): Schema => ({
    type: 'object',
    properties: { data: { type: 'string', ...extra } },
  });
  const both = (schema: Schema): Doc => {
    const doc = request(schema);
    doc.paths['/products'].post.responses[200].content = { 'application/json': { schema } };
    return doc;
  };
  const levels = (before: Schema, after: Schema) =>
    changes(both(before), both(after)).map((change) => change.replace(/ (request|response)-.*/, ' $1'));
  it('the media type and encoding changed: both sides break', () => {
    const before = data({ contentMediaType: 'application/json', contentEncoding: 'base64' });
    const after = data({ contentMediaType: 'text/plain', contentEncoding: 'quoted-printable' });
    expect(levels(before, after)).toEqual(['breaking request', 'breaking response']);
  });
  it('a contentSchema added narrows (a request breaks); removed widens (a response breaks)', () => {
    const schema = data({ contentMediaType: 'application/json', contentSchema: { type: 'object' } });
    const plain = data({ contentMediaType: 'application/json' });
    expect(levels(plain, schema)).toEqual(['breaking request', 'info response']);
    expect(levels(schema, plain)).toEqual(['breaking response', 'info request']);
  });
});

describe('a const changed', () => {
  // oasdiff TestResponsePropertyConstChanged (data/checker/response_property_const_changed_*.yaml): ERR. JSON Schema
  // validation §6.1.3: the one value allowed. In a response every value sent is now one the client never met.
  it('breaks a response (the one value sent is another) and a request (the old value is refused)', () => {
    const body = (value: string): Schema => ({
      type: 'object',
      properties: { kind: { type: 'string', const: value } },
    });
    const doc = (value: string): Doc => {
      const d = request(body(value));
      d.paths['/products'].post.responses[200].content = { 'application/json': { schema: body(value) } };
      return d;
    };
    const found = changes(doc('a'), doc('b'));
    expect(found).toContain('breaking response-property-constraint-loosened');
    expect(found).toContain('breaking request-property-enum-value-removed');
  });
});

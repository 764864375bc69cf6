// Every keyword of the dialect is used or knowingly left when verify generates a request body: readOnly properties
// never sent, allOf's parts merged (recursive ones too), oneOf's branches drawn with their discriminator's value,
// `not` met by the contract's own validator, const, xml and x- extensions left, a format verify does not know as text.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createContract } from '../../contract/contract.js';
import { liveValidators } from '../../contract/load.js';
import type { Session } from '../session.js';
import { validBodies, accepted } from '../phases/shared.js';
import { CannotGenerate } from './cannotGenerate.js';
import { requestForm } from './requestForm.js';
import { requestBody } from './requestBody.js';
import type { Schema } from './schemas.js';
import { validArbitrary } from './valid.js';

const sample = (schema: Schema, runs = 40) => fc.sample(validArbitrary(schema), { numRuns: runs, seed: 3 });
const formed = (schema: object) => requestForm(schema);

/** A contract of one operation whose body is `schema`, with these component schemas. */
function bodyOf(schema: object, schemas: Record<string, object> = {}) {
  const document = {
    openapi: '3.1.0',
    info: { title: 'one', version: '1' },
    paths: {
      '/things': {
        post: {
          operationId: 'createThing',
          requestBody: { content: { 'application/json': { schema } } },
          responses: { '201': { description: 'made' } },
        },
      },
    },
    components: { schemas },
  };
  const contract = createContract(document, liveValidators);
  const [operation] = contract.router.operations;
  // eslint-disable-next-line no-restricted-syntax -- validBodies and accepted read only the session's contract
  const session = { options: { contract } } as unknown as Session;
  const body = { operation: operation!, ...requestBody(contract, operation!)! };
  return { session, body, values: fc.sample(validBodies(session, body), { numRuns: 40, seed: 3 }) };
}

describe('a generated request body', () => {
  it('never holds a readOnly property, written beside its siblings or in an allOf part', () => {
    const pet = {
      type: 'object',
      required: ['id', 'name'],
      properties: { id: { type: 'integer', readOnly: true }, name: { type: 'string' } },
    };
    for (const schema of [pet, { allOf: [pet, { properties: { tag: { type: 'string' } } }] }]) {
      const { schema: form } = formed(schema);
      expect(form.required).toEqual(['name']);
      for (const value of sample(form)) expect(value).not.toHaveProperty('id');
    }
  });

  it('merges allOf parts: properties and required of both, the tightest bounds; a contradiction is named', () => {
    const { schema, exact } = formed({
      allOf: [
        { type: 'object', required: ['email'], properties: { email: { type: 'string', maxLength: 30 } } },
        { required: ['date'], properties: { date: { type: 'string', format: 'date' }, email: { minLength: 3 } } },
      ],
    });
    expect(exact).toBe(true);
    for (const value of sample(schema) as { email: string; date: string }[]) {
      expect(value.email.length).toBeGreaterThanOrEqual(3);
      expect(value.email.length).toBeLessThanOrEqual(30);
      expect(value.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    expect(() => formed({ allOf: [{ type: 'string' }, { type: 'object' }] })).toThrow(CannotGenerate);
  });

  it('merges a recursive allOf once, and ends', () => {
    const node: Record<string, unknown> = { type: 'object', required: ['label'] };
    node.allOf = [{ properties: { label: { type: 'string' }, children: { type: 'array', items: node } } }];
    const { schema } = formed(node);
    for (const value of sample(schema, 20)) expect(value).toHaveProperty('label');
  });

  it('draws every oneOf branch, each with its discriminator set to the mapped name, all accepted', () => {
    // Closed branches: a value of one is not also one of the other, as oneOf wants.
    const branch = (flag: string) => ({
      type: 'object',
      required: ['kind', flag],
      additionalProperties: false,
      properties: { kind: { type: 'string' }, [flag]: { type: 'boolean' } },
    });
    const [cat, dog] = [branch('purrs'), branch('barks')];
    const pet = {
      oneOf: [{ $ref: '#/components/schemas/Cat' }, { $ref: '#/components/schemas/Dog' }],
      discriminator: { propertyName: 'kind', mapping: { feline: '#/components/schemas/Cat' } },
    };
    const { session, body, values } = bodyOf(pet, { Cat: cat, Dog: dog });
    // The mapping's name for Cat; Dog's own component name, as the discriminator reads it by default.
    expect(new Set(values.map((value) => (value as { kind: string }).kind))).toEqual(new Set(['feline', 'Dog']));
    for (const value of values) expect(accepted(session, body, value)).toBe(true);
  });

  it('meets `not` by the contract validator: no value it forbids is sent', () => {
    const { values } = bodyOf({ type: 'integer', minimum: 0, maximum: 3, not: { enum: [1, 2] } });
    expect(new Set(values)).toEqual(new Set([0, 3]));
  });

  it('reads const as its one value, and leaves xml, externalDocs, examples and x- extensions alone', () => {
    const annotated = {
      type: 'object',
      required: ['kind', 'name'],
      properties: { kind: { const: 'pet' }, name: { type: 'string', maxLength: 5, xml: { attribute: true } } },
      xml: { name: 'pet' },
      externalDocs: { url: 'https://example.com' },
      examples: [{ kind: 'pet', name: 'rex' }],
      'x-swagger-router-model': 'io.swagger.Pet',
    };
    const { schema, exact } = formed(annotated);
    expect(exact).toBe(true);
    for (const value of sample(schema) as { kind: string; name: string }[]) {
      expect(value.kind).toBe('pet');
      expect(value.name.length).toBeLessThanOrEqual(5);
    }
  });

  it('makes a string of a format it does not know as text, and one it knows as that format', () => {
    const unknown = formed({ type: 'string', format: 'x-ticket-code' });
    expect(unknown.exact).toBe(true);
    for (const value of sample(unknown.schema)) expect(typeof value).toBe('string');
    for (const value of sample(formed({ type: 'string', format: 'uuid' }).schema))
      expect(value).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  });
});

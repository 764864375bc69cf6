// The MSW package's copy of a contract leaves out the prose written for people, and keeps every value that is data:
// what a check, an example answer or a report reads is the same as in the contract.
import { describe, expect, it } from 'vitest';
import { withoutProse } from './prose.js';
import { contract } from '../../test/helpers/contract.js';

describe('withoutProse', () => {
  it('leaves out the descriptions and summaries of the document, its operations, responses and schemas', () => {
    const document = {
      openapi: '3.1.0',
      info: { title: 'T', version: '1', description: 'About the API.', summary: 'Short.' },
      tags: [{ name: 'bots', description: 'Bots.' }],
      paths: {
        '/a': {
          summary: 'A path.',
          get: {
            summary: 'Read.',
            description: 'Reads it.',
            parameters: [{ name: 'q', in: 'query', description: 'A filter.', schema: { type: 'string' } }],
            responses: {
              '200': { description: 'OK', content: { 'application/json': { schema: { type: 'object' } } } },
            },
          },
        },
      },
      components: {
        schemas: {
          Bot: {
            type: 'object',
            description: 'A bot.',
            required: ['description'],
            properties: {
              name: { type: 'string', description: 'Its name.' },
              items: { allOf: [{ description: 'x' }] },
            },
          },
        },
      },
    };
    expect(withoutProse(document)).toEqual({
      openapi: '3.1.0',
      info: { title: 'T', version: '1' },
      tags: [{ name: 'bots' }],
      paths: {
        '/a': {
          get: {
            parameters: [{ name: 'q', in: 'query', schema: { type: 'string' } }],
            responses: { '200': { content: { 'application/json': { schema: { type: 'object' } } } } },
          },
        },
      },
      components: {
        schemas: {
          Bot: {
            type: 'object',
            required: ['description'],
            properties: { name: { type: 'string' }, items: { allOf: [{}] } },
          },
        },
      },
    });
    // The input is left as it was.
    expect(document.info.description).toBe('About the API.');
  });

  it('keeps a member named description where it is data: a property, an example, an enum, a map, an extension', () => {
    const data = { description: 'a value', summary: 'another' };
    const schema = {
      type: 'object',
      properties: { description: { type: 'string' }, summary: true },
      example: data,
      examples: [data],
      default: data,
      const: data,
      enum: [data],
      discriminator: { propertyName: 'kind', mapping: { description: '#/components/schemas/A' } },
      'x-note': data,
    };
    const security = { flows: { implicit: { authorizationUrl: 'u', scopes: { description: 'read' } } } };
    const response = {
      description: 'OK',
      content: { 'application/json': { examples: { one: { summary: 'One', value: data } } } },
      links: { next: { operationId: 'a', parameters: { description: '$response.body#/id' } } },
    };
    expect(withoutProse(schema)).toEqual(schema);
    expect(withoutProse(security)).toEqual(security);
    const { description: _prose, ...kept } = response;
    expect(withoutProse(response)).toEqual(kept);
  });

  it('keeps a member named __proto__ as a member, never a prototype', () => {
    const schema = JSON.parse('{"properties": {"__proto__": {"type": "string", "description": "x"}}}') as object;
    const copy = withoutProse(schema) as { properties: object };
    expect(Object.keys(copy.properties)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(copy.properties)).toBe(Object.prototype);
    expect(JSON.stringify(copy)).toBe('{"properties":{"__proto__":{"type":"string"}}}');
  });

  it('keeps every example, default, enum and extension of openapi.yaml as it is', () => {
    const copy = withoutProse(contract.document);
    expect(dataOf(copy)).toEqual(dataOf(contract.document));
    expect(dataOf(contract.document).size).toBeGreaterThan(10);
    expect(copy.info).toEqual({ ...contract.document.info, description: undefined });
  });
});

/** Each value under a member that holds data, by where it is. */
function dataOf(value: unknown, at = '#', found = new Map<string, unknown>()): Map<string, unknown> {
  if (typeof value !== 'object' || value === null) return found;
  for (const [key, item] of Object.entries(value)) {
    if (/^(?:example|examples|default|const|enum|x-.*)$/.test(key)) found.set(`${at}/${key}`, item);
    else dataOf(item, `${at}/${key}`, found);
  }
  return found;
}

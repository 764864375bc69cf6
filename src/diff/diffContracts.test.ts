// OpenAPI 3.1 and 3.2 documents as the diff reads them: without paths, with webhooks (roles reversed), with
// `servers: []`, path parameters renamed, parameters as the text they travel as, QUERY and additionalOperations.
import { describe, expect, it } from 'vitest';
import { diffContracts } from './diffContracts.js';
import { checkedDocument } from './document.js';
import type { Doc } from '../../test/diff/corpus/corpus.js';

const rules = (before: Doc, after: Doc) =>
  diffContracts(checkedDocument(before, 'base'), checkedDocument(after, 'head')).map(
    (change) => `${change.level} ${change.rule}`,
  );
const ok = { 200: { description: 'ok' } };
const hook = (schema: Doc): Doc => ({
  openapi: '3.1.0',
  info: { title: 't', version: '1' },
  webhooks: {
    bookAdded: {
      post: {
        requestBody: { content: { 'application/json': { schema } } },
        responses: { 200: { description: 'ok', content: { 'application/json': { schema } } } },
      },
    },
  },
});
const books = (path: string, parameter: Doc, extra: Doc = {}): Doc => ({
  openapi: '3.1.0',
  info: { title: 't', version: '1' },
  servers: [],
  paths: { [path]: { get: { parameters: [parameter], responses: ok }, ...extra } },
});

describe('OpenAPI 3.1 and 3.2 documents', () => {
  it('reads a 3.1 document with webhooks and no paths, and refuses a 3.0 one', () => {
    expect(rules(hook({ type: 'string' }), hook({ type: 'string' }))).toEqual([]);
    expect(() => checkedDocument({ ...hook({}), openapi: '3.0.3' }, 'x')).toThrow(/not an OpenAPI document/);
  });

  it('judges a webhook with the roles reversed: its request as a response, its answer as a request', () => {
    const found = rules(hook({ type: 'string', maxLength: 10 }), hook({ type: 'string', maxLength: 20 }));
    expect(found).toContain('breaking response-property-max-length-increased');
    expect(found).toContain('info request-property-max-length-increased');
  });

  it('reads `servers: []` as one server at /, on both sides: no change', () => {
    const path = { name: 'id', in: 'path', required: true, schema: { type: 'string' } };
    expect(rules(books('/books/{id}', path), books('/books/{id}', path))).toEqual([]);
  });

  it('matches a path whose parameter was renamed: a rename, not an operation removed', () => {
    const param = (name: string) => ({ name, in: 'path', required: true, schema: { type: 'string' } });
    expect(rules(books('/books/{bookId}', param('bookId')), books('/books/{id}', param('id')))).toEqual([]);
  });

  it('reads a query parameter as the text it travels as: number → string accepts more, unparsed', () => {
    const query = (type: string) => ({ name: 'n', in: 'query', schema: { type } });
    expect(rules(books('/books', query('number')), books('/books', query('string')))).toEqual([
      'warning request-property-type-generalized-as-text',
    ]);
    expect(rules(books('/books', query('string')), books('/books', query('number')))).toEqual([
      'breaking request-property-type-specialized',
    ]);
  });

  it('compares 3.2 QUERY operations and additionalOperations as operations', () => {
    const query = { name: 'n', in: 'query', schema: { type: 'string' } };
    const before = books('/books', query, {
      query: { responses: ok },
      additionalOperations: { COPY: { responses: ok } },
    });
    const after = books('/books', query, { additionalOperations: { COPY: { responses: ok } } });
    expect(rules(before, after)).toEqual(['breaking api-removed-without-deprecation']);
    expect(rules(after, before)).toEqual(['info endpoint-added']);
  });

  it('compares a parameter written with content, and 3.2’s whole querystring, by its media type’s schema', () => {
    const whole = (maximum: number, mediaType = 'application/x-www-form-urlencoded') => ({
      name: 'q',
      in: 'querystring',
      content: { [mediaType]: { schema: { type: 'object', properties: { limit: { type: 'integer', maximum } } } } },
    });
    expect(rules(books('/books', whole(10)), books('/books', whole(10)))).toEqual([]);
    expect(rules(books('/books', whole(10)), books('/books', whole(5)))).toEqual([
      'breaking request-property-max-decreased',
    ]);
    expect(rules(books('/books', whole(5)), books('/books', whole(10)))).toEqual([
      'info request-property-max-increased',
    ]);
    // Another media type writes the same values differently on the wire.
    expect(rules(books('/books', whole(10)), books('/books', whole(10, 'application/json')))).toContain(
      'breaking request-parameter-serialization-changed',
    );
    const json = (type: string) => ({
      name: 'filter',
      in: 'query',
      content: { 'application/json': { schema: { type: 'object', properties: { n: { type } } } } },
    });
    // JSON in the query keeps its types: a number is no longer a string.
    expect(rules(books('/books', json('string')), books('/books', json('number')))).toEqual([
      'breaking request-property-type-changed',
    ]);
  });

  it('judges an itemSchema added or removed as one that is `{}`: items that may be anything', () => {
    const stream = (media: Doc): Doc => ({
      openapi: '3.2.0',
      info: { title: 't', version: '1' },
      paths: {
        '/events': { get: { responses: { 200: { description: 'ok', content: { 'text/event-stream': media } } } } },
      },
    });
    const item = { type: 'object', properties: { data: { type: 'string' } } };
    expect(rules(stream({ itemSchema: item }), stream({}))).toContain('breaking response-property-type-generalized');
    expect(rules(stream({}), stream({ itemSchema: item }))).toContain('info response-property-type-specialized');
  });
});

// The inference of resources from a contract's paths, methods and answers, on
// OpenAPI's own petstore-expanded example (integer ids, no envelope), an
// enveloped API with a cursor, sub-resources, and x-mock-resource.
import { describe, expect, it } from 'vitest';
import type { OpenApiDocument } from './contract.js';
import { inferResources } from './resources.js';
import { withRefsResolved } from './resolvedRefs.js';

const json = (schema: object) => ({ content: { 'application/json': { schema } } });
const pet = {
  allOf: [
    { type: 'object', required: ['name'], properties: { name: { type: 'string' }, tag: { type: 'string' } } },
    { type: 'object', required: ['id'], properties: { id: { type: 'integer', format: 'int64' } } },
  ],
};
const newPet = {
  type: 'object',
  required: ['name'],
  properties: { name: { type: 'string' }, tag: { type: 'string' } },
};
const query = (name: string, schema: object = { type: 'string' }) => ({ name, in: 'query', schema });
const path = (name: string) => ({ name, in: 'path', required: true, schema: { type: 'string' } });

/** OpenAPI's petstore-expanded example, as its paths read. */
const petstore = {
  openapi: '3.0.3',
  info: { title: 'Swagger Petstore', version: '1.0.0' },
  paths: {
    '/pets': {
      get: {
        operationId: 'findPets',
        parameters: [query('tags'), query('tag'), query('limit', { type: 'integer' })],
        responses: { '200': { description: 'pets', ...json({ type: 'array', items: pet }) } },
      },
      post: {
        operationId: 'addPet',
        requestBody: { required: true, ...json(newPet) },
        responses: { '200': { description: 'pet', ...json(pet) } },
      },
    },
    '/pets/{id}': {
      get: {
        operationId: 'find pet by id',
        parameters: [path('id')],
        responses: { '200': { description: 'pet', ...json(pet) } },
      },
      delete: {
        operationId: 'deletePet',
        parameters: [path('id')],
        responses: { '204': { description: 'deleted' } },
      },
    },
    '/health': {
      get: { operationId: 'health', responses: { '200': { description: 'up', ...json({ type: 'object' }) } } },
    },
  },
};

const infer = (document: object, handled: string[] = []) =>
  inferResources(withRefsResolved(document as OpenApiDocument), new Set(handled));

describe('the resources of a contract', () => {
  it('reads the petstore: create and list on the collection, read and delete on the item, by the integer id', () => {
    const { inferred, skipped } = infer(petstore);
    expect(inferred.get('addPet')).toMatchObject({
      action: 'create',
      collection: '/pets',
      idProperty: 'id',
      envelope: [],
    });
    expect(inferred.get('findPets')).toMatchObject({
      action: 'list',
      collection: '/pets',
      envelope: [],
      filters: ['tag'],
      pagination: { limit: 'limit' },
    });
    expect(inferred.get('find pet by id')).toMatchObject({ action: 'read', item: 'id', scope: [] });
    expect(inferred.get('deletePet')).toMatchObject({ action: 'remove', item: 'id', answer: undefined });
    expect(inferred.get('addPet')?.witness).toEqual({ operationId: 'addPet', status: 200, envelope: [], list: false });
    expect(skipped.get('health')).toMatch(/no answer of this resource holds a record with an id property/);
  });

  it('leaves an operation with a handler to it, and another resource may still be inferred around it', () => {
    const { inferred, skipped } = infer(petstore, ['addPet']);
    expect(inferred.has('addPet')).toBe(false);
    expect(skipped.has('addPet')).toBe(false);
    // The read's own answer names the record now.
    expect(inferred.get('findPets')?.witness.operationId).toBe('find pet by id');
  });

  it('finds a record in an envelope, the id the path parameter names, and a cursor', () => {
    const user = {
      type: 'object',
      properties: { user_id: { type: 'string', readOnly: true }, email: { type: 'string' } },
    };
    const document = {
      openapi: '3.1.0',
      info: { title: 'users', version: '1' },
      paths: {
        '/users': {
          get: {
            operationId: 'listUsers',
            parameters: [query('cursor'), query('page_size', { type: 'integer' }), query('email')],
            responses: {
              '200': {
                description: 'page',
                ...json({
                  type: 'object',
                  properties: { items: { type: 'array', items: user }, next_cursor: { type: ['string', 'null'] } },
                }),
              },
            },
          },
        },
        '/users/{user_id}': {
          parameters: [path('user_id')],
          patch: {
            operationId: 'patchUser',
            requestBody: { content: { 'application/merge-patch+json': { schema: { type: 'object' } } } },
            responses: { '200': { description: 'user', ...json({ type: 'object', properties: { data: user } }) } },
          },
        },
      },
    };
    const { inferred } = infer(document);
    expect(inferred.get('listUsers')).toMatchObject({
      action: 'list',
      idProperty: 'user_id',
      envelope: ['items'],
      filters: ['email'],
      pagination: { cursor: 'cursor', limit: 'page_size' },
    });
    expect(inferred.get('patchUser')).toMatchObject({ action: 'modify', item: 'user_id', envelope: ['data'] });
  });

  it('scopes a sub-resource to its parents, by the names each path gives them', () => {
    const toy = { type: 'object', properties: { id: { type: 'string', format: 'uuid' }, kind: { type: 'string' } } };
    const document = structuredClone(petstore) as { paths: Record<string, unknown> };
    document.paths['/pets/{petId}/toys'] = {
      parameters: [path('petId')],
      post: {
        operationId: 'addToy',
        requestBody: json(toy),
        responses: { '201': { description: 'toy', ...json(toy) } },
      },
    };
    document.paths['/pets/{id}/toys/{toyId}'] = {
      get: {
        operationId: 'getToy',
        parameters: [path('id'), path('toyId')],
        responses: { '200': { description: 't', ...json(toy) } },
      },
    };
    const { inferred } = infer(document);
    expect(inferred.get('addToy')).toMatchObject({ collection: '/pets/{}/toys', scope: ['petId'], item: undefined });
    expect(inferred.get('getToy')).toMatchObject({ collection: '/pets/{}/toys', scope: ['id'], item: 'toyId' });
  });

  it('follows x-mock-resource: off, another action, another collection, another id', () => {
    const document = structuredClone(petstore) as { paths: Record<string, Record<string, Record<string, unknown>>> };
    document.paths['/pets']!.get!['x-mock-resource'] = false;
    document.paths['/pets/{id}']!.get!['x-mock-resource'] = { id: 'name' };
    document.paths['/pets/{id}/rename'] = {
      post: {
        operationId: 'renamePet',
        'x-mock-resource': { action: 'modify', collection: '/pets' },
        parameters: [path('id')],
        requestBody: json(newPet),
        responses: { '200': { description: 'pet', ...json(pet) } },
      },
    };
    document.paths['/pets/{id}/feed'] = {
      post: {
        operationId: 'feedPet',
        'x-mock-resource': { action: 'eat' },
        parameters: [path('id')],
        responses: { '204': { description: 'fed' } },
      },
    };
    const { inferred, skipped } = infer(document);
    expect(skipped.get('findPets')).toBe('x-mock-resource: false');
    expect(inferred.get('find pet by id')).toMatchObject({ idProperty: 'name', declared: true });
    // One resource, one id: the x-mock-resource of one operation names it for all.
    expect(inferred.get('addPet')?.idProperty).toBe('name');
    expect(inferred.get('renamePet')).toMatchObject({
      action: 'modify',
      collection: '/pets',
      item: 'id',
      declared: true,
    });
    expect(skipped.get('feedPet')).toBe('x-mock-resource.action "eat" is not an action');
  });

  it('says why it leaves an operation to its examples', () => {
    const document = structuredClone(petstore) as { paths: Record<string, Record<string, unknown>> };
    document.paths['/pets/{id}']!.put = {
      operationId: 'replacePet',
      parameters: [path('id')],
      responses: { '200': { description: 'pet', ...json(pet) } },
    };
    document.paths['/pets/{id}']!.head = {
      operationId: 'headPet',
      parameters: [path('id')],
      responses: { '200': { description: 'x' } },
    };
    document.paths['/pets/{id}']!.post = {
      operationId: 'postPet',
      parameters: [path('id')],
      requestBody: json(newPet),
      responses: { '200': { description: 'x', ...json({ type: 'string' }) } },
    };
    const { skipped } = infer(document);
    expect(skipped.get('replacePet')).toBe('replace takes a request body, and it documents none');
    expect(skipped.get('headPet')).toBe('HEAD on an item has no inferred action');
    expect(skipped.get('postPet')).toBe('POST on an item has no inferred action');
  });
});

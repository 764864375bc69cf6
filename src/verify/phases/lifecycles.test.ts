// Which lifecycles verify runs: those a create's OpenAPI links write (an id
// parameter from `$response.body#/…`), else those the resources imply.
import { describe, expect, it } from 'vitest';
import { createContract, type OpenApiDocument } from '../../contract/contract.js';
import { liveValidators } from '../../contract/load.js';
import { lifecyclesOf } from './lifecycles.js';

const json = (schema: object) => ({ content: { 'application/json': { schema } } });
const bot = { type: 'object', properties: { id: { type: 'string' }, name: { type: 'string' } } };
const wrapped = { type: 'object', properties: { data: bot } };
const path = (name: string) => ({ name, in: 'path', required: true, schema: { type: 'string' } });

function contractOf(paths: object): ReturnType<typeof createContract> {
  // The paths are written as a contract would be; the document type wants its parts typed one by one.
  // eslint-disable-next-line no-restricted-syntax -- see above
  const document = { openapi: '3.0.3', info: { title: 't', version: '1' }, paths } as unknown as OpenApiDocument;
  return createContract(document, liveValidators);
}

const summary = (contract: ReturnType<typeof createContract>) =>
  lifecyclesOf(contract).map((lifecycle) => ({
    idPath: lifecycle.idPath,
    ...(lifecycle.parent ? { parent: lifecycle.parent.create?.operation.operationId } : {}),
    steps: Object.fromEntries(
      (['create', 'read', 'modify', 'replace', 'remove'] as const)
        .filter((action) => lifecycle[action])
        .map((action) => [
          action,
          `${lifecycle[action]?.operation.operationId} ${lifecycle[action]?.item ?? ''}`.trim(),
        ]),
    ),
  }));

describe('the lifecycles of a contract', () => {
  it('follows a create’s links to operations the paths alone would not pair with it', () => {
    const contract = contractOf({
      '/bots': {
        post: {
          operationId: 'makeBot',
          requestBody: json(bot),
          responses: {
            '201': {
              description: 'made',
              ...json(wrapped),
              links: {
                Read: { operationId: 'fetchBot', parameters: { key: '$response.body#/data/id' } },
                Remove: { operationId: 'dropBot', parameters: { key: '$response.body#/data/id' } },
                Elsewhere: { operationId: 'nothing', parameters: { key: '$response.body#/data/id' } },
              },
            },
          },
        },
      },
      '/registry/{key}': {
        get: {
          operationId: 'fetchBot',
          parameters: [path('key')],
          responses: { '200': { description: 'b', ...json(wrapped) } },
        },
        delete: { operationId: 'dropBot', parameters: [path('key')], responses: { '204': { description: 'gone' } } },
      },
    });
    expect(summary(contract)).toEqual([
      { idPath: ['data', 'id'], steps: { create: 'makeBot', read: 'fetchBot key', remove: 'dropBot key' } },
    ]);
  });

  it('runs an implied resource and a sub-resource below its parent, each with its create and read', () => {
    const contract = contractOf({
      '/bots': {
        post: {
          operationId: 'makeBot',
          requestBody: json(bot),
          responses: { '201': { description: 'm', ...json(wrapped) } },
        },
      },
      '/bots/{botId}': {
        get: {
          operationId: 'getBot',
          parameters: [path('botId')],
          responses: { '200': { description: 'b', ...json(wrapped) } },
        },
        patch: {
          operationId: 'patchBot',
          parameters: [path('botId')],
          requestBody: json(bot),
          responses: { '200': { description: 'b', ...json(wrapped) } },
        },
      },
      '/bots/{botId}/notes': {
        post: {
          operationId: 'addNote',
          parameters: [path('botId')],
          requestBody: json(bot),
          responses: { '201': { description: 'n', ...json(bot) } },
        },
      },
      '/notes/{noteId}': {
        get: {
          operationId: 'getNote',
          parameters: [path('noteId')],
          responses: { '200': { description: 'n', ...json(bot) } },
        },
      },
      '/bots/{botId}/notes/{noteId}': {
        get: {
          operationId: 'getBotNote',
          parameters: [path('botId'), path('noteId')],
          responses: { '200': { description: 'n', ...json(bot) } },
        },
      },
      // A sub-resource whose parent has no create cannot be made: it has no lifecycle.
      '/orphans/{orphanId}/tags': {
        post: {
          operationId: 'addTag',
          parameters: [path('orphanId')],
          requestBody: json(bot),
          responses: { '201': { description: 't', ...json(bot) } },
        },
      },
      '/orphans/{orphanId}/tags/{tagId}': {
        get: {
          operationId: 'getTag',
          parameters: [path('orphanId'), path('tagId')],
          responses: { '200': { description: 't', ...json(bot) } },
        },
      },
    });
    expect(summary(contract)).toEqual([
      { idPath: ['data', 'id'], steps: { create: 'makeBot', read: 'getBot botId', modify: 'patchBot botId' } },
      { idPath: ['id'], parent: 'makeBot', steps: { create: 'addNote', read: 'getBotNote noteId' } },
    ]);
  });
});

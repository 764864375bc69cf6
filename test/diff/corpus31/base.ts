// The bases of the OpenAPI 3.1 and 3.2 corpus: openapi.yaml rendered as each version writes it (rendition.ts), the
// 3.2 one with a QUERY operation, an additional operation (COPY) and a JSON Lines answer described by itemSchema.
import { contract, type Doc } from '../corpus/corpus.js';
import { document31 } from './rendition.js';

export const contract31 = (): Doc => document31(contract());

export function contract32(): Doc {
  const doc = document31(contract(), '3.2.0');
  const ok = { 200: { description: 'the matching chatbots' } };
  doc.paths['/chatbots/search'] = {
    query: {
      operationId: 'searchChatbots',
      requestBody: {
        content: {
          'application/json': {
            schema: { type: 'object', properties: { name: { type: 'string', maxLength: 40 } } },
          },
        },
      },
      responses: ok,
    },
    additionalOperations: { COPY: { operationId: 'copyChatbots', responses: ok } },
  };
  doc.paths['/chatbots/stream'] = {
    get: {
      operationId: 'streamChatbots',
      responses: {
        200: {
          description: 'one chatbot a line',
          content: {
            'application/jsonl': {
              itemSchema: { type: 'object', properties: { id: { type: 'string' }, name: { type: 'string' } } },
            },
          },
        },
      },
    },
  };
  return doc;
}

/** A webhook of the 3.1 base: the API posts a chatbot's name, and the client answers with an acknowledgement. */
export function withWebhook(doc: Doc): Doc {
  doc.webhooks = {
    chatbotCreated: {
      post: {
        operationId: 'chatbotCreated',
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['name'],
                properties: { name: { type: 'string', maxLength: 40 }, note: { type: 'string' } },
              },
            },
          },
        },
        responses: {
          200: {
            description: 'received',
            content: {
              'application/json': {
                schema: { type: 'object', properties: { ok: { type: 'boolean' } } },
              },
            },
          },
        },
      },
    },
  };
  return doc;
}

export const hook = (doc: Doc): Doc => doc.webhooks.chatbotCreated.post;
export const hookBody = (doc: Doc): Doc => hook(doc).requestBody.content['application/json'].schema;
export const hookAnswer = (doc: Doc): Doc => hook(doc).responses['200'].content['application/json'].schema;

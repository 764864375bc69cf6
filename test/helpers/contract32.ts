// openapi.yaml as OpenAPI 3.2 (its 3.1 rendition, renditions.ts), with what 3.2 adds, written from the OpenAPI 3.2.0
// specification: a QUERY operation (§4.8.10, `query`), a parameter `in: querystring` (§4.8.12.2), streamed answers
// with `itemSchema` in server-sent events and JSON Lines (§4.8.14, sequential media types; examples as `dataValue`
// and `serializedValue`, §4.8.19), and an operation under `additionalOperations` (§4.8.10).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dump } from 'js-yaml';
import type { OpenApiDocument } from '../../src/contract/contract.js';
import { contract } from './contract.js';
import { as31 } from './renditions.js';

const problems = (...statuses: number[]) =>
  Object.fromEntries(
    statuses.map((status) => [
      String(status),
      {
        $ref: `#/components/responses/${
          {
            400: 'MalformedJson',
            401: 'Unauthorized',
            413: 'PayloadTooLarge',
            415: 'UnsupportedMediaType',
            422: 'ValidationFailed',
            500: 'InternalError',
          }[status]
        }`,
      },
    ]),
  );

/** The server-sent events of a chatbot's activity: each event a type and a line of text. */
export const EVENT_ITEM = {
  type: 'object',
  required: ['event', 'data'],
  properties: {
    event: { type: 'string', enum: ['created', 'renamed'] },
    data: { type: 'string', maxLength: 100 },
    id: { type: 'string' },
  },
};

export function with32Additions(): OpenApiDocument {
  const document = as31(contract.document);
  const paths = document.paths as Record<string, unknown>;
  const security = [{ bearerAuth: [] }];
  paths['/chatbots/search'] = {
    query: {
      operationId: 'searchChatbots',
      summary: 'Finds chatbots by a query sent in the body (QUERY: safe and idempotent, with a body).',
      security,
      requestBody: {
        required: true,
        content: {
          'application/json': {
            schema: {
              type: 'object',
              additionalProperties: false,
              properties: { name: { type: 'string', maxLength: 100 } },
            },
          },
        },
      },
      responses: {
        '200': {
          description: 'The chatbots found.',
          content: {
            'application/json': {
              schema: { $ref: '#/components/schemas/ChatbotListEnvelope' },
              example: { data: [] },
            },
          },
        },
        ...problems(400, 401, 413, 415, 422, 500),
      },
    },
  };
  paths['/chatbots/lookup'] = {
    get: {
      operationId: 'lookUpChatbots',
      summary: 'Finds chatbots by the whole query string, read as a form.',
      security,
      parameters: [
        {
          name: 'selector',
          in: 'querystring',
          content: {
            'application/x-www-form-urlencoded': {
              schema: {
                type: 'object',
                additionalProperties: false,
                properties: { name: { type: 'string', maxLength: 5 }, limit: { type: 'integer', maximum: 10 } },
              },
            },
          },
        },
      ],
      responses: {
        '200': {
          description: 'The chatbots found.',
          content: {
            'application/json': { schema: { $ref: '#/components/schemas/ChatbotListEnvelope' }, example: { data: [] } },
          },
        },
        ...problems(401, 413, 422, 500),
      },
    },
  };
  paths['/chatbots/events'] = {
    get: {
      operationId: 'streamChatbotEvents',
      summary: 'What happens to the chatbots, as server-sent events.',
      security,
      responses: {
        '200': {
          description: 'A stream of events.',
          content: {
            'text/event-stream': {
              itemSchema: EVENT_ITEM,
              examples: {
                two: {
                  dataValue: [
                    { event: 'created', data: 'Support bot', id: '1' },
                    { event: 'renamed', data: 'Help bot\nsecond line', id: '2' },
                  ],
                },
              },
            },
          },
        },
        ...problems(401, 413, 500),
      },
    },
  };
  paths['/chatbots/export'] = {
    get: {
      operationId: 'exportChatbots',
      summary: 'Every chatbot, one JSON value per line.',
      security,
      parameters: [
        { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 50 } },
        {
          name: 'fields',
          in: 'query',
          style: 'form',
          explode: false,
          schema: { type: 'array', items: { type: 'string', enum: ['name', 'is_active'] } },
        },
      ],
      responses: {
        '200': {
          description: 'A stream of JSON Lines.',
          content: {
            'application/jsonl': {
              itemSchema: {
                type: 'object',
                required: ['name'],
                properties: { name: { type: 'string' }, is_active: { type: 'boolean' } },
              },
              examples: {
                lines: { serializedValue: '{"name":"One","is_active":true}\n{"name":"Two","is_active":false}\n' },
              },
            },
          },
        },
        ...problems(401, 413, 422, 500),
      },
    },
  };
  paths['/chatbots/archive'] = {
    additionalOperations: {
      PURGE: {
        operationId: 'purgeArchivedChatbots',
        summary: 'Removes archived chatbots (an additional operation: PURGE).',
        security,
        responses: { '204': { description: 'Purged.' }, ...problems(401, 413, 500) },
      },
    },
  };
  return { ...document, openapi: '3.2.0' };
}

/** The document written to a file of its own, for --contract. */
export function contract32File(): string {
  const path = join(mkdtempSync(join(tmpdir(), 'openapi-3.2-')), 'openapi.yaml');
  writeFileSync(path, dump(with32Additions()));
  return path;
}

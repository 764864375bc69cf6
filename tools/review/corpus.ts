// Edits of openapi.yaml classified by hand, each by what it does to a client that
// sends the requests and reads the responses the contract documents: every kind
// of change the contract can make. test/spec-diff.test.ts runs them through
// spec:diff; tools/review/peers.ts through a peer that installs from npm.
/* eslint-disable @typescript-eslint/no-non-null-assertion -- each edit is written for openapi.yaml and names parts it
   has: one that is not there fails test/spec-diff.test.ts, which runs every edit. */
import { operation, schemas, type Edit } from './corpusEdit.js';
import { REQUEST_EDITS } from './corpusRequests.js';

export type { Doc, Level } from './corpusEdit.js';

/** Every edit: the requests' (corpusRequests.ts), then the responses', the operations' and the words'. */
export const CORPUS: Edit[] = [
  ...REQUEST_EDITS,
  // Responses: sending more or other values breaks; sending less is safe.
  [
    'a response field removed',
    'breaking',
    (d) => {
      delete schemas(d).Chatbot.properties.is_active;
      schemas(d).Chatbot.required = schemas(d).Chatbot.required.filter((f) => f !== 'is_active');
    },
  ],
  [
    'a response field renamed',
    'breaking',
    (d) => {
      const c = schemas(d).Chatbot;
      c.properties.title = c.properties.name!;
      delete c.properties.name;
      c.required = c.required.map((f) => (f === 'name' ? 'title' : f));
    },
  ],
  [
    "a response field's type changed",
    'breaking',
    (d) => void (schemas(d).Chatbot.properties.is_active = { type: 'string' }),
  ],
  [
    'a response field no longer required (may be missing)',
    'breaking',
    (d) => void (schemas(d).Chatbot.required = schemas(d).Chatbot.required.filter((f) => f !== 'is_active')),
  ],
  [
    'a response field made nullable',
    'breaking',
    (d) => void (schemas(d).Chatbot.properties.is_active!.nullable = true),
  ],
  [
    'a response enum added where any value was (a narrower response)',
    'info',
    (d) => void (schemas(d).ChatbotSettings.properties.theme!.enum = ['light', 'dark']),
  ],
  [
    'a response pattern removed (created_at may be any string)',
    'breaking',
    (d) => void delete (schemas(d).Chatbot.properties.created_at as Record<string, unknown>).pattern,
  ],
  [
    'a response content type changed',
    'breaking',
    (d) => {
      const content = (operation(d, 'get').responses['200'] as { content: Record<string, unknown> }).content;
      content['application/xml'] = content['application/json'];
      delete content['application/json'];
    },
  ],
  [
    'a response header added',
    'info',
    (d) =>
      void ((operation(d, 'get').responses['200'] as { headers: Record<string, unknown> }).headers['X-Total-Count'] = {
        schema: { type: 'integer' },
      }),
  ],
  [
    'a default setting changed (what a create without settings gets)',
    'warning',
    (d) => void ((schemas(d).ChatbotSettings.default as Record<string, unknown>).theme = 'dark'),
  ],
  ['a response field added', 'warning', (d) => void (schemas(d).Chatbot.properties.team = { type: 'string' })],
  ['a status code removed from an operation', 'breaking', (d) => void delete operation(d, 'post').responses['422']],
  [
    'a new status code on an operation',
    'warning',
    (d) => void (operation(d, 'get').responses['429'] = { description: 'Too many requests' }),
  ],
  [
    'the success status changed (201 → 200)',
    'breaking',
    (d) => {
      const r = operation(d, 'post').responses;
      r['200'] = r['201'];
      delete r['201'];
    },
  ],
  [
    'a response header removed',
    'breaking',
    (d) =>
      void delete (operation(d, 'post').responses['201'] as { headers: Record<string, unknown> }).headers[
        'Cache-Control'
      ],
  ],
  // Operations and paths.
  ['an operation removed', 'breaking', (d) => void delete d.paths['/chatbots']!.get],
  ['a path removed', 'breaking', (d) => void delete d.paths['/chatbots']],
  [
    'a new operation',
    'info',
    (d) =>
      void ((d.paths as Record<string, unknown>)['/chatbots/{id}'] = {
        get: {
          operationId: 'getChatbot',
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
          responses: { '200': { description: 'The chatbot.' } },
        },
      }),
  ],
  ['an operation deprecated', 'warning', (d) => void (operation(d, 'get').deprecated = true)],
  ['the security requirement removed from an operation', 'info', (d) => void (operation(d, 'get').security = [])],
  ['the security requirement removed from the whole API', 'info', (d) => void (d.security = [])],
  [
    'the security scheme changed (a bearer token → an API key header)',
    'breaking',
    (d) => void (d.components!.securitySchemes!.bearerAuth = { type: 'apiKey', in: 'header', name: 'X-API-Key' }),
  ],
  [
    'an operationId renamed (generated clients change)',
    'warning',
    (d) => void (operation(d, 'get').operationId = 'getChatbots'),
  ],
  [
    "the server's path moved (/api → /v2)",
    'breaking',
    (d) => void (d.servers = d.servers!.map((server) => ({ ...server, url: server.url.replace(/\/api$/, '/v2') }))),
  ],
  ['a server description changed', 'info', (d) => void (d.servers![0]!.description = 'Another machine.')],
  // Words only.
  ['a summary changed', 'info', (d) => void (operation(d, 'post').summary = 'Make a chatbot')],
  ['the API description changed', 'info', (d) => void (d.info.description = 'Other words.')],
  ['a field description changed', 'info', (d) => void (schemas(d).ChatbotName.description = 'What people call it.')],
  ['an example changed', 'info', (d) => void (schemas(d).ChatbotName.example = 'Helper')],
  [
    'a value inside a response example changed',
    'info',
    (d) =>
      void ((
        operation(d, 'post').responses['201'] as {
          content: Record<string, { examples: Record<string, { value: { data: { name: string } } }> }>;
        }
      ).content['application/json']!.examples.nameOnly!.value.data.name = 'Helper'),
  ],
];

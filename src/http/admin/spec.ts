// The admin API's own small OpenAPI document, served at /__admin/openapi.json.
// It is outside the contract: /api behaves exactly as openapi.yaml says.
import type { OpenAPIV3 } from 'openapi-types';
import { problemResponse } from '../../contract/documentedProblem.js';
import { EDITED_CONTRACT_RESPONSES } from '../../reference/editedContract.js';
import { MOCK_RESPONSES } from '../../engine/cannotGenerate.js';
import { OVERRIDE_PATHS, OVERRIDE_RESPONSES, OVERRIDE_SCHEMAS } from './overridesSpec.js';
import { SCENARIO_PATHS, SCENARIO_RESPONSES } from './scenariosSpec.js';
import { json, ref, refused } from './specParts.js';
import { MAX_TENANTS } from './tenantLimit.js';

export const adminSpec: OpenAPIV3.Document = {
  openapi: '3.0.3',
  info: {
    title: 'Chatbot API mock: admin API',
    version: '1.0.0',
    description:
      'Inspect and reset the reference server while developing against it. ' +
      'With an admin token set, every operation needs `Authorization: Bearer <admin token>`.',
  },
  servers: [{ url: '/__admin' }],
  paths: {
    '/health': {
      get: {
        operationId: 'health',
        summary: 'Whether the server is up, where its state lives, and whether it can write',
        responses: {
          '200': json(ref('Health'), 'Up, and the store can write.'),
          '503': json(ref('Health'), 'Up, but the store cannot write now (status "degraded"): take this replica out.'),
          ...refused,
        },
      },
    },
    '/tenants': {
      post: {
        operationId: 'createTenant',
        requestBody: { required: true, content: { 'application/json': { schema: { type: 'object' } } } },
        summary: 'A fresh account with one project and one API key: an isolated tenant, for one end-to-end test worker',
        description:
          'The tenant is stored as the chatbots are (it survives a restart with a data file or a database); a ' +
          `reset removes it. At most ${MAX_TENANTS} are made between two resets.`,
        responses: {
          '201': json(
            {
              type: 'object',
              required: ['account_id', 'project_id', 'api_key'],
              additionalProperties: false,
              properties: {
                account_id: { type: 'string' },
                project_id: { type: 'string' },
                api_key: { type: 'string', pattern: '^sk_live_' },
              },
            },
            'Created.',
          ),
          ...refused,
          '409': { $ref: '#/components/responses/TooManyTenants' },
          '415': { $ref: '#/components/responses/NotJson' },
          '503': { $ref: '#/components/responses/StoreUnavailable' },
        },
      },
    },
    '/state': {
      get: {
        operationId: 'state',
        summary:
          'Every account and project (the keys file and the tenants made since), with their chatbots (oldest first)',
        responses: {
          '200': json(
            {
              type: 'object',
              required: ['accounts'],
              additionalProperties: false,
              properties: { accounts: { type: 'array', items: ref('Account') } },
            },
            'The whole state.',
          ),
          ...refused,
        },
      },
    },
    '/requests': {
      get: {
        operationId: 'requests',
        summary: 'The most recent /api requests, oldest first (at most 200); never the API key',
        parameters: [
          {
            name: 'operation_id',
            in: 'query',
            schema: { type: 'string' },
            description: 'Only the requests routed to this operation.',
          },
          {
            name: 'account',
            in: 'query',
            schema: { type: 'string' },
            description: "Only this account's requests: a test's own tenant.",
          },
        ],
        responses: {
          '200': json(
            {
              type: 'object',
              required: ['requests'],
              additionalProperties: false,
              properties: { requests: { type: 'array', items: ref('JournalEntry') } },
            },
            'The journal.',
          ),
          ...refused,
        },
      },
    },
    ...OVERRIDE_PATHS,
    ...SCENARIO_PATHS,
    '/reset': {
      post: {
        operationId: 'reset',
        requestBody: { required: true, content: { 'application/json': { schema: { type: 'object' } } } },
        summary:
          'Return the state to its start: the keys file (tenants made since are removed) and the seed (none ' +
          'without one); clear the journal and the overrides',
        responses: {
          '200': json(
            {
              type: 'object',
              required: ['chatbots'],
              additionalProperties: false,
              properties: { chatbots: { type: 'integer', description: 'How many chatbots the seed holds.' } },
            },
            'Reset.',
          ),
          ...refused,
          '415': { $ref: '#/components/responses/NotJson' },
        },
      },
    },
  },
  components: {
    schemas: {
      Health: {
        type: 'object',
        required: ['status', 'uptime_seconds', 'chatbots', 'store', 'writable'],
        additionalProperties: false,
        properties: {
          status: { type: 'string', enum: ['ok', 'degraded'] },
          uptime_seconds: { type: 'number' },
          chatbots: { type: 'integer', nullable: true, description: 'How many chatbots are stored, in all accounts.' },
          store: { type: 'string', enum: ['memory', 'sqlite', 'postgres'] },
          writable: { type: 'boolean', description: 'Whether a create would be committed now.' },
          detail: { type: 'string', description: 'Why the store cannot write, when it cannot.' },
        },
      },
      Account: {
        type: 'object',
        required: ['id', 'projects'],
        additionalProperties: false,
        properties: { id: { type: 'string' }, projects: { type: 'array', items: ref('Project') } },
      },
      Project: {
        type: 'object',
        required: ['id', 'chatbot_count', 'chatbots'],
        additionalProperties: false,
        properties: {
          id: { type: 'string' },
          chatbot_count: { type: 'integer', description: 'How many chatbots the project holds.' },
          chatbots: {
            type: 'array',
            maxItems: 100,
            description:
              'The newest 100 at most, oldest first, as the API returns them (schema Chatbot of openapi.yaml).',
            items: { type: 'object' },
          },
        },
      },
      ...OVERRIDE_SCHEMAS,
      JournalEntry: {
        type: 'object',
        required: ['time', 'method', 'path', 'operation_id', 'status', 'duration_ms', 'project', 'account'],
        additionalProperties: false,
        properties: {
          time: { type: 'string', format: 'date-time' },
          method: { type: 'string' },
          path: { type: 'string' },
          operation_id: {
            type: 'string',
            nullable: true,
            description: 'The operation of openapi.yaml it was routed to; null for a path or method it does not list.',
          },
          status: { type: 'integer', description: '0 when the connection was dropped before an answer.' },
          duration_ms: { type: 'number' },
          project: {
            type: 'string',
            nullable: true,
            description: 'The project of the API key; null when the key was missing or unknown.',
          },
          account: { type: 'string', nullable: true, description: 'The account of the API key, or null.' },
          body: { description: 'What the client sent: its JSON, or its text; absent without one or over 16 KiB.' },
          answer: {
            description:
              'The JSON answered, where the journal keeps answers (MSW and createMiddleware; not serve or mock, ' +
              'whose journal costs their answers nothing); absent without one, when dropped, or over 16 KiB.',
          },
        },
      },
    },
    responses: {
      Unauthorized: problemResponse(
        'The admin token is missing or wrong (only with an admin token set).',
        'unauthorized',
        'Unauthorized',
        401,
      ),
      HostNotAllowed: problemResponse(
        'The Host header names a host the admin API does not answer (DNS rebinding): the server can be told more ' +
          'host names.',
        'host-not-allowed',
        'Forbidden',
        403,
      ),
      NotJson: problemResponse(
        'A request that changes state was not sent as application/json (what a cross-site form would send).',
        'unsupported-media-type',
        'Unsupported Media Type',
        415,
      ),
      StoreUnavailable: problemResponse(
        'The store cannot write now; nothing was stored.',
        'store-unavailable',
        'Service Unavailable',
        503,
      ),
      TooManyTenants: problemResponse(
        `The server holds ${MAX_TENANTS} tenants made since its start or last reset, the most it makes: a reset ` +
          'removes them.',
        'too-many-tenants',
        'Conflict',
        409,
      ),
      InternalError: problemResponse('A fault of the server.', 'internal-error', 'Internal Server Error', 500),
      ...OVERRIDE_RESPONSES,
      ...SCENARIO_RESPONSES,
      // Not the admin API's, but this server's own answers on /api under a contract under review.
      ...EDITED_CONTRACT_RESPONSES,
      ...MOCK_RESPONSES,
    },
    securitySchemes: { adminToken: { type: 'http', scheme: 'bearer' } },
  },
};

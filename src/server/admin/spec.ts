// The admin API's own small OpenAPI document, served at /__admin/openapi.json.
// It is outside the contract: /api behaves exactly as openapi.yaml says.
import type { OpenAPIV3 } from 'openapi-types';

const json = (schema: OpenAPIV3.SchemaObject, description: string): OpenAPIV3.ResponseObject => ({
  description,
  content: { 'application/json': { schema } },
});
const ref = (name: string): OpenAPIV3.ReferenceObject => ({ $ref: `#/components/schemas/${name}` });

export const adminSpec: OpenAPIV3.Document = {
  openapi: '3.0.3',
  info: {
    title: 'Chatbot API mock: admin API',
    version: '1.0.0',
    description:
      'Inspect and reset the reference server while developing against it. ' +
      'With --admin-token, every operation needs `Authorization: Bearer <admin token>`.',
  },
  servers: [{ url: '/__admin' }],
  paths: {
    '/health': {
      get: {
        operationId: 'health',
        summary: 'Whether the server is up',
        responses: {
          '200': json(
            {
              type: 'object',
              required: ['status', 'uptime_seconds', 'chatbots'],
              additionalProperties: false,
              properties: {
                status: { type: 'string', enum: ['ok'] },
                uptime_seconds: { type: 'number' },
                chatbots: { type: 'integer', description: 'How many chatbots are stored, in all accounts.' },
              },
            },
            'Up.',
          ),
          '401': { $ref: '#/components/responses/Unauthorized' },
        },
      },
    },
    '/state': {
      get: {
        operationId: 'state',
        summary: 'Every account and project of the keys file, with their chatbots (oldest first)',
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
          '401': { $ref: '#/components/responses/Unauthorized' },
        },
      },
    },
    '/requests': {
      get: {
        operationId: 'requests',
        summary: 'The most recent /api requests, oldest first (at most 200); never the API key',
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
          '401': { $ref: '#/components/responses/Unauthorized' },
        },
      },
    },
    '/reset': {
      post: {
        operationId: 'reset',
        summary: 'Return the state to the seed (empty without --seed), and clear the journal',
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
          '401': { $ref: '#/components/responses/Unauthorized' },
        },
      },
    },
  },
  components: {
    schemas: {
      Account: {
        type: 'object',
        required: ['id', 'projects'],
        additionalProperties: false,
        properties: { id: { type: 'string' }, projects: { type: 'array', items: ref('Project') } },
      },
      Project: {
        type: 'object',
        required: ['id', 'chatbots'],
        additionalProperties: false,
        properties: {
          id: { type: 'string' },
          chatbots: {
            type: 'array',
            description: 'Chatbots as the API returns them (schema Chatbot of openapi.yaml).',
            items: { type: 'object' },
          },
        },
      },
      JournalEntry: {
        type: 'object',
        required: ['time', 'method', 'path', 'status', 'duration_ms', 'project'],
        additionalProperties: false,
        properties: {
          time: { type: 'string', format: 'date-time' },
          method: { type: 'string' },
          path: { type: 'string' },
          status: { type: 'integer', description: '0 when the connection was dropped before an answer.' },
          duration_ms: { type: 'number' },
          project: { type: 'string', nullable: true, description: 'The project of the API key; null when the key was missing or unknown.' },
        },
      },
    },
    responses: {
      Unauthorized: {
        description: 'The admin token is missing or wrong (only with --admin-token).',
        content: { 'application/problem+json': { schema: { type: 'object' } } },
      },
    },
    securitySchemes: { adminToken: { type: 'http', scheme: 'bearer' } },
  },
};

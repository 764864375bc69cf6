// The admin API's scenarios, in its OpenAPI document (src/http/admin/spec.ts): list them, load one for everyone
// or for one account (src/reference/loadScenario.ts).
import type { OpenAPIV3 } from 'openapi-types';
import { problemResponse } from '../../contract/documentedProblem.js';
import { json, ref, refused } from './specParts.js';

export const SCENARIO_PATHS: OpenAPIV3.PathsObject = {
  '/scenarios': {
    get: {
      operationId: 'listScenarios',
      summary: 'The scenarios this server knows (built in, and those of the scenarios file), with their descriptions',
      responses: {
        '200': json(
          {
            type: 'object',
            required: ['scenarios'],
            additionalProperties: false,
            properties: { scenarios: { type: 'object', additionalProperties: { type: 'string' } } },
          },
          'By name.',
        ),
        ...refused,
      },
    },
  },
  '/scenarios/{name}': {
    post: {
      operationId: 'useScenario',
      summary:
        'Load a scenario. For everyone: the store is reset to its seed, and the journal and overrides to its own. ' +
        "With an account: that account's chatbots are replaced by its seed, and its overrides apply to it alone.",
      parameters: [{ name: 'name', in: 'path', required: true, schema: { type: 'string' } }],
      requestBody: {
        required: false,
        content: {
          'application/json': {
            schema: {
              type: 'object',
              additionalProperties: false,
              properties: { account: { type: 'string', description: 'Load it for this account only.' } },
            },
          },
        },
      },
      responses: {
        '200': json(
          {
            type: 'object',
            required: ['scenario', 'chatbots', 'overrides'],
            additionalProperties: false,
            properties: {
              scenario: { type: 'string' },
              chatbots: { type: 'integer', description: 'The chatbots it seeded.' },
              overrides: { type: 'array', items: ref('Override') },
            },
          },
          'Loaded.',
        ),
        '400': { $ref: '#/components/responses/BadScenarioRequest' },
        '404': { $ref: '#/components/responses/NoSuchScenario' },
        '415': { $ref: '#/components/responses/NotJson' },
        '422': { $ref: '#/components/responses/ScenarioRefused' },
        ...refused,
      },
    },
  },
};

export const SCENARIO_RESPONSES: Record<string, OpenAPIV3.ResponseObject> = {
  BadScenarioRequest: problemResponse(
    'The body is not JSON, or not an object with at most an `account` string.',
    'bad-scenario-request',
    'Bad Request',
    400,
  ),
  NoSuchScenario: problemResponse(
    'No scenario has that name; `detail` lists those there are.',
    'no-such-scenario',
    'Not Found',
    404,
  ),
  ScenarioRefused: problemResponse(
    'The scenario cannot be loaded here: a seed or an override openapi.yaml or the keys do not allow (an unknown ' +
      'account, a chatbot its schema refuses, more than the limit); `detail` gives the reason. Nothing changed.',
    'scenario-refused',
    'Unprocessable Content',
    422,
  ),
};

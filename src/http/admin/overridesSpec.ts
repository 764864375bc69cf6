// The admin API's overrides, in its OpenAPI document (src/http/admin/spec.ts): set one, list them, remove one or
// all. An override answers one operation of openapi.yaml otherwise, after the key and the request's checks.
import type { OpenAPIV3 } from 'openapi-types';
import { problemResponse } from '../../contract/documentedProblem.js';
import { OVERRIDE_PROPERTIES, OVERRIDE_SPEC_SCHEMA } from '../../engine/overrideSchema.js';
import { json, ref, refused } from './specParts.js';

export const OVERRIDE_PATHS: OpenAPIV3.PathsObject = {
  '/overrides': {
    get: {
      operationId: 'listOverrides',
      summary: 'The overrides in force, oldest first',
      responses: {
        '200': json(
          {
            type: 'object',
            required: ['overrides'],
            additionalProperties: false,
            properties: { overrides: { type: 'array', items: ref('Override') } },
          },
          'The overrides.',
        ),
        ...refused,
      },
    },
    post: {
      operationId: 'setOverride',
      summary: 'Answer one operation otherwise: checked against openapi.yaml when it is set, newest first',
      requestBody: { required: true, content: { 'application/json': { schema: ref('OverrideSpec') } } },
      responses: {
        '201': json(ref('Override'), 'In force.'),
        '400': { $ref: '#/components/responses/BadOverride' },
        '415': { $ref: '#/components/responses/NotJson' },
        '422': { $ref: '#/components/responses/OverrideRefused' },
        ...refused,
      },
    },
    delete: {
      operationId: 'clearOverrides',
      summary: 'Remove every override',
      responses: { '204': { description: 'None left.' }, ...refused },
    },
  },
  '/overrides/{id}': {
    delete: {
      operationId: 'removeOverride',
      summary: 'Remove one override',
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
      responses: {
        '204': { description: 'Removed.' },
        '404': { $ref: '#/components/responses/NoSuchOverride' },
        ...refused,
      },
    },
  },
};

export const OVERRIDE_SCHEMAS: Record<string, OpenAPIV3.SchemaObject> = {
  OverrideSpec: OVERRIDE_SPEC_SCHEMA,
  Override: {
    type: 'object',
    required: ['id', 'operationId', 'headers', 'matched'],
    additionalProperties: false,
    properties: {
      id: { type: 'string' },
      ...OVERRIDE_PROPERTIES,
      remaining: { type: 'integer', description: 'Answers left, when it was set with times.' },
      matched: { type: 'integer', description: 'Requests it fitted so far (its operation, account or key).' },
    },
  },
};

export const OVERRIDE_RESPONSES: Record<string, OpenAPIV3.ResponseObject> = {
  BadOverride: problemResponse(
    'The override is not of the shape OverrideSpec gives (a field missing, of another type, or unknown).',
    'bad-override',
    'Bad Request',
    400,
  ),
  OverrideRefused: problemResponse(
    'openapi.yaml does not allow the override: no such operation, a status it does not document, or a body or ' +
      'header its schemas refuse; `detail` gives the reasons. Nothing is set.',
    'override-refused',
    'Unprocessable Content',
    422,
  ),
  NoSuchOverride: problemResponse(
    'No override has that id (removed, used up, or reset).',
    'no-such-override',
    'Not Found',
    404,
  ),
};

// The proxy's own small OpenAPI document, served at /__admin/openapi.json of
// the proxy: its violations endpoint, and the problems it answers itself
// (a 502 when the upstream cannot be reached, or, with strict mode, when its
// answer breaks the contract). Everything else passes through.
import type { OpenAPIV3 } from 'openapi-types';
import { problemResponse } from '../contract/documentedProblem.js';

export const proxySpec: OpenAPIV3.Document = {
  openapi: '3.0.3',
  info: {
    title: 'Chatbot API mock: contract proxy',
    version: '1.0.0',
    description: 'What the proxy saw break the contract, and the problems it answers in place of the upstream.',
  },
  servers: [{ url: '/__admin' }],
  paths: {
    '/violations': {
      get: {
        operationId: 'violations',
        summary: 'Every distinct cause of a violation seen so far, with counts and a curl replay',
        responses: {
          '200': {
            description: 'The counts, and each distinct failure.',
            content: { 'application/json': { schema: { type: 'object' } } },
          },
        },
      },
    },
  },
  components: {
    responses: {
      UpstreamUnavailable: problemResponse(
        'The upstream did not answer (refused, unreachable, or past the timeout).',
        'upstream-unavailable',
        'Bad Gateway',
        502,
      ),
      ContractViolation: problemResponse(
        'Strict mode: the upstream answered, and its answer breaks the contract; `violations` lists how.',
        'contract-violation',
        'Bad Gateway',
        502,
      ),
    },
  },
};

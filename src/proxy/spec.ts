// The proxy's own small OpenAPI document, served at /__admin/openapi.json of
// the proxy: its violations endpoint (behind the admin token, when one is
// set), and the problems it answers itself (a 502 when the upstream cannot be
// reached, when its answer is past the size cap, or, with strict mode, when its
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
        security: [{}, { adminToken: [] }],
        responses: {
          '200': {
            description: 'The counts, and each distinct failure.',
            content: { 'application/json': { schema: { type: 'object' } } },
          },
          '401': { $ref: '#/components/responses/Unauthorized' },
          '403': { $ref: '#/components/responses/HostNotAllowed' },
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
      UpstreamAnswerTooLarge: problemResponse(
        'The upstream answered with a body past the bytes the proxy reads of an answer (its size cap): it was ' +
          'not read whole, so it is not passed on.',
        'upstream-answer-too-large',
        'Bad Gateway',
        502,
      ),
      Unauthorized: problemResponse(
        'The admin token is missing or wrong (only with an admin token set); the scheme is Bearer, in any case.',
        'unauthorized',
        'Unauthorized',
        401,
      ),
      HostNotAllowed: problemResponse(
        'The Host header names a host the admin API does not answer (DNS rebinding): the proxy can be told more ' +
          'host names.',
        'host-not-allowed',
        'Forbidden',
        403,
      ),
      ContractViolation: problemResponse(
        'Strict mode: the upstream answered, and its answer breaks the contract; `violations` lists how.',
        'contract-violation',
        'Bad Gateway',
        502,
      ),
    },
    securitySchemes: { adminToken: { type: 'http', scheme: 'bearer' } },
  },
};

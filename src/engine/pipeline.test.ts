// The engine on a small fixture contract of its own: a templated path with a
// path parameter is matched and validated, through plain values, with no
// server and no framework. The same suite runs with the validators compiled as
// the contract loads (openapi-backend's) and with them compiled ahead of time
// (the MSW package's).
import { beforeAll, describe, expect, it } from 'vitest';
import { createContract, type Contract, type OpenApiDocument } from '../contract/contract.js';
import { composedExample } from '../contract/composedExample.js';
import { liveValidators } from '../contract/load.js';
import { createEngine, type Engine } from './pipeline.js';
import type { EngineRequest, EngineResponse } from './types.js';
import { createAuthenticator } from '../state/authenticator.js';
import { compileContract } from '../../test/helpers/compiled.js';

const problem = (status: number, slug: string) => ({
  description: slug,
  content: {
    'application/problem+json': {
      schema: { type: 'object' },
      example: { type: `https://widgets.example/problems/${slug}`, title: slug, status, detail: slug },
    },
  },
});

const fixture = {
  openapi: '3.0.3',
  info: { title: 'Widgets', version: '1.0.0', 'x-limits': { 'max-body-bytes': 1024 } },
  servers: [{ url: '/v1' }],
  paths: {
    '/widgets/{widgetId}': {
      parameters: [{ name: 'widgetId', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } }],
      get: {
        operationId: 'getWidget',
        responses: {
          '200': {
            description: 'A widget',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['id'],
                  properties: { id: { type: 'integer' } },
                  additionalProperties: false,
                },
              },
            },
          },
        },
      },
    },
  },
  components: {
    schemas: { ChatbotSettings: { type: 'object', default: {} } },
    responses: Object.fromEntries(
      [
        [404, 'not-found'],
        [405, 'method-not-allowed'],
        [413, 'too-large'],
        [422, 'invalid'],
        [500, 'internal'],
      ].map(([status, slug]) => [slug, problem(status as number, slug as string)]),
    ),
  },
  // eslint-disable-next-line no-restricted-syntax -- a minimal contract: only the parts the engine reads
} as unknown as OpenApiDocument;

const json = (response: EngineResponse) => (response.kind === 'answer' ? JSON.parse(String(response.body)) : undefined);

describe.each([
  ['compiled as it loads', async () => createContract(fixture, liveValidators)],
  ['compiled ahead of time', () => compileContract(fixture)],
])('the engine on a fixture contract with a templated path, its validators %s', (_label, makeContract) => {
  let contract: Contract;
  let engine: Engine;
  beforeAll(async () => {
    contract = await makeContract();
    engine = createEngine({
      contract,
      authenticator: createAuthenticator(() => undefined),
      executor: async ({ operation, params }) => ({
        status: 200,
        body: { id: params.widgetId },
        headers: { 'X-Operation': operation.operationId },
      }),
    });
  });
  const get = (path: string, method = 'GET'): Promise<EngineResponse> =>
    engine.handle({ method, path, headers: {} } satisfies EngineRequest);

  it('reads the base path and the operations from the contract', () => {
    expect(engine.basePath).toBe('/v1');
    expect(contract.operations).toEqual([
      expect.objectContaining({
        operationId: 'getWidget',
        method: 'GET',
        path: '/widgets/{widgetId}',
        secured: false,
        hasBody: false,
      }),
    ]);
  });

  it('matches the template, and hands the executor the parameter, coerced to its schema type', async () => {
    const response = await get('/v1/widgets/42');
    expect(response).toMatchObject({
      kind: 'answer',
      status: 200,
      headers: { 'X-Operation': 'getWidget', 'Cache-Control': 'no-store' },
    });
    expect(json(response)).toEqual({ id: 42 });
  });

  it('validates the path parameter: 422, naming it', async () => {
    for (const bad of ['abc', '0']) {
      const response = await get(`/v1/widgets/${bad}`);
      expect(response).toMatchObject({ kind: 'answer', status: 422 });
      expect(json(response).validation).toEqual([expect.objectContaining({ location: ['path', 'widgetId'] })]);
    }
  });

  it('answers 404 for an unknown path, and 405 with Allow for another method', async () => {
    for (const path of ['/v1/widgets', '/v1/gadgets/1', '/widgets/1', '/v1/widgets/1/parts']) {
      expect(await get(path), path).toMatchObject({ kind: 'answer', status: 404 });
    }
    expect(await get('/v1/widgets/1', 'DELETE')).toMatchObject({
      kind: 'answer',
      status: 405,
      headers: { Allow: 'GET' },
    });
  });

  it('turns an executor answer that breaks the contract into a 500 problem', async () => {
    const broken = createEngine({
      contract,
      authenticator: createAuthenticator(() => undefined),
      executor: async () => ({ status: 200, body: { id: 'not a number' } }),
    });
    expect(await broken.handle({ method: 'GET', path: '/v1/widgets/1', headers: {} })).toMatchObject({
      kind: 'answer',
      status: 500,
    });
  });

  it('answers a value composed past its bound with the documented 501 no-example, never a 500', async () => {
    const deep = [1, 2, 3, 4].reduce<object>((items) => ({ type: 'array', minItems: 1_000, items }), {});
    const composing = createEngine({
      contract,
      authenticator: createAuthenticator(() => undefined),
      executor: async () => ({ status: 200, body: composedExample(deep) }),
    });
    const response = await composing.handle({ method: 'GET', path: '/v1/widgets/1', headers: {} });
    expect(response).toMatchObject({ kind: 'answer', status: 501 });
    expect(json(response)).toMatchObject({
      type: 'https://chatbots.example/problems/no-example',
      detail: expect.stringMatching(/^The answer of GET \/widgets\/\{widgetId\} \(getWidget\) cannot be made/),
    });
  });
});

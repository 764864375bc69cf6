// Another API is another API (issue 46): `serve --contract` on a contract that is not the chatbots' speaks of it.
// Its banner names its title, its Try lines carry the credentials where its top-level security takes them, a 401's
// challenge names its scheme and its realm, the scheme is read in any case (RFC 9110), and with the API at `/` the
// docs, the contract and the admin API still answer where the banner says, unless the contract declares that path.
import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { createContract, type OpenApiDocument } from '../src/contract/contract.js';
import { liveValidators } from '../src/contract/load.js';
import { writeContract } from './helpers/contractFiles.js';
import { assertBuilt, listening, run, stop } from './helpers/run.js';
import { KEYS, TestClient } from './helpers/server.js';

const KEY = KEYS.acmeWeb;
const json = (schema: object, example?: unknown) => ({ 'application/json': { schema, example } });
const order = { type: 'object', required: ['item'], properties: { id: { type: 'integer' }, item: { type: 'string' } } };

/** An orders API at `/` (its server URL has no path), secured at its top level by `scheme`. */
function ordersApi(scheme: object): OpenApiDocument {
  return {
    openapi: '3.1.0',
    info: { title: 'Orders API', version: '1.0.0' },
    servers: [{ url: 'https://orders.example' }],
    security: [{ orders: [] }],
    paths: {
      '/orders': {
        get: {
          operationId: 'listOrders',
          responses: { '200': { description: 'The orders', content: json({ type: 'array', items: order }) } },
        },
        post: {
          operationId: 'createOrder',
          requestBody: { required: true, content: json(order, { item: 'tea' }) },
          responses: { '201': { description: 'Created', content: json(order) } },
        },
      },
      // A path this server also serves a page at: the contract's own comes first.
      '/docs': {
        get: {
          operationId: 'getDocs',
          responses: {
            '200': { description: 'Its documents', content: json({ type: 'object' }, { pages: 3 }) },
          },
        },
      },
    },
    components: { securitySchemes: { orders: scheme } },
  } as OpenApiDocument;
}

/** Each place a top-level scheme takes the key: the scheme, its Try line's credentials, a request's, its challenge. */
const PLACES = [
  [
    'http bearer',
    { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
    `-H 'Authorization: Bearer ${KEY}'`,
    { authorization: `bearer  ${KEY}` },
    'Bearer realm="Orders API"',
  ],
  [
    'http basic',
    { type: 'http', scheme: 'basic' },
    `-u '${KEY}:'`,
    { authorization: `BASIC ${btoa(`${KEY}:`)}` },
    'Basic realm="Orders API"',
  ],
  [
    'an apiKey header',
    { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
    `-H 'X-Api-Key: ${KEY}'`,
    { 'x-api-key': KEY },
    'ApiKey realm="Orders API", header="X-Api-Key"',
  ],
  [
    'an apiKey in the query',
    { type: 'apiKey', in: 'query', name: 'key' },
    `/orders?key=${KEY}'`,
    {},
    'ApiKey realm="Orders API", query="key"',
  ],
  [
    'an apiKey cookie',
    { type: 'apiKey', in: 'cookie', name: 'session' },
    `-H 'Cookie: session=${KEY}'`,
    { cookie: `session=${KEY}` },
    'ApiKey realm="Orders API", cookie="session"',
  ],
] as const;

describe('serve --contract on another API, at /', () => {
  it.each(PLACES)(
    'secured by %s: names it, and takes its credentials where it says',
    async (_label, scheme, tryPart, headers, challenge) => {
      assertBuilt();
      const started = run(['serve', '--port', '0', '--contract', writeContract(ordersApi(scheme), 'another-api-')]);
      try {
        const url = await listening(started);
        const origin = new URL(url).origin;
        const banner = started.stdout();
        expect(banner).toContain(`Orders API reference server listening on ${origin}\n`);
        expect(banner).not.toMatch(/chatbot/i);
        const list = banner.split('\n').find((line) => line.startsWith(`  curl -s '${origin}/orders`));
        expect(list).toContain(tryPart);

        const served = load(await (await fetch(`${origin}/openapi.yaml`)).text()) as OpenApiDocument;
        const contract = createContract(served, liveValidators);
        const client = new TestClient(url, contract, contract.problemGaps);
        const refused = await client.request('GET', '/orders');
        expect(refused.status).toBe(401);
        expect(refused.headers.get('www-authenticate')).toBe(challenge);
        const query = 'in' in scheme && scheme.in === 'query' ? `?key=${KEY}` : '';
        const listed = await client.request('GET', `/orders${query}`, { headers });
        expect(listed.status, listed.text).toBe(200);
      } finally {
        await stop(started);
      }
    },
  );

  it('serves its docs, its contract and admin API where the banner says; a path it declares is its own', async () => {
    assertBuilt();
    const document = ordersApi({ type: 'http', scheme: 'bearer' });
    const started = run(['serve', '--port', '0', '--contract', writeContract(document, 'another-api-')]);
    try {
      const origin = new URL(await listening(started)).origin;
      expect(started.stdout()).toContain(`API reference: ${origin}/docs/  (contract: ${origin}/openapi.yaml)`);
      expect(started.stdout()).toContain(`Admin page:    ${origin}/__admin/`);
      const page = await fetch(`${origin}/docs/`);
      expect([page.status, await page.text()]).toEqual([200, expect.stringContaining('swagger-ui')]);
      const yaml = await (await fetch(`${origin}/openapi.yaml`)).text();
      expect((load(yaml) as OpenApiDocument).info.title).toBe('Orders API');
      const contractJson = (await (await fetch(`${origin}/openapi.json`)).json()) as OpenApiDocument;
      expect(contractJson.info.title).toBe('Orders API');
      expect((await fetch(`${origin}/__admin/health`)).status).toBe(200);

      const contract = createContract(load(yaml) as OpenApiDocument, liveValidators);
      const client = new TestClient(origin, contract, contract.problemGaps);
      const docs = await client.request('GET', '/docs', { key: KEY });
      expect([docs.status, docs.headers.get('content-type')]).toEqual([
        200,
        expect.stringMatching(/^application\/json/),
      ]);
      expect((await client.request('GET', '/nowhere', { key: KEY })).status).toBe(404);
    } finally {
      await stop(started);
    }
  });
});

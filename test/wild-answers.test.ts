// `mock` and `serve` on contracts nobody here wrote (issue 46): every operation of the Petstore 3.0.4
// (test/fixtures/wild/petstore/) called once with a valid request gets no 5xx, and every answer honours the contract.
// What it documents without content is sent with none (no body, no Content-Type): its DELETEs, its logout, a 204.
// A header is sent as the wire carries it (OpenAPI's `style: simple`), its text read back by its schema: Petstore's
// integer X-Rate-Limit, and a small contract's integer, array and object headers from their examples.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { responseViolations } from '../src/contract/check.js';
import type { Contract } from '../src/contract/contract.js';
import { loadContract } from '../src/contract/load.js';
import { assertBuilt, startedOn } from './helpers/run.js';
import { KEYS } from './helpers/server.js';

beforeAll(assertBuilt);

const PETSTORE = new URL('fixtures/wild/petstore/openapi.yaml', import.meta.url).pathname;

interface Answer {
  operationId: string | undefined;
  status: number;
  headers: Headers;
  text: string;
}

/** Sends one request with the keys the Petstore's security asks for, and checks its answer against the contract. */
async function call(contract: Contract, url: string, method: string, path: string, body?: unknown): Promise<Answer> {
  const headers: Record<string, string> = { authorization: `Bearer ${KEYS.acmeWeb}`, api_key: KEYS.acmeWeb };
  const bytes = body instanceof Uint8Array;
  if (body !== undefined) headers['content-type'] = bytes ? 'application/octet-stream' : 'application/json';
  const sent = body === undefined ? undefined : bytes ? body : JSON.stringify(body);
  const response = await fetch(`${url}${path}`, { method, headers, ...(sent === undefined ? {} : { body: sent }) });
  const text = await response.text();
  const below = path.replace(/\?.*$/, '');
  const observed = { method, path: below, status: response.status, headers: response.headers, text };
  expect(response.status, `${method} ${path}: ${text}`).toBeLessThan(500);
  expect(responseViolations(contract, observed), `${method} ${path}`).toEqual([]);
  const match = contract.router.match(method, below);
  const operationId = match.kind === 'operation' ? match.operation.operationId : undefined;
  return { operationId, status: response.status, headers: response.headers, text };
}

const PET = { id: 10, name: 'doggie', photoUrls: ['https://example.com/doggie.png'], status: 'available' };
const ORDER = { id: 10, petId: 10, quantity: 1, status: 'placed', complete: false };
const USER = { id: 10, username: 'theUser', firstName: 'John', email: 'john@email.com' };

/** One valid request for each of the Petstore's operations: what is made first, what is removed last. */
const PETSTORE_CALLS: [string, string, unknown?][] = [
  ['POST', '/pet', PET],
  ['PUT', '/pet', PET],
  ['GET', '/pet/findByStatus?status=available'],
  ['GET', '/pet/findByTags?tags=tag1'],
  ['GET', '/pet/10'],
  ['POST', '/pet/10?name=doggie&status=sold'],
  ['POST', '/pet/10/uploadImage?additionalMetadata=photo', new Uint8Array([137, 80, 78, 71])],
  ['GET', '/store/inventory'],
  ['POST', '/store/order', ORDER],
  ['GET', '/store/order/10'],
  ['POST', '/user', USER],
  ['POST', '/user/createWithList', [USER]],
  ['GET', '/user/login?username=theUser&password=secret'],
  ['GET', '/user/theUser'],
  ['PUT', '/user/theUser', USER],
  ['GET', '/user/logout'],
  ['DELETE', '/user/theUser'],
  ['DELETE', '/store/order/10'],
  ['DELETE', '/pet/10'],
];

/** Operations the Petstore documents without content for their success. */
const WITHOUT_CONTENT = ['deletePet', 'deleteOrder', 'deleteUser', 'updateUser', 'logoutUser'];

describe.each(['mock', 'serve'] as const)('%s on Petstore 3.0.4', (mode) => {
  it('answers every operation without a 5xx, within the contract; no body where it documents none', async () => {
    const contract = loadContract(PETSTORE);
    const { url, stopServer } = await startedOn(mode, PETSTORE);
    try {
      const answers: Answer[] = [];
      for (const [method, path, body] of PETSTORE_CALLS) answers.push(await call(contract, url, method, path, body));
      expect(answers.map((answer) => answer.operationId).sort()).toEqual(
        contract.operations.map((operation) => operation.operationId).sort(),
      );
      for (const answer of answers.filter((one) => WITHOUT_CONTENT.includes(one.operationId ?? ''))) {
        expect(answer.text, answer.operationId).toBe('');
        expect(answer.headers.get('content-type'), answer.operationId).toBeNull();
      }
      const login = answers.find((answer) => answer.operationId === 'loginUser');
      expect(login?.status).toBe(200);
      // Sent when made (the mock makes it; serve has no example of it to send): an int32 as its digits.
      const limit = login?.headers.get('x-rate-limit');
      if (mode === 'mock') expect(limit).toMatch(/^-?\d{1,10}$/);
    } finally {
      await stopServer();
    }
  }, 120_000);
});

/** A contract of its own: a 204 DELETE, an action answered 202 with no content, and headers of three types. Serve
 * answers the action from its examples, headers and all. */
const GADGETS = `openapi: 3.0.3
info: { title: gadgets, version: '1' }
servers: [{ url: /v1 }]
components:
  schemas:
    Gadget:
      type: object
      required: [id, name]
      properties: { id: { type: integer, readOnly: true }, name: { type: string, maxLength: 40 } }
  headers:
    page:
      schema: { type: object, properties: { page: { type: integer }, size: { type: integer } } }
      explode: true
      example: { page: 1, size: 20 }
paths:
  /gadgets:
    get:
      operationId: listGadgets
      responses:
        '200':
          description: the gadgets
          headers:
            X-Total-Count: { schema: { type: integer, minimum: 0 }, example: 1 }
            X-Tags: { schema: { type: array, items: { type: string } }, example: [new, blue] }
            X-Page: { $ref: '#/components/headers/page' }
          content:
            application/json:
              schema: { type: array, items: { $ref: '#/components/schemas/Gadget' } }
              example: [{ id: 1, name: sprocket }]
    post:
      operationId: createGadget
      requestBody:
        required: true
        content: { application/json: { schema: { $ref: '#/components/schemas/Gadget' } } }
      responses:
        '201':
          description: made
          content:
            application/json: { schema: { $ref: '#/components/schemas/Gadget' }, example: { id: 1, name: sprocket } }
  /gadgets/{id}:
    parameters: [{ name: id, in: path, required: true, schema: { type: integer } }]
    delete:
      operationId: deleteGadget
      responses: { '204': { description: gone }, '404': { description: no such gadget } }
  /gadgets/{id}/polish:
    parameters: [{ name: id, in: path, required: true, schema: { type: integer } }]
    post:
      operationId: polishGadget
      responses:
        '202':
          description: polishing, in this place of the queue, in these steps
          headers:
            X-Queue-Position: { required: true, schema: { type: integer, minimum: 1 }, example: 3 }
            X-Steps: { schema: { type: array, items: { type: string } }, example: [wash, wax] }
`;

describe.each(['mock', 'serve'] as const)('%s on a contract of its own', (mode) => {
  it('sends a 204 and a 202 documented without content with none, and headers by their schemas', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'gadgets-')), 'openapi.yaml');
    writeFileSync(file, GADGETS);
    const contract = loadContract(file);
    const { url, stopServer } = await startedOn(mode, file);
    try {
      const created = await call(contract, url, 'POST', '/gadgets', { name: 'sprocket' });
      expect(created.status).toBe(201);
      const id = (JSON.parse(created.text) as { id: number }).id;
      const listed = await call(contract, url, 'GET', '/gadgets');
      expect(JSON.parse(listed.text)).toEqual([{ id: 1, name: 'sprocket' }]);
      if (mode === 'mock') {
        // The contract's examples, written as the wire carries them.
        expect(listed.headers.get('x-total-count')).toBe('1');
        expect(listed.headers.get('x-tags')).toBe('new,blue');
        expect(listed.headers.get('x-page')).toBe('page=1,size=20');
      }
      for (const [method, path, status] of [
        ['POST', `/gadgets/${id}/polish`, 202],
        ['DELETE', `/gadgets/${id}`, 204],
      ] as const) {
        const answer = await call(contract, url, method, path);
        expect(answer.status, `${method} ${path}`).toBe(status);
        expect(answer.text).toBe('');
        expect(answer.headers.get('content-type')).toBeNull();
        if (status === 202)
          expect([answer.headers.get('x-queue-position'), answer.headers.get('x-steps')]).toEqual(['3', 'wash,wax']);
      }
    } finally {
      await stopServer();
    }
  }, 60_000);
});

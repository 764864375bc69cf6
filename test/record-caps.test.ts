// What one account adds to the records of inferred resources is capped in all,
// not only per collection: a sub-resource whose parent the contract keeps no
// record of (/users/{uid}/notes with no /users) opens a new collection for
// each uid a client makes up. Where the contract does keep the parent, a
// record under one the account does not hold is a 404, as reading it is. On
// the store TEST_STORE names; every answer checked against the contract.
import { afterEach, describe, expect, it } from 'vitest';
import { loadContract } from '../src/contract/load.js';
import { writeContract, type EditableDocument } from './helpers/contractFiles.js';
import { contract } from './helpers/contract.js';
import { KEYS, startTestServer, TestClient, type TestServer } from './helpers/server.js';

const uid = { name: 'uid', in: 'path', required: true, schema: { type: 'string' } };
const RESPONSES: Record<string, string> = {
  401: 'Unauthorized',
  404: 'NotFound',
  409: 'ChatbotLimitReached',
  422: 'ValidationFailed',
};
const refused = (...statuses: string[]) =>
  Object.fromEntries(statuses.map((status) => [status, { $ref: `#/components/responses/${RESPONSES[status]}` }]));
const answer = (description: string, schema: object) => ({
  description,
  content: { 'application/json': { schema } },
});
const NOTE = { $ref: '#/components/schemas/Note' };
const USER = { $ref: '#/components/schemas/User' };

/** openapi.yaml with notes below a user, and, when `users`, the users themselves. */
function notesContract(users: boolean): string {
  const document = structuredClone(contract.document) as EditableDocument;
  document.components.schemas.Note = {
    type: 'object',
    additionalProperties: false,
    required: ['id', 'text'],
    properties: { id: { type: 'string', format: 'uuid', readOnly: true }, text: { type: 'string', maxLength: 50 } },
  };
  document.components.schemas.User = {
    type: 'object',
    additionalProperties: false,
    required: ['id', 'name'],
    properties: { id: { type: 'string', format: 'uuid', readOnly: true }, name: { type: 'string', maxLength: 50 } },
  };
  const body = (schema: object) => ({ required: true, content: { 'application/json': { schema } } });
  const paths = document.paths as Record<string, object>;
  paths['/users/{uid}/notes'] = {
    parameters: [uid],
    post: {
      operationId: 'createNote',
      requestBody: body({ type: 'object', required: ['text'], properties: { text: { type: 'string' } } }),
      responses: { '201': answer('The note.', NOTE), ...refused('401', '404', '409', '422') },
    },
    get: {
      operationId: 'listNotes',
      responses: { '200': answer('The notes.', { type: 'array', items: NOTE }), ...refused('401', '404') },
    },
  };
  if (users) {
    paths['/users'] = {
      post: {
        operationId: 'createUser',
        requestBody: body({ type: 'object', required: ['name'], properties: { name: { type: 'string' } } }),
        responses: { '201': answer('The user.', USER), ...refused('401', '409', '422') },
      },
    };
    paths['/users/{uid}'] = {
      parameters: [uid],
      get: { operationId: 'getUser', responses: { '200': answer('The user.', USER), ...refused('401', '404') } },
    };
    // Pins below a user's boards, which the contract keeps no record of: the user is still the parent.
    paths['/users/{uid}/boards/{bid}/pins'] = {
      parameters: [uid, { ...uid, name: 'bid' }],
      post: {
        operationId: 'createPin',
        requestBody: body({ type: 'object', required: ['text'], properties: { text: { type: 'string' } } }),
        responses: { '201': answer('The pin.', NOTE), ...refused('401', '404', '409', '422') },
      },
    };
  }
  return writeContract(document, 'notes-contract-');
}

let t: TestServer | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** A server of the contract, each account holding at most 2 records of one collection (and `inAll` in all). */
async function serve(users: boolean, inAll?: number): Promise<TestClient> {
  const file = notesContract(users);
  const caps = { maxChatbotsPerAccount: 2, ...(inAll === undefined ? {} : { maxRecordsPerAccount: inAll }) };
  t = await startTestServer({ contractFile: file, ...caps });
  return new TestClient(t.server.url, loadContract(file));
}

const note = (client: TestClient, user: string, key: string = KEYS.acmeWeb) =>
  client.request('POST', `/users/${user}/notes`, { key, json: { text: `for ${user}` } });
const notes = (client: TestClient, user: string, key: string = KEYS.acmeWeb) =>
  client.request<unknown[]>('GET', `/users/${user}/notes`, { key });

describe('records under parents the contract keeps no record of', () => {
  it('are capped in all, across collections, then refused with the 409 of a full collection', async () => {
    const client = await serve(false);
    const users = Array.from({ length: 25 }, (_, i) => `made-up-${i}`);
    const statuses: number[] = [];
    for (const user of users) statuses.push((await note(client, user)).status);
    // Two a collection, ten times that in all: the first 20 are stored, each in a collection of its own.
    expect(statuses).toEqual([...Array(20).fill(201), ...Array(5).fill(409)]);
    const refusal = await note(client, 'one-more');
    expect(refusal.body).toMatchObject({ status: 409, detail: expect.stringMatching(/20 records in all/) });
    const held = await Promise.all(users.map(async (user) => (await notes(client, user)).body.length));
    expect(held.reduce((sum, count) => sum + count, 0)).toBe(20);
    expect((await notes(client, 'one-more')).body).toEqual([]);
    // The cap is the account's: another account stores as before.
    expect((await note(client, 'made-up-0', KEYS.globex)).status).toBe(201);
  });

  it('are capped in all by maxRecordsPerAccount where it is set', async () => {
    const client = await serve(false, 3);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await note(client, `made-up-${i}`)).status);
    expect(statuses).toEqual([201, 201, 201, 409, 409]);
  });
});

describe('records under a parent the contract keeps', () => {
  it('are refused with 404 under a user the account does not hold, however deep, and nothing is stored', async () => {
    const client = await serve(true);
    const user = await client.request<{ id: string }>('POST', '/users', { key: KEYS.acmeWeb, json: { name: 'Ada' } });
    expect(user.status).toBe(201);
    expect((await note(client, user.body.id)).status).toBe(201);
    const unknown = crypto.randomUUID();
    for (let i = 0; i < 20; i++) expect((await note(client, `${unknown}-${i}`)).status).toBe(404);
    expect((await note(client, unknown)).status).toBe(404);
    // Another account's user is not the caller's.
    expect((await note(client, user.body.id, KEYS.globex)).status).toBe(404);
    expect((await notes(client, unknown)).status).toBe(404);
    expect((await notes(client, user.body.id)).body).toHaveLength(1);
    const pin = (owner: string, board: string) =>
      client.request('POST', `/users/${owner}/boards/${board}/pins`, { key: KEYS.acmeWeb, json: { text: 'x' } });
    expect((await pin(unknown, 'any-board')).status).toBe(404);
    expect((await pin(user.body.id, 'any-board')).status).toBe(201);
  });
});

// Inferred state that honours the schema (issue 46): under `serve` on a contract that is not the built-in one, a
// writeOnly value is stored and never answered; a generated id follows its schema's pattern and maxLength; a path
// parameter that names a property is the record's key; PUT on the collection replaces the record its body names;
// an answer documented as an image or a text is sent in that type; and a list's pagination members say what is true
// of the page. Each runs through HTTP, on a small contract of its own and on the published Petstore and Museum API,
// and every answer is checked against the contract served.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exampleRequestBody } from '../src/contract/exampleAnswer.js';
import { loadContract } from '../src/contract/load.js';
import { writeContract } from './helpers/contractFiles.js';
import { KEYS, startTestServer, TestClient, type TestServer } from './helpers/server.js';

const wild = (name: string) => new URL(`fixtures/wild/${name}/openapi.yaml`, import.meta.url).pathname;
const json = (schema: object) => ({ content: { 'application/json': { schema } } });
const body = (ref: string) => ({ required: true, ...json({ $ref: `#/components/schemas/${ref}` }) });
const answer = (status: string, ref: string) => ({
  [status]: { description: 'ok', ...json({ $ref: `#/components/schemas/${ref}` }) },
});
const key = (name: string) => [{ name, in: 'path', required: true, schema: { type: 'string' } }];
const notFound = { '404': { description: 'not found' } };

/** A contract of these paths and schemas, open to all. */
const contractOf = (paths: object, schemas: object) => ({
  openapi: '3.0.3',
  info: { title: 'inferred', version: '1' },
  paths,
  components: { schemas },
});

/** The served contract's server and a client that checks every answer against it. */
async function serving(file: string): Promise<{ t: TestServer; client: TestClient }> {
  const against = loadContract(file);
  const t = await startTestServer({ contractFile: file });
  return { t, client: new TestClient(t.server.url, against, against.problemGaps) };
}

/** A create and a read of one resource, its id `id` in the path named `param`. */
const resource = (path: string, schema: string, param = 'id') => ({
  [path]: { post: { operationId: `create${schema}`, requestBody: body(schema), responses: answer('201', schema) } },
  [`${path}/{${param}}`]: {
    get: { operationId: `get${schema}`, parameters: key(param), responses: { ...answer('200', schema), ...notFound } },
  },
});

describe('writeOnly and readOnly', () => {
  const file = writeContract(
    contractOf(resource('/payments', 'Payment'), {
      Payment: {
        type: 'object',
        required: ['id', 'amount', 'card'],
        properties: {
          id: { type: 'string', format: 'uuid', readOnly: true },
          amount: { type: 'integer', minimum: 1 },
          status: { type: 'string', readOnly: true, default: 'captured' },
          card: {
            type: 'object',
            required: ['number', 'cvc'],
            properties: {
              number: { type: 'string', writeOnly: true },
              cvc: { type: 'string', writeOnly: true },
              brand: { type: 'string' },
            },
          },
        },
      },
    }),
  );
  let served: Awaited<ReturnType<typeof serving>>;
  beforeAll(async () => (served = await serving(file)));
  afterAll(() => served.t.close());

  it('stores a writeOnly value and never answers it; a readOnly one is the server’s', async () => {
    const card = { number: '4242424242424242', cvc: '123', brand: 'visa' };
    const made = await served.client.request<Record<string, unknown>>('POST', '/payments', {
      json: { amount: 5, card, status: 'refunded' },
    });
    expect(made.status, made.text).toBe(201);
    expect(made.body).toMatchObject({ amount: 5, card: { brand: 'visa' }, status: 'captured' });
    expect(made.text).not.toContain('cvc');
    expect(made.text).not.toContain('4242');
    const read = await served.client.request('GET', `/payments/${String(made.body.id)}`);
    expect(read).toMatchObject({ status: 200, body: made.body });
    expect(read.text).not.toContain('cvc');
  });
});

describe('generated ids', () => {
  const file = writeContract(
    contractOf(
      { ...resource('/orders', 'Order'), ...resource('/codes', 'Code') },
      {
        Order: {
          type: 'object',
          required: ['id', 'item'],
          properties: {
            id: { type: 'string', readOnly: true, pattern: '^ord_[a-z0-9]{8}$', example: 'ord_0a1b2c3d' },
            item: { type: 'string' },
          },
        },
        Code: {
          type: 'object',
          required: ['id'],
          properties: { id: { type: 'string', readOnly: true, maxLength: 8 }, label: { type: 'string' } },
        },
      },
    ),
  );
  let served: Awaited<ReturnType<typeof serving>>;
  beforeAll(async () => (served = await serving(file)));
  afterAll(() => served.t.close());

  it("follow the id schema's pattern and maxLength, and differ", async () => {
    const ids = new Set<string>();
    for (let at = 0; at < 5; at++) {
      const order = await served.client.request<{ id: string }>('POST', '/orders', { json: { item: `book ${at}` } });
      expect(order.status, order.text).toBe(201);
      expect(order.body.id).toMatch(/^ord_[a-z0-9]{8}$/);
      ids.add(order.body.id);
      expect((await served.client.request('GET', `/orders/${order.body.id}`)).body).toEqual(order.body);
    }
    expect(ids.size).toBe(5);
    // The body the banner's Try line sends: the create's request example, composed from its schema.
    const contract = loadContract(file);
    const create = contract.operations.find((operation) => operation.operationId === 'createOrder');
    const tried = create && exampleRequestBody(contract, create, 'application/json');
    expect((await served.client.request('POST', '/orders', { json: tried })).status).toBe(201);
    const code = await served.client.request<{ id: string }>('POST', '/codes', { json: { label: 'x' } });
    expect(code.status, code.text).toBe(201);
    expect(code.body.id.length).toBeLessThanOrEqual(8);
  });
});

describe('keys and replaces', () => {
  const file = writeContract(
    contractOf(
      {
        '/users': { post: { operationId: 'createUser', requestBody: body('User'), responses: answer('200', 'User') } },
        '/users/{username}': {
          get: {
            operationId: 'getUser',
            parameters: key('username'),
            responses: { ...answer('200', 'User'), ...notFound },
          },
        },
        '/things': {
          post: { operationId: 'createThing', requestBody: body('Thing'), responses: answer('201', 'Thing') },
          put: {
            operationId: 'replaceThing',
            requestBody: body('Thing'),
            responses: { ...answer('200', 'Thing'), ...notFound },
          },
        },
        '/things/{thingId}': {
          get: {
            operationId: 'getThing',
            parameters: key('thingId'),
            responses: { ...answer('200', 'Thing'), ...notFound },
          },
        },
      },
      {
        User: {
          type: 'object',
          properties: { id: { type: 'integer' }, username: { type: 'string' }, email: { type: 'string' } },
        },
        Thing: {
          type: 'object',
          required: ['name'],
          properties: { id: { type: 'integer' }, name: { type: 'string' } },
        },
      },
    ),
  );
  let served: Awaited<ReturnType<typeof serving>>;
  beforeAll(async () => (served = await serving(file)));
  afterAll(() => served.t.close());

  it('keeps a record under the property its path parameter names, and refuses a second create of it', async () => {
    const made = await served.client.request('POST', '/users', { json: { username: 'theUser', email: 'a@b.c' } });
    expect(made).toMatchObject({ status: 200, body: { username: 'theUser', email: 'a@b.c' } });
    expect(await served.client.request('GET', '/users/theUser')).toMatchObject({ status: 200, body: made.body });
    const again = await served.client.request('POST', '/users', { json: { username: 'theUser' } });
    // It documents no 409: the record is refused, as one the contract refuses.
    expect(again).toMatchObject({ status: 422, body: { validation: [{ location: ['body', 'username'] }] } });
    expect((await served.client.request('GET', '/users/theUser')).body).toEqual(made.body);
  });

  it('replaces, on a PUT to the collection, the record the body’s id names; an unknown one is a 404', async () => {
    const made = await served.client.request<{ id: number }>('POST', '/things', { json: { name: 'old' } });
    const put = await served.client.request('PUT', '/things', { json: { id: made.body.id, name: 'new' } });
    expect(put).toMatchObject({ status: 200, body: { id: made.body.id, name: 'new' } });
    expect((await served.client.request('GET', `/things/${made.body.id}`)).body).toEqual(put.body);
    const unknown = await served.client.request('PUT', '/things', { json: { id: 999, name: 'x' } });
    expect(unknown.status).toBe(404);
    expect((await served.client.request('PUT', '/things', { json: { name: 'no id' } })).status).toBe(422);
  });
});

describe('answers that are not JSON', () => {
  const media = (type: string, extra: object = {}) => ({
    '200': { description: 'ok', content: { [type]: { schema: { type: 'string', format: 'binary' }, ...extra } } },
  });
  const file = writeContract(
    contractOf(
      {
        '/codes/{codeId}/qr': {
          get: { operationId: 'getCode', parameters: key('codeId'), responses: media('image/png') },
        },
        '/report': {
          get: {
            operationId: 'getReport',
            responses: {
              '200': {
                description: 'ok',
                content: { 'text/csv': { schema: { type: 'string' }, example: 'a,b\n1,2\n' } },
              },
            },
          },
        },
        '/files/{fileId}': {
          get: { operationId: 'getFile', parameters: key('fileId'), responses: media('application/octet-stream') },
        },
      },
      {},
    ),
  );
  let served: Awaited<ReturnType<typeof serving>>;
  beforeAll(async () => (served = await serving(file)));
  afterAll(() => served.t.close());

  it('are sent in their documented media type: a valid PNG, the example text, bytes', async () => {
    const png = await raw(served.client, '/codes/1/qr');
    expect(png.headers.get('content-type')).toBe('image/png');
    expect([...png.bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const csv = await raw(served.client, '/report');
    expect(csv.headers.get('content-type')).toBe('text/csv');
    expect(csv.text).toBe('a,b\n1,2\n');
    // A text the contract wrote runs nothing on the server's origin.
    expect(csv.headers.get('content-security-policy')).toBe("sandbox; default-src 'none'");
    expect(csv.headers.get('x-content-type-options')).toBe('nosniff');
    const file = await raw(served.client, '/files/1');
    expect(file.headers.get('content-type')).toBe('application/octet-stream');
  });

  it("on the Museum API, a ticket's QR code is a PNG", async () => {
    const museum = await serving(wild('museum'));
    try {
      const basic = `Basic ${Buffer.from(`${KEYS.acmeWeb}:`).toString('base64')}`;
      const png = await raw(museum.client, '/tickets/a54a57ca-36f8-421b-a6b4-2e8f26858a4c/qr', {
        authorization: basic,
      });
      expect(png.status).toBe(200);
      expect(png.headers.get('content-type')).toBe('image/png');
      expect([...png.bytes.subarray(1, 4)]).toEqual([0x50, 0x4e, 0x47]);
    } finally {
      await museum.t.close();
    }
  });
});

/** A GET whose answer is read as bytes, and checked against the client's contract. */
async function raw(client: TestClient, path: string, headers: Record<string, string> = {}) {
  const response = await fetch(client.baseUrl + path, { headers });
  const bytes = new Uint8Array(await response.arrayBuffer());
  const text = new TextDecoder().decode(bytes);
  client.check('GET', path, { headers }, { status: response.status, headers: response.headers, text });
  return { status: response.status, headers: response.headers, bytes, text };
}

describe('pagination members', () => {
  const list = {
    type: 'object',
    required: ['data', 'hasNextPage', 'total'],
    properties: {
      data: { type: 'array', items: { $ref: '#/components/schemas/Order' } },
      hasNextPage: { type: 'boolean' },
      total: { type: 'integer' },
      next: { type: 'string' },
      pageInfo: {
        type: 'object',
        properties: { hasNextPage: { type: 'boolean' }, endCursor: { type: 'string', nullable: true } },
      },
    },
  };
  const query = (name: string) => ({ name, in: 'query', schema: { type: name === 'limit' ? 'integer' : 'string' } });
  const file = writeContract(
    contractOf(
      {
        '/orders': {
          post: { operationId: 'createOrder', requestBody: body('Order'), responses: answer('201', 'Order') },
          get: {
            operationId: 'listOrders',
            parameters: [query('limit'), query('cursor')],
            responses: answer('200', 'OrderList'),
          },
        },
      },
      {
        Order: { type: 'object', properties: { id: { type: 'integer', readOnly: true }, item: { type: 'string' } } },
        OrderList: list,
      },
    ),
  );
  let served: Awaited<ReturnType<typeof serving>>;
  beforeAll(async () => (served = await serving(file)));
  afterAll(() => served.t.close());

  interface OrderPage {
    data: { id: number }[];
    hasNextPage: boolean;
    total: number;
    next?: string;
    pageInfo: { hasNextPage: boolean; endCursor: string | null };
  }
  const page = async (query: string) => (await served.client.request<OrderPage>('GET', `/orders${query}`)).body;

  it('say what is true of each page: none after an empty or a last one', async () => {
    const empty = await page('');
    expect(empty).toMatchObject({
      data: [],
      hasNextPage: false,
      total: 0,
      pageInfo: { hasNextPage: false, endCursor: null },
    });
    expect(empty.next).toBeUndefined();
    for (const item of ['a', 'b', 'c']) await served.client.request('POST', '/orders', { json: { item } });
    const first = await page('?limit=2');
    expect(first).toMatchObject({ hasNextPage: true, total: 3, pageInfo: { hasNextPage: true } });
    expect(first.data).toHaveLength(2);
    expect(first.next).toBe(first.pageInfo.endCursor);
    const last = await page(`?limit=2&cursor=${String(first.next)}`);
    expect(last).toMatchObject({ hasNextPage: false, total: 3, pageInfo: { hasNextPage: false, endCursor: null } });
    expect(last.data).toHaveLength(1);
    expect(last.next).toBeUndefined();
  });
});

describe('the Petstore 3.0.4', () => {
  let served: Awaited<ReturnType<typeof serving>>;
  beforeAll(async () => (served = await serving(wild('petstore'))));
  afterAll(() => served.t.close());
  const bearer = { authorization: `Bearer ${KEYS.acmeWeb}` };

  it('keeps a user under its username, and PUT /pet replaces the pet its body names', async () => {
    const user = await served.client.request('POST', '/user', { json: { username: 'theUser', firstName: 'John' } });
    expect(user.status).toBe(200);
    expect(await served.client.request('GET', '/user/theUser')).toMatchObject({
      status: 200,
      body: { username: 'theUser', firstName: 'John' },
    });
    const pet = await served.client.request<{ id: number }>('POST', '/pet', {
      json: { name: 'doggie', photoUrls: [] },
      headers: bearer,
    });
    expect(pet.status).toBe(200);
    const put = await served.client.request('PUT', '/pet', {
      json: { id: pet.body.id, name: 'renamed', photoUrls: [], status: 'sold' },
      headers: bearer,
    });
    expect(put).toMatchObject({ status: 200, body: { id: pet.body.id, name: 'renamed', status: 'sold' } });
    const read = await served.client.request('GET', `/pet/${pet.body.id}`, { headers: bearer });
    expect(read.body).toEqual(put.body);
  });
});

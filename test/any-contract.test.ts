// Another API's contract runs: the Petstore (test/fixtures/petstore/), with
// its own key (an api_key header), no problem responses of its own and no
// chatbot, is served by inference and examples, with tenancy, the checks and
// the store as for chatbots. Every answer is checked against the Petstore.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContract } from '../src/contract/load.js';
import { runMock } from '../src/mock/runMock.js';
import { KEYS, KEYS_FILE, startTestServer, TestClient, type TestServer } from './helpers/server.js';

const file = new URL('fixtures/petstore/openapi.yaml', import.meta.url).pathname;
const petstore = loadContract(file);
let t: TestServer;
let client: TestClient;
beforeAll(async () => {
  t = await startTestServer({ contractFile: file });
  client = new TestClient(t.server.url, petstore, petstore.problemGaps);
});
afterAll(() => t.close());

interface Pet {
  id: number;
  name: string;
  status?: string;
}

const asKey = (key: string) => ({ api_key: key });
const addPet = (pet: object, key: string = KEYS.acmeWeb) =>
  client.request<Pet>('POST', '/pet', { json: pet, headers: asKey(key) });

describe('the Petstore', () => {
  it('starts at its own base path and names each operation, and each refusal it documents no problem for', () => {
    expect(t.server.url).toMatch(/\/api\/v3$/);
    expect(t.server.served).toEqual([
      '7 operations, each served by:',
      "  PUT /pet updatePet: inferred: replace /pet one by the body's id",
      '  POST /pet addPet: inferred: create /pet',
      '  GET /pet/findByStatus findPetsByStatus: inferred: list /pet; filter status',
      '  GET /pet/{petId} getPetById: inferred: read /pet one by petId = id',
      '  DELETE /pet/{petId} deletePet: its examples (it documents no success answer)',
      '  POST /store/order placeOrder: inferred: create /store/order',
      '  GET /store/order/{orderId} getOrderById: inferred: read /store/order one by orderId = id',
      '  components.responses names no problem of status 404, 405, 413, 422, 500, 401, 400, 415: such a refusal ' +
        'is an RFC 9457 about:blank problem',
    ]);
  });

  it('creates pets with the ids the server gives, lists them by status (its default too), and reads one', async () => {
    const first = await addPet({ id: 7, name: 'doggie', photoUrls: [], status: 'available' });
    expect(first.status).toBe(200);
    const second = await addPet({ name: 'cat', photoUrls: [], status: 'sold' });
    expect(second.body).toMatchObject({ name: 'cat', status: 'sold' });
    expect(second.body.id).toBeGreaterThan(first.body.id);
    const sold = await client.request<Pet[]>('GET', '/pet/findByStatus?status=sold', { headers: asKey(KEYS.acmeWeb) });
    expect(sold.body).toEqual([second.body]);
    const available = await client.request<Pet[]>('GET', '/pet/findByStatus', { headers: asKey(KEYS.acmeMobile) });
    expect(available.body.map((pet) => pet.id)).toContain(first.body.id);
    expect(available.body.map((pet) => pet.id)).not.toContain(second.body.id);
    const read = await client.request<Pet>('GET', `/pet/${first.body.id}`, { headers: asKey(KEYS.acmeWeb) });
    expect(read).toMatchObject({ status: 200, body: first.body });
  });

  it("keeps accounts apart: another account's pet is a 404, as its contract writes it (no body)", async () => {
    const pet = (await addPet({ name: 'private', photoUrls: [] })).body;
    const elsewhere = await client.request('GET', `/pet/${pet.id}`, { headers: asKey(KEYS.globex) });
    expect(elsewhere).toMatchObject({ status: 404, text: '' });
    const listed = await client.request<Pet[]>('GET', '/pet/findByStatus?status=available', {
      headers: asKey(KEYS.globex),
    });
    expect(listed.body.map((one) => one.name)).not.toContain('private');
  });

  it('takes its key from its api_key header, and refuses a missing or unknown one with 401', async () => {
    const missing = await client.request('GET', '/pet/1');
    expect(missing.status).toBe(401);
    expect(missing.headers.get('www-authenticate')).toBe(
      'ApiKey realm="Swagger Petstore - OpenAPI 3.0", header="api_key"',
    );
    expect(missing.body).toMatchObject({ type: 'about:blank', title: 'Unauthorized', status: 401 });
    expect((await client.request('GET', '/pet/1', { headers: asKey('sk_live_unknown') })).status).toBe(401);
    // A Bearer token is not where this contract takes its key.
    expect((await client.request('GET', '/pet/1', { key: KEYS.acmeWeb })).status).toBe(401);
  });

  it('answers the refusals it documents no problem for as about:blank problems, and stores nothing', async () => {
    const invalid = await addPet({ name: 'no photos' });
    expect(invalid.status).toBe(422);
    const media = await client.request('POST', '/pet', {
      raw: 'name=x',
      headers: { ...asKey(KEYS.acmeWeb), 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(media).toMatchObject({ status: 415, body: { type: 'about:blank', title: 'Unsupported Media Type' } });
    const all = await client.request<Pet[]>('GET', '/pet/findByStatus?status=available', {
      headers: asKey(KEYS.acmeWeb),
    });
    expect(all.body.map((pet) => pet.name)).not.toContain('no photos');
  });

  it('serves an operation open to all (placeOrder) in one shared account', async () => {
    const order = await client.request<{ id: number }>('POST', '/store/order', { json: { petId: 1, quantity: 2 } });
    expect(order).toMatchObject({ status: 200, body: { petId: 1, quantity: 2 } });
    const read = await client.request('GET', `/store/order/${order.body.id}`);
    expect(read).toMatchObject({ status: 200, body: order.body });
  });
});

describe('the Petstore under mock', () => {
  it('answers from its examples, with its own key, and about:blank for an undocumented refusal', async () => {
    const mock = await runMock({ port: 0, keysFile: KEYS_FILE, contractFile: file });
    try {
      const mocked = new TestClient(mock.url, petstore, petstore.problemGaps);
      const pet = await mocked.request<Pet>('GET', '/pet/10', { headers: asKey(KEYS.acmeWeb) });
      expect(pet).toMatchObject({ status: 200, body: { name: 'doggie' } });
      const refused = await mocked.request('GET', '/pet/10');
      expect(refused).toMatchObject({ status: 401, body: { type: 'about:blank' } });
    } finally {
      await mock.close();
    }
  });
});

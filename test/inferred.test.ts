// State inferred from the contract: openapi.yaml with read, replace, update and
// delete of one chatbot and its versions added (test/fixtures/crud/paths.yaml),
// and no handler written. Every answer is checked against that contract, on
// the store TEST_STORE names. What is expected is what a json-server or a
// Rails scaffold user expects of REST resources, RFC 7396 and RFC 6902 of a
// patch, and RFC 9110 of each method.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContract } from '../src/contract/load.js';
import type { Chatbot } from '../src/contract/types.js';
import { writeCrudContract } from './helpers/crudContract.js';
import { KEYS, startTestServer, TestClient, type TestServer } from './helpers/server.js';

interface Version {
  id: string;
  label: string;
  created_at: string;
}

const file = writeCrudContract();
const crud = loadContract(file);
let t: TestServer;
let client: TestClient;
beforeAll(async () => {
  t = await startTestServer({ contractFile: file });
  client = new TestClient(t.server.url, crud);
});
afterAll(() => t.close());

const MERGE = { 'content-type': 'application/merge-patch+json' };
const JSON_PATCH = { 'content-type': 'application/json-patch+json' };

async function created(key: string = KEYS.acmeWeb, name = 'Support Assistant'): Promise<Chatbot> {
  const response = await client.create(key, { name, settings: { theme: 'dark', prompt: 'Be brief.' } });
  expect(response.status).toBe(201);
  return (response.body as { data: Chatbot }).data;
}

const read = (id: string, key: string = KEYS.acmeWeb) =>
  client.request<{ data: Chatbot }>('GET', `/chatbots/${id}`, { key });

const patch = (id: string, body: unknown, headers: Record<string, string>, key: string = KEYS.acmeWeb) =>
  client.request<{ data: Chatbot }>('PATCH', `/chatbots/${id}`, { key, raw: JSON.stringify(body), headers });

describe('an operation added to the contract, with no handler', () => {
  it('names how each operation is served at start, one line each', () => {
    expect(t.server.served).toEqual([
      '8 operations, each served by:',
      '  GET /chatbots listChatbots: its handler, over the inferred list',
      '  POST /chatbots createChatbot: its handler, over the inferred create',
      '  GET /chatbots/{chatbotId} getChatbot: inferred: read /chatbots one by chatbotId = id, kept with the chatbots',
      '  PUT /chatbots/{chatbotId} replaceChatbot: inferred: replace /chatbots one by chatbotId = id, kept with the ' +
        'chatbots',
      '  DELETE /chatbots/{chatbotId} deleteChatbot: inferred: remove /chatbots one by chatbotId = id, kept with the ' +
        'chatbots',
      '  PATCH /chatbots/{chatbotId} updateChatbot: inferred: modify /chatbots one by chatbotId = id, kept with the ' +
        'chatbots',
      '  GET /chatbots/{chatbotId}/versions listVersions: inferred: list /chatbots/{chatbotId}/versions; filter ' +
        'label, limit, offset',
      '  POST /chatbots/{chatbotId}/versions createVersion: inferred: create /chatbots/{chatbotId}/versions',
    ]);
  });

  it('reads the chatbot its handler created, for each project of its account, 404 for another account', async () => {
    const chatbot = await created();
    expect(await read(chatbot.id)).toMatchObject({ status: 200, body: { data: chatbot } });
    expect((await read(chatbot.id, KEYS.acmeMobile)).body.data).toEqual(chatbot);
    const elsewhere = await read(chatbot.id, KEYS.globex);
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.text).not.toContain(chatbot.name);
    expect((await read(crypto.randomUUID())).status).toBe(404);
    expect((await client.request('GET', `/chatbots/${chatbot.id}`)).status).toBe(401);
  });

  it('merges a merge patch (RFC 7396): null removes a member, and the server keeps its own fields', async () => {
    const chatbot = await created();
    const patched = await patch(
      chatbot.id,
      { name: 'Renamed', is_active: false, settings: { prompt: null, tone: { formal: true } } },
      MERGE,
    );
    const expected = {
      ...chatbot,
      name: 'Renamed',
      is_active: false,
      settings: { theme: 'dark', tone: { formal: true } },
    };
    expect(patched).toMatchObject({ status: 200, body: { data: expected } });
    expect((await read(chatbot.id)).body.data).toEqual(expected);
    expect(await client.listed(KEYS.acmeWeb)).toContainEqual(expected);
    // Charset UTF-8 is the same media type.
    const again = await patch(
      chatbot.id,
      { name: 'Again' },
      { 'content-type': 'application/merge-patch+json; charset=utf-8' },
    );
    expect(again.body.data.name).toBe('Again');
  });

  it('applies a JSON Patch (RFC 6902) whole or not at all, and never takes created_at or id from it', async () => {
    const chatbot = await created();
    const applied = await patch(
      chatbot.id,
      [
        { op: 'test', path: '/name', value: 'Support Assistant' },
        { op: 'replace', path: '/name', value: 'Patched' },
        { op: 'add', path: '/settings/tags', value: ['a'] },
        { op: 'replace', path: '/created_at', value: '2000-01-01T00:00:00.000Z' },
        { op: 'replace', path: '/id', value: crypto.randomUUID() },
      ],
      JSON_PATCH,
    );
    const expected = { ...chatbot, name: 'Patched', settings: { ...chatbot.settings, tags: ['a'] } };
    expect(applied).toMatchObject({ status: 200, body: { data: expected } });
    const failed = await patch(
      chatbot.id,
      [
        { op: 'replace', path: '/name', value: 'Lost' },
        { op: 'test', path: '/name', value: 'Not the name' },
      ],
      JSON_PATCH,
    );
    expect(failed.status).toBe(422);
    expect(failed.body).toMatchObject({ validation: [{ location: ['body'], code: 'jsonPatch' }] });
    expect((await read(chatbot.id)).body.data).toEqual(expected);
    const missing = await patch(chatbot.id, [{ op: 'remove', path: '/nothing/here' }], JSON_PATCH);
    expect(missing.status).toBe(422);
  });

  it('refuses a change that breaks the record, a media type it does not document, and changes nothing', async () => {
    const chatbot = await created();
    // Removing the theme leaves settings without a member the contract requires.
    const broken = await patch(chatbot.id, { settings: { theme: null } }, MERGE);
    expect(broken.status).toBe(422);
    expect(broken.body).toMatchObject({ validation: [{ location: ['body', 'settings'], code: 'required' }] });
    expect((await patch(chatbot.id, { name: '' }, MERGE)).status).toBe(422);
    const plain = await patch(chatbot.id, { name: 'Plain JSON' }, { 'content-type': 'application/json' });
    expect(plain.status).toBe(415);
    expect((await read(chatbot.id)).body.data).toEqual(chatbot);
    expect((await patch(chatbot.id, { name: 'Theirs' }, MERGE, KEYS.globex)).status).toBe(404);
    expect((await read(chatbot.id)).body.data).toEqual(chatbot);
  });

  it('replaces with PUT, keeping what the server set, and 404 for another account', async () => {
    const chatbot = await created();
    const put = (key: string) =>
      client.request<{ data: Chatbot }>('PUT', `/chatbots/${chatbot.id}`, {
        key,
        json: { name: 'Replaced', settings: { theme: 'light' }, is_active: false },
      });
    expect((await put(KEYS.globex)).status).toBe(404);
    const replaced = await put(KEYS.acmeMobile);
    const expected = { ...chatbot, name: 'Replaced', settings: { theme: 'light' }, is_active: false };
    expect(replaced).toMatchObject({ status: 200, body: { data: expected } });
    expect((await read(chatbot.id)).body.data).toEqual(expected);
  });

  it('deletes for its own account only; the chatbot is then gone from reads and the list', async () => {
    const chatbot = await created();
    const kept = await created(KEYS.acmeWeb, 'Kept');
    expect((await client.request('DELETE', `/chatbots/${chatbot.id}`, { key: KEYS.globex })).status).toBe(404);
    expect((await read(chatbot.id)).status).toBe(200);
    const removed = await client.request('DELETE', `/chatbots/${chatbot.id}`, { key: KEYS.acmeMobile });
    expect(removed).toMatchObject({ status: 204, text: '' });
    expect((await read(chatbot.id)).status).toBe(404);
    expect((await client.request('DELETE', `/chatbots/${chatbot.id}`, { key: KEYS.acmeWeb })).status).toBe(404);
    const listed = (await client.listed(KEYS.acmeWeb)).map((one) => one.id);
    expect(listed).not.toContain(chatbot.id);
    expect(listed).toContain(kept.id);
  });
});

describe('a sub-resource, scoped to its parent', () => {
  const versions = (id: string, query = '', key: string = KEYS.acmeWeb) =>
    client.request<{ data: Version[]; total: number }>('GET', `/chatbots/${id}/versions${query}`, { key });
  const save = (id: string, label: string, key: string = KEYS.acmeWeb) =>
    client.request<Version>('POST', `/chatbots/${id}/versions`, { key, json: { label } });

  it('creates under a parent of the account only, with the id and created_at the server sets', async () => {
    const chatbot = await created();
    const saved = await save(chatbot.id, 'v1');
    expect(saved.status).toBe(201);
    expect(saved.body).toEqual({ id: expect.any(String), label: 'v1', created_at: expect.any(String) });
    expect(Date.parse(saved.body.created_at)).not.toBeNaN();
    expect((await save(chatbot.id, 'stolen', KEYS.globex)).status).toBe(404);
    expect((await save(crypto.randomUUID(), 'orphan')).status).toBe(404);
    expect((await versions(chatbot.id, '', KEYS.globex)).status).toBe(404);
    expect((await versions(chatbot.id)).body).toEqual({ data: [saved.body], total: 1 });
  });

  it('lists oldest first, filtered by a declared property, in pages of limit and offset', async () => {
    const chatbot = await created();
    const labels = ['a', 'b', 'a', 'c', 'a'];
    for (const label of labels) expect((await save(chatbot.id, label)).status).toBe(201);
    const all = await versions(chatbot.id);
    expect(all.body.data.map((version) => version.label)).toEqual(labels);
    expect(all.body.total).toBe(5);
    const page = await versions(chatbot.id, '?limit=2&offset=1');
    expect(page.body).toEqual({ data: all.body.data.slice(1, 3), total: 5 });
    const filtered = await versions(chatbot.id, '?label=a&limit=2&offset=1');
    expect(filtered.body.data.map((version) => version.id)).toEqual([all.body.data[2]!.id, all.body.data[4]!.id]);
    expect(filtered.body.total).toBe(3);
    expect((await versions(chatbot.id, '?limit=0')).status).toBe(422);
  });

  it('removes the versions with their chatbot', async () => {
    const chatbot = await created();
    await save(chatbot.id, 'v1');
    expect((await client.request('DELETE', `/chatbots/${chatbot.id}`, { key: KEYS.acmeWeb })).status).toBe(204);
    expect((await versions(chatbot.id)).status).toBe(404);
  });
});

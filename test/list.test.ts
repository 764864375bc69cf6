// openapi.yaml, listChatbots (GET /chatbots) and its contract decisions: listing the chatbots of the key's account.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Chatbot } from '../src/contract/types.js';
import { KEYS, startTestServer, type TestServer } from './helpers/server.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

describe('GET /chatbots', () => {
  it('answers 200 with an empty data array for an account without chatbots', async () => {
    const response = await t.client.list(KEYS.globex);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.body).toEqual({ data: [] });
  });

  it('lists every created chatbot with the same fields as its creation answer, oldest first', async () => {
    const created: Chatbot[] = [];
    for (const name of ['First', 'Second', 'Third', 'Fourth']) {
      const { body } = await t.client.create(KEYS.acmeWeb, { name, settings: { theme: name.toLowerCase() } });
      created.push(body.data);
    }
    const listed = await t.client.listed(KEYS.acmeWeb);
    expect(listed).toEqual(created);
    for (const chatbot of listed) {
      expect(Object.keys(chatbot).sort()).toEqual(['created_at', 'id', 'is_active', 'name', 'settings']);
    }
  });

  it('keeps the order stable as chatbots are added', async () => {
    const before = await t.client.listed(KEYS.acmeWeb);
    const { body } = await t.client.create(KEYS.acmeWeb, { name: 'Fifth' });
    const after = await t.client.listed(KEYS.acmeWeb);
    expect(after).toEqual([...before, body.data]);
    const times = after.map((chatbot) => Date.parse(chatbot.created_at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('ignores query parameters: no pagination or filtering', async () => {
    const all = await t.client.listed(KEYS.acmeWeb);
    const response = await t.client.request('GET', '/chatbots?page=2&limit=1&name=First', { key: KEYS.acmeWeb });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ data: all });
  });

  it('ignores a request body', async () => {
    const all = await t.client.listed(KEYS.acmeWeb);
    const response = await t.client.request('GET', '/chatbots', { key: KEYS.acmeWeb, raw: 'not json at all' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ data: all });
  });
});

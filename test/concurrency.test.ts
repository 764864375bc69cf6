// 200 creates in flight at once: every acknowledged chatbot is listed exactly once.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { KEYS, startTestServer, type TestServer } from './helpers/server.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

it('lists each of 200 concurrent creates exactly once, with unique ids', async () => {
  const keys = [KEYS.acmeWeb, KEYS.acmeMobile];
  const responses = await Promise.all(
    Array.from({ length: 200 }, (_, i) => t.client.create(keys[i % 2]!, { name: `Concurrent ${i}` })),
  );
  expect(responses.map((r) => r.status)).toEqual(Array(200).fill(201));
  const createdIds = responses.map((r) => r.body.data.id);
  expect(new Set(createdIds).size).toBe(200);

  const listed = await t.client.listed(KEYS.acmeWeb);
  const listedIds = listed.map((chatbot) => chatbot.id);
  expect(listedIds).toHaveLength(200);
  expect(new Set(listedIds)).toEqual(new Set(createdIds));
  // Each listed chatbot is exactly what its create answered.
  const byId = new Map(responses.map((r) => [r.body.data.id, r.body.data]));
  for (const chatbot of listed) expect(chatbot).toEqual(byId.get(chatbot.id));
  expect(await t.client.listed(KEYS.globex)).toEqual([]);
});

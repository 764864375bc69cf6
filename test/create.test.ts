// openapi.yaml, createChatbot (POST /chatbots) and the ChatbotSettings defaults: creating a chatbot, through a real
// listening server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InMemoryChatbotStore } from '../src/state/memoryStore.js';
import type { NewChatbot } from '../src/state/store.js';
import { contract } from './helpers/contract.js';
import type { Principal } from '../src/contract/types.js';
import { KEYS, startTestServer, type TestServer } from './helpers/server.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const UTC_MILLIS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const { defaultSettings } = contract.rules;

/** Records which project each chatbot was stored for: the API does not show it. */
class RecordingStore extends InMemoryChatbotStore {
  readonly owners = new Map<string, Principal>();
  override async create(owner: Principal, input: NewChatbot) {
    const chatbot = await super.create(owner, input);
    this.owners.set(chatbot.id, owner);
    return chatbot;
  }
}

let t: TestServer;
const store = new RecordingStore();
beforeAll(async () => {
  t = await startTestServer({ store });
});
afterAll(() => t.close());

describe('POST /chatbots', () => {
  it('answers 201 with the new chatbot in data, carrying all five fields and no others', async () => {
    const response = await t.client.create(KEYS.acmeWeb, { name: 'Support Assistant', settings: { theme: 'dark' } });
    expect(response.status).toBe(201);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(Object.keys(response.body).sort()).toEqual(['data']);
    expect(Object.keys(response.body.data).sort()).toEqual(['created_at', 'id', 'is_active', 'name', 'settings']);
  });

  it('returns data.name equal to the supplied name, exactly (unicode and spaces kept)', async () => {
    for (const name of ['Support Assistant', '  padded  ', 'Ünïcødé 🤖 助手', 'x'.repeat(200)]) {
      const response = await t.client.create(KEYS.acmeWeb, { name });
      expect(response.status).toBe(201);
      expect(response.body.data.name).toBe(name);
    }
  });

  it('reflects supplied settings: every supplied key comes back with its value', async () => {
    const settings = {
      theme: 'dark',
      prompt: { system: 'Be brief.', examples: ['Hi', 'Bye'] },
      temperature: 0.2,
      welcome: null,
      nested: { a: { b: { c: [1, 2, { d: true }] } } },
    };
    const response = await t.client.create(KEYS.acmeWeb, { name: 'Configured', settings });
    expect(response.status).toBe(201);
    expect(response.body.data.settings).toEqual(settings);
  });

  it('fills keys not supplied from the documented defaults', async () => {
    const response = await t.client.create(KEYS.acmeWeb, { name: 'Partial', settings: { prompt: 'Only a prompt.' } });
    expect(response.body.data.settings).toEqual({ ...defaultSettings, prompt: 'Only a prompt.' });
    const themed = await t.client.create(KEYS.acmeWeb, { name: 'Themed', settings: { theme: 'high-contrast' } });
    expect(themed.body.data.settings).toEqual({ ...defaultSettings, theme: 'high-contrast' });
  });

  it.each([
    ['omitted', {}],
    ['null', { settings: null }],
    ['an empty object', { settings: {} }],
  ])('applies the default settings when settings is left blank (%s)', async (_label, extra) => {
    const response = await t.client.create(KEYS.acmeWeb, { name: 'Defaults', ...extra });
    expect(response.status).toBe(201);
    expect(response.body.data.settings).toEqual(defaultSettings);
    expect(defaultSettings).toEqual({ theme: 'light', prompt: 'You are a helpful assistant.' });
  });

  it('gives each chatbot a newly generated UUID', async () => {
    const ids = new Set<string>();
    for (let i = 0; i < 25; i++) {
      const { body } = await t.client.create(KEYS.acmeMobile, { name: `Bot ${i}` });
      expect(body.data.id).toMatch(UUID);
      ids.add(body.data.id);
    }
    expect(ids.size).toBe(25);
  });

  it('creates chatbots active', async () => {
    const { body } = await t.client.create(KEYS.globex, { name: 'Active' });
    expect(body.data.is_active).toBe(true);
  });

  it('stamps created_at with the creation time, in UTC with milliseconds', async () => {
    const before = Date.now();
    const { body } = await t.client.create(KEYS.globex, { name: 'Timed' });
    const after = Date.now();
    expect(body.data.created_at).toMatch(UTC_MILLIS);
    const stamped = Date.parse(body.data.created_at);
    expect(stamped).toBeGreaterThanOrEqual(before);
    expect(stamped).toBeLessThanOrEqual(after);
  });

  it('assigns the chatbot to the project of the API key', async () => {
    const web = await t.client.create(KEYS.acmeWeb, { name: 'Web bot' });
    const mobile = await t.client.create(KEYS.acmeMobile, { name: 'Mobile bot' });
    const globex = await t.client.create(KEYS.globex, { name: 'Globex bot' });
    expect(store.owners.get(web.body.data.id)).toEqual({ accountId: 'acme', projectId: 'acme-web' });
    expect(store.owners.get(mobile.body.data.id)).toEqual({ accountId: 'acme', projectId: 'acme-mobile' });
    expect(store.owners.get(globex.body.data.id)).toEqual({ accountId: 'globex', projectId: 'globex-main' });
  });

  it('accepts a body of exactly the size limit, and a charset=utf-8 content type', async () => {
    const { maxBodyBytes } = contract.rules;
    // Settings are capped well below the body limit, so white space fills the rest.
    const skeleton = JSON.stringify({ name: 'Big', settings: { prompt: 'p'.repeat(15_000) } });
    const raw = `${skeleton}${' '.repeat(maxBodyBytes - Buffer.byteLength(skeleton))}`;
    expect(Buffer.byteLength(raw)).toBe(maxBodyBytes);
    const response = await t.client.request('POST', '/chatbots', {
      key: KEYS.globex,
      raw,
      headers: { 'content-type': 'application/json; charset=UTF-8' },
    });
    expect(response.status).toBe(201);
  });
});

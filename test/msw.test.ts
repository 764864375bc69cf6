// chatbot-api-mock/msw as a frontend team uses it in unit tests: the package's
// own export, setupServer from msw/node, a typed client, keys and a seed.
import { createMswHandlers } from 'chatbot-api-mock/msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { assertHonoursContract } from '../src/contract/check.js';
import { createChatbotClient } from '../src/verify/client.js';
import { contract } from './helpers/contract.js';

const baseUrl = 'https://staging.example.test/api';
const mock = createMswHandlers({
  baseUrl,
  keys: { accounts: [{ id: 'shop', projects: [{ id: 'shop-web', api_keys: ['sk_live_shop_web'] }] }] },
  seed: { projects: { 'shop-web': [{ name: 'Seeded helper', created_at: '2026-01-02T03:04:05.006Z' }] } },
});
const server = setupServer(...mock.handlers);
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => mock.reset());
afterAll(() => server.close());

// Every answer the handlers give is checked against openapi.yaml.
const checked = {
  async onResponse({ request, response }: { request: Request; response: Response }) {
    const { pathname } = new URL(request.url);
    const text = await response.clone().text();
    assertHonoursContract(contract, {
      method: request.method,
      path: pathname.slice(4),
      status: response.status,
      headers: response.headers,
      text,
    });
  },
};
const client = (apiKey?: string) =>
  createChatbotClient({ baseUrl, ...(apiKey ? { apiKey } : {}), middleware: [checked] });

describe('createMswHandlers with setupServer', () => {
  it('answers from the seed, with the keys given', async () => {
    const { data, response } = await client('sk_live_shop_web').GET('/chatbots');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(data?.data.map((chatbot) => chatbot.name)).toEqual(['Seeded helper']);
  });

  it('keeps state: a created chatbot is in the next list, until reset()', async () => {
    const created = await client('sk_live_shop_web').POST('/chatbots', {
      body: { name: 'Made in a test', settings: { theme: 'dark' } },
    });
    expect(created.response.status).toBe(201);
    const { data } = await client('sk_live_shop_web').GET('/chatbots');
    expect(data?.data.map((chatbot) => chatbot.name)).toEqual(['Seeded helper', 'Made in a test']);
    await mock.reset();
    const after = await client('sk_live_shop_web').GET('/chatbots');
    expect(after.data?.data.map((chatbot) => chatbot.name)).toEqual(['Seeded helper']);
  });

  it('refuses a key it was not given, with the contract’s 401 problem', async () => {
    const { error, response } = await client('sk_live_acme_web_0001').GET('/chatbots');
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe('Bearer realm="chatbots"');
    expect(error).toMatchObject({ type: 'https://chatbots.example/problems/unauthorized', status: 401 });
  });

  it('runs on the msw major of its vitest project (3, or 2 in the `msw 2` project)', async () => {
    const { default: installed } = (await import('msw/package.json', { with: { type: 'json' } })) as {
      default: { version: string };
    };
    expect(installed.version.split('.')[0]).toBe(process.env.MSW_PACKAGE === 'msw2' ? '2' : '3');
  });

  it('exposes the keys it accepts', () => {
    expect(mock.keys).toEqual([{ key: 'sk_live_shop_web', accountId: 'shop', projectId: 'shop-web' }]);
  });
});

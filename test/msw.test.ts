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

  it('answers 413 to a streamed body past the limit, and stops reading it', async () => {
    const total = 8 * 1024 * 1024;
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled >= total) return controller.close();
        pulled += 65_536;
        controller.enqueue(new Uint8Array(65_536).fill(32));
      },
    });
    const response = await fetch(`${baseUrl}/chatbots`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk_live_shop_web', 'content-type': 'application/json' },
      body,
      duplex: 'half',
      signal: AbortSignal.timeout(20_000),
    });
    const text = await response.text();
    assertHonoursContract(contract, {
      method: 'POST',
      path: '/chatbots',
      status: response.status,
      headers: response.headers,
      text,
    });
    expect(response.status).toBe(413);
    expect(pulled).toBeLessThan(total);
  });

  it('exposes the keys it accepts', () => {
    expect(mock.keys).toEqual([{ key: 'sk_live_shop_web', accountId: 'shop', projectId: 'shop-web' }]);
  });
});

describe('mock.override, seed, requests, useScenario and reset', () => {
  const shop = () => client('sk_live_shop_web');

  it("answers the contract's 503 example until the handle is removed; the app's key still counts", async () => {
    const handle = mock.override('createChatbot', { status: 503 });
    const refused = await shop().POST('/chatbots', { body: { name: 'During the outage' } });
    expect(refused.response.status).toBe(503);
    expect(refused.response.headers.get('retry-after')).toBe('1');
    expect(refused.error).toMatchObject({ type: 'https://chatbots.example/problems/store-unavailable' });
    expect((await client('sk_live_unknown').POST('/chatbots', { body: { name: 'x' } })).response.status).toBe(401);
    handle.remove();
    expect((await shop().POST('/chatbots', { body: { name: 'After' } })).response.status).toBe(201);
  });

  it('answers a body of its own, for a number of times, and refuses what the contract does not allow', async () => {
    mock.override('listChatbots', {
      status: 200,
      body: {
        data: [
          {
            id: 'b6a5c1e2-9f3d-4a7b-8c1d-2e3f4a5b6c7d',
            name: 'Fixed',
            settings: { theme: 'x' },
            is_active: false,
            created_at: '2026-01-01T00:00:00.000Z',
          },
        ],
      },
      times: 1,
    });
    expect((await shop().GET('/chatbots')).data?.data.map((chatbot) => chatbot.name)).toEqual(['Fixed']);
    expect((await shop().GET('/chatbots')).data?.data.map((chatbot) => chatbot.name)).toEqual(['Seeded helper']);
    // @ts-expect-error -- 418 is not documented for createChatbot
    expect(() => mock.override('createChatbot', { status: 418 })).toThrow('createChatbot documents no 418 answer');
    // @ts-expect-error -- a 503's body is a Problem
    expect(() => mock.override('createChatbot', { status: 503, body: { oops: true } })).toThrow(/^the override/);
    const unchecked = mock.override('createChatbot', { status: 418, body: { oops: true }, unchecked: true });
    // Not checked against the contract: an unchecked override answers what the contract does not document.
    const teapot = await fetch(`${baseUrl}/chatbots`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk_live_shop_web', 'content-type': 'application/json' },
      body: '{"name":"Tea"}',
    });
    expect([teapot.status, teapot.headers.get('override-unchecked'), await teapot.json()]).toEqual([
      418,
      'true',
      { oops: true },
    ]);
    unchecked.remove();
  });

  it('seeds an account, checked against the contract, and records what the app sent and got', async () => {
    await mock.seed('shop', [{ name: 'Seeded later', settings: { theme: 'dark' } }]);
    await expect(mock.seed('shop', [{ name: '' }])).rejects.toThrow(/chatbots\[0\]\/name/);
    await shop().POST('/chatbots', { body: { name: 'Typed in the form' } });
    const { data } = await shop().GET('/chatbots');
    expect(data?.data.map((chatbot) => chatbot.name)).toEqual(['Seeded helper', 'Seeded later', 'Typed in the form']);
    expect(mock.requests('createChatbot')).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/api/chatbots',
        operation_id: 'createChatbot',
        status: 201,
        account: 'shop',
        body: { name: 'Typed in the form' },
        answer: { data: expect.objectContaining({ name: 'Typed in the form', is_active: true }) },
      }),
    ]);
    expect(mock.requests().map((entry) => entry.operation_id)).toEqual(['createChatbot', 'listChatbots']);
  });

  it('loads scenarios by name; reset() clears overrides, seeds and the journal', async () => {
    await mock.useScenario('empty');
    expect((await shop().GET('/chatbots')).data?.data).toEqual([]);
    await mock.useScenario('flaky');
    const created = [];
    for (let index = 0; index < 3; index++)
      created.push((await shop().POST('/chatbots', { body: { name: `Bot ${index}` } })).response.status);
    expect(created).toEqual([201, 201, 503]);
    await mock.reset();
    expect(mock.requests()).toEqual([]);
    expect((await shop().GET('/chatbots')).data?.data.map((chatbot) => chatbot.name)).toEqual(['Seeded helper']);
    await expect(mock.useScenario('nope')).rejects.toThrow(/no scenario "nope"/);
  });

  it("starts in a scenario of the team's own, and refuses a bad one when it is made", async () => {
    const own = createMswHandlers({
      baseUrl: 'https://own.example.test/api',
      scenarios: { outage: { overrides: [{ operationId: 'listChatbots', status: 503 }] } },
      scenario: 'outage',
    });
    const outage = setupServer(...own.handlers);
    server.close();
    outage.listen();
    try {
      const answer = await fetch('https://own.example.test/api/chatbots', {
        headers: { authorization: 'Bearer sk_live_acme_web_0001' },
      });
      await checked.onResponse({ request: new Request('https://own.example.test/api/chatbots'), response: answer });
      expect(answer.status).toBe(503);
    } finally {
      outage.close();
      server.listen({ onUnhandledFrame: 'error' });
    }
    expect(() => createMswHandlers({ baseUrl: '/api', scenario: 'nope' })).toThrow(/no scenario "nope"/);
    const teapot = { teapot: { overrides: [{ operationId: 'listChatbots', status: 418 }] } };
    expect(() => createMswHandlers({ baseUrl: '/api', scenarios: teapot, scenario: 'teapot' })).toThrow(
      'scenario teapot: the override does not fit the contract: listChatbots documents no 418 answer',
    );
  });

  it('counts what the tests exercised of the contract, across reset(), until clearCoverage()', async () => {
    mock.clearCoverage();
    const created = await client('sk_live_shop_web').POST('/chatbots', {
      body: { name: 'Counted', settings: { theme: 'dark' } },
    });
    expect(created.response.status).toBe(201);
    await mock.reset();
    expect((await client().GET('/chatbots')).response.status).toBe(401);
    const journal = mock.coverage();
    expect(journal).toMatchObject({ sources: ['msw'], requests: 2 });
    expect(journal.seen).toMatchObject({
      'answer createChatbot 201 application/json': 1,
      'property createChatbot /settings/theme': 1,
      'enum createChatbot 201 application/json /data/is_active = true': 1,
      'answer listChatbots 401 application/problem+json': 1,
    });
    mock.clearCoverage();
    expect(mock.coverage().requests).toBe(0);
  });
});

// createMiddleware and the MSW handlers infer the same resources as serve, from
// the contract they are built from (the MSW one compiled ahead of time, as the
// package's build compiles it): read, patch in both media types, delete, a
// sub-resource, tenancy, and an override and a reset on an inferred operation.
// Every answer is checked against that contract.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContract } from '../src/contract/load.js';
import type { Chatbot } from '../src/contract/types.js';
import { createMiddleware } from '../src/http/middleware.js';
import { createMswHandlersFor } from '../src/msw/handlers.js';
import type { TestControls } from '../src/reference/controls.js';
import { compileContract } from './helpers/compiled.js';
import { crudDocument, writeCrudContract } from './helpers/crudContract.js';
import { KEYS, TestClient } from './helpers/server.js';

const file = writeCrudContract();
const crud = loadContract(file);

interface Running {
  url: string;
  controls: TestControls;
  close(): Promise<void>;
}

const start: Record<'createMiddleware' | 'msw', () => Promise<Running>> = {
  async createMiddleware() {
    const api = createMiddleware({ contract: crud });
    const app = express();
    app.use('/api', api);
    const served = createServer(app);
    await new Promise<void>((resolve) => served.listen(0, '127.0.0.1', resolve));
    return {
      url: `http://127.0.0.1:${(served.address() as AddressInfo).port}/api`,
      controls: api,
      close: async () => {
        served.closeAllConnections();
        await new Promise((resolve) => served.close(resolve));
      },
    };
  },
  async msw() {
    const url = 'http://chatbots.inferred.test/api';
    const compiled = await compileContract(crudDocument());
    const mock = createMswHandlersFor(compiled, { baseUrl: url });
    const server = setupServer(...mock.handlers);
    server.listen({ onUnhandledFrame: 'error' });
    return { url, controls: mock, close: async () => server.close() };
  },
};

describe.each(['createMiddleware', 'msw'] as const)('%s, with operations no handler serves', (mode) => {
  let running: Running;
  let client: TestClient;
  beforeAll(async () => {
    running = await start[mode]();
    client = new TestClient(running.url, crud);
  });
  afterAll(() => running.close());

  const read = (id: string, key: string = KEYS.acmeWeb) =>
    client.request<{ data: Chatbot }>('GET', `/chatbots/${id}`, { key });

  it('reads, patches (merge and JSON Patch) and deletes the chatbot created, in its own account only', async () => {
    const chatbot = (await client.create(KEYS.acmeWeb, { name: 'One' })).body.data;
    expect((await read(chatbot.id)).body.data).toEqual(chatbot);
    expect((await read(chatbot.id, KEYS.globex)).status).toBe(404);
    const merged = await client.request<{ data: Chatbot }>('PATCH', `/chatbots/${chatbot.id}`, {
      key: KEYS.acmeWeb,
      raw: JSON.stringify({ name: 'Merged' }),
      headers: { 'content-type': 'application/merge-patch+json' },
    });
    expect(merged.body.data).toEqual({ ...chatbot, name: 'Merged' });
    // The JSON Patch's own schema, compiled apart from the merge patch's: an unknown op is a 422.
    const unknown = await client.request('PATCH', `/chatbots/${chatbot.id}`, {
      key: KEYS.acmeWeb,
      raw: JSON.stringify([{ op: 'jump', path: '/name' }]),
      headers: { 'content-type': 'application/json-patch+json' },
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body).toMatchObject({ validation: [{ location: ['body', '0', 'op'], code: 'enum' }] });
    const patched = await client.request<{ data: Chatbot }>('PATCH', `/chatbots/${chatbot.id}`, {
      key: KEYS.acmeMobile,
      raw: JSON.stringify([{ op: 'replace', path: '/is_active', value: false }]),
      headers: { 'content-type': 'application/json-patch+json' },
    });
    expect(patched.body.data).toEqual({ ...chatbot, name: 'Merged', is_active: false });
    const version = await client.request('POST', `/chatbots/${chatbot.id}/versions`, {
      key: KEYS.acmeWeb,
      json: { label: 'v1' },
    });
    expect(version.status).toBe(201);
    expect((await client.request('DELETE', `/chatbots/${chatbot.id}`, { key: KEYS.globex })).status).toBe(404);
    expect((await client.request('DELETE', `/chatbots/${chatbot.id}`, { key: KEYS.acmeWeb })).status).toBe(204);
    expect((await read(chatbot.id)).status).toBe(404);
    expect((await client.request('GET', `/chatbots/${chatbot.id}/versions`, { key: KEYS.acmeWeb })).status).toBe(404);
  });

  it('takes an override of an inferred operation, and a reset clears the records', async () => {
    const chatbot = (await client.create(KEYS.acmeWeb, { name: 'Two' })).body.data;
    await client.request('POST', `/chatbots/${chatbot.id}/versions`, { key: KEYS.acmeWeb, json: { label: 'v1' } });
    // The generated types name the built-in operations; an added one is named as the contract in force writes it.
    const override = running.controls.override('getChatbot' as 'listChatbots', { status: 401 });
    expect((await read(chatbot.id)).status).toBe(401);
    override.remove();
    expect((await read(chatbot.id)).status).toBe(200);
    await running.controls.reset();
    expect((await read(chatbot.id)).status).toBe(404);
    const created = (await client.create(KEYS.acmeWeb, { name: 'After' })).body.data;
    const versions = await client.request<{ data: unknown[] }>('GET', `/chatbots/${created.id}/versions`, {
      key: KEYS.acmeWeb,
    });
    expect(versions.body.data).toEqual([]);
  });
});

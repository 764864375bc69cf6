// What OpenAPI 3.2 adds, served end to end by `serve`, `mock` and the MSW handlers (their validators compiled ahead of
// time, as the MSW package's are); test/helpers/contract32.ts has the contract, written from the specification. A
// QUERY operation is routed and validated, a parameter `in: querystring` is read as its media type, a streamed answer
// is sent item by item in its own media type, and an additional operation (PURGE) is answered. Every answer is checked
// against the same contract, item by item for a stream.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dump } from 'js-yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { responseViolations } from '../src/contract/check.js';
import { createContract } from '../src/contract/contract.js';
import { liveValidators } from '../src/contract/load.js';
import { ItemReader } from '../src/contract/sequential.js';
import { contract32File, with32Additions } from './helpers/contract32.js';
import { setupServer } from 'msw/node';
import { runMock } from '../src/mock/runMock.js';
import { createMswHandlersFor } from '../src/msw/handlers.js';
import { compileContract } from './helpers/compiled.js';
import { KEYS, KEYS_FILE, startTestServer } from './helpers/server.js';

const against = createContract(with32Additions(), liveValidators);
const file = contract32File();

const start = {
  serve: async () => {
    const { server, close } = await startTestServer({ contractFile: file });
    return { url: server.url, close };
  },
  mock: async () => {
    const mock = await runMock({ port: 0, keysFile: KEYS_FILE, contractFile: file });
    return { url: mock.url, close: () => mock.close() };
  },
  msw: async () => {
    const url = 'http://chatbots.msw32.test/api';
    const handlers = createMswHandlersFor(await compileContract(with32Additions()), { baseUrl: url });
    const server = setupServer(...handlers.handlers);
    server.listen({ onUnhandledFrame: 'error' });
    return { url, close: async () => server.close() };
  },
};

describe.each(['serve', 'mock', 'msw'] as const)('%s, OpenAPI 3.2', (command) => {
  let running: { url: string; close(): Promise<void> } | undefined;
  let url = '';
  beforeAll(async () => {
    running = await start[command]();
    url = running.url;
  });
  afterAll(() => running?.close());

  /** Sends a request, and checks its answer against the 3.2 contract. */
  async function send(method: string, path: string, init: { body?: unknown; key?: string | null } = {}) {
    const headers: Record<string, string> = {};
    if (init.key !== null) headers.authorization = `Bearer ${init.key ?? KEYS.acmeWeb}`;
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${url}${path}`, {
      method,
      headers,
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
    const text = await response.text();
    const below = path.replace(/\?.*$/, '');
    const violations = responseViolations(against, {
      method,
      path: below,
      status: response.status,
      headers: response.headers,
      text,
    });
    expect(violations).toEqual([]);
    return {
      status: response.status,
      headers: response.headers,
      text,
      json: () => JSON.parse(text) as Record<string, unknown>,
    };
  }

  describe('a QUERY operation', () => {
    it('is routed and answered with its example', async () => {
      const found = await send('QUERY', '/chatbots/search', { body: { name: 'Support' } });
      expect(found.status).toBe(200);
      expect(found.json()).toEqual({ data: [] });
      expect(found.headers.get('mock-source')).toBe('example');
    });

    it('has its body validated and its key checked, as any other operation', async () => {
      const refused = await send('QUERY', '/chatbots/search', { body: { name: 5 } });
      expect(refused.status).toBe(422);
      expect(refused.json().validation).toEqual([expect.objectContaining({ location: ['body', 'name'] })]);
      expect((await send('QUERY', '/chatbots/search', { body: {}, key: null })).status).toBe(401);
    });

    it('is the one method its path allows: another answers 405 naming QUERY', async () => {
      const other = await send('GET', '/chatbots/search');
      expect(other.status).toBe(405);
      expect(other.headers.get('allow')).toBe('QUERY');
    });
  });

  describe('a parameter in: querystring', () => {
    it('reads the whole query string as a form, its values checked by its schema', async () => {
      expect((await send('GET', '/chatbots/lookup?name=abc&limit=3')).status).toBe(200);
      expect((await send('GET', '/chatbots/lookup')).status).toBe(200);
    });

    it('refuses a value its schema refuses, with the place named from the query string', async () => {
      const tooMany = await send('GET', '/chatbots/lookup?limit=20');
      expect(tooMany.status).toBe(422);
      expect(tooMany.json().validation).toEqual([expect.objectContaining({ location: ['querystring', 'limit'] })]);
      const unknown = await send('GET', '/chatbots/lookup?colour=blue');
      expect(unknown.status).toBe(422);
      expect(unknown.json().validation).toEqual([
        expect.objectContaining({ location: ['querystring', 'colour'], code: 'additionalProperties' }),
      ]);
    });
  });

  describe('a streamed answer (itemSchema)', () => {
    it('sends server-sent events, one event per item of the example', async () => {
      const events = await send('GET', '/chatbots/events');
      expect(events.status).toBe(200);
      expect(events.headers.get('content-type')).toBe('text/event-stream');
      expect(events.headers.get('content-length')).toBeNull();
      const reader = new ItemReader('text/event-stream');
      expect([...reader.push(events.text), ...reader.end()]).toEqual([
        { value: { event: 'created', data: 'Support bot', id: '1' }, text: expect.any(String) },
        { value: { event: 'renamed', data: 'Help bot\nsecond line', id: '2' }, text: expect.any(String) },
      ]);
    });

    it('sends JSON Lines from a serialized example, a line per item', async () => {
      const lines = await send('GET', '/chatbots/export');
      expect(lines.status).toBe(200);
      expect(lines.headers.get('content-type')).toBe('application/jsonl');
      expect(lines.text).toBe('{"name":"One","is_active":true}\n{"name":"Two","is_active":false}\n');
    });

    it('arrives item by item: the first item can be read before the stream ends', async () => {
      const response = await fetch(`${url}/chatbots/events`, {
        headers: { authorization: `Bearer ${KEYS.acmeWeb}` },
      });
      const body = response.body!.getReader();
      const reader = new ItemReader('text/event-stream');
      const seen: unknown[] = [];
      for (let chunk = await body.read(); !chunk.done && seen.length === 0; chunk = await body.read())
        seen.push(...reader.push(new TextDecoder().decode(chunk.value)));
      expect(seen[0]).toEqual({
        value: { event: 'created', data: 'Support bot', id: '1' },
        text: 'event: created\nid: 1\ndata: Support bot\n\n',
      });
      await body.cancel();
    });
  });

  describe('an additional operation', () => {
    it('is served under its own method', async () => {
      const purged = await send('PURGE', '/chatbots/archive');
      expect(purged.status).toBe(204);
      expect((await send('PURGE', '/chatbots/archive', { key: null })).status).toBe(401);
    });

    it('is named by the 405 of a method its path does not list', async () => {
      const other = await send('GET', '/chatbots/archive');
      expect(other.status).toBe(405);
      expect(other.headers.get('allow')).toBe('PURGE');
    });
  });
});

describe('an additional operation under a method Node cannot parse', () => {
  it('gets Node’s own bare 400 from serve: its headers and body are out of reach', async () => {
    const document = with32Additions();
    (
      document.paths['/chatbots/archive'] as { additionalOperations: Record<string, unknown> }
    ).additionalOperations.BREW = {
      operationId: 'brewChatbots',
      responses: { '204': { description: 'Brewed (RFC 2324).' } },
    };
    const path = join(mkdtempSync(join(tmpdir(), 'brew-')), 'openapi.yaml');
    writeFileSync(path, dump(document));
    const { server, close } = await startTestServer({ contractFile: path });
    try {
      const brewed = await fetch(`${server.url}/chatbots/archive`, { method: 'BREW' });
      expect(brewed.status).toBe(400);
      expect(await brewed.text()).toBe('');
      const other = await fetch(`${server.url}/chatbots/archive`, { method: 'GET' });
      expect(other.status).toBe(405);
      expect(other.headers.get('allow')).toBe('PURGE, BREW');
    } finally {
      await close();
    }
  });
});

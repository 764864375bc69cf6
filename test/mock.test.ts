// The Prism mock: it serves the same contract under the same /api prefix, so a
// frontend switches between mock and server by port alone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChatbotClient } from '../src/verify/client.js';
import { contractViolations } from '../src/contract/check.js';
import { runMock, type RunningMock } from '../src/mock/runMock.js';
import { contract } from './helpers/contract.js';
import { runVerify } from '../src/verify/runVerify.js';
import { KEYS, startTestServer, TestClient, type TestServer } from './helpers/server.js';

let mock: RunningMock;
let server: TestServer;
beforeAll(async () => {
  [mock, server] = await Promise.all([runMock({ port: 0 }), startTestServer()]);
}, 60_000);
afterAll(async () => {
  await Promise.all([mock?.close(), server?.close()]);
});

/** What a frontend would write once, against either base URL. */
async function createThenList(baseUrl: string, apiKey: string) {
  const client = createChatbotClient({ baseUrl, apiKey });
  const created = await client.POST('/chatbots', { body: { name: 'Support Assistant', settings: { theme: 'dark' } } });
  const listed = await client.GET('/chatbots');
  return { created: created.response.status, listed: listed.response.status, data: listed.data?.data ?? [] };
}

describe('the Prism mock', () => {
  it('answers under /api, like the reference server', () => {
    expect(new URL(mock.url).pathname).toBe('/api');
    expect(new URL(server.server.url).pathname).toBe('/api');
  });

  it('runs the same client code as the reference server: only the port differs', async () => {
    const fromMock = await createThenList(mock.url, KEYS.acmeWeb);
    const fromServer = await createThenList(server.server.url, KEYS.acmeWeb);
    expect(fromMock).toMatchObject({ created: 201, listed: 200 });
    expect(fromServer).toMatchObject({ created: 201, listed: 200 });
    expect(fromMock.data.length).toBeGreaterThan(0);
    expect(fromServer.data.map((c) => c.name)).toEqual(['Support Assistant']);
  });

  it('serves the static examples of openapi.yaml, every answer within the contract', async () => {
    const client = new TestClient(mock.url);
    const listed = await client.list(KEYS.globex);
    expect(listed.status).toBe(200);
    const { examples } = (
      contract.document.paths['/chatbots']?.get?.responses['200'] as {
        content: Record<string, { examples: Record<string, { value: unknown }> }>;
      }
    ).content['application/json']!;
    expect(listed.body).toEqual(examples.twoChatbots!.value);
    expect((await client.request('GET', '/chatbots')).status).toBe(401);
    expect((await client.list('sk_live_not_a_known_key')).status).toBe(401);
    expect((await client.request('POST', '/chatbots', { key: KEYS.acmeWeb, json: {} })).status).toBe(422);
  });

  it('passes every check of the verification kit that a stateless target can pass', async () => {
    const report = await runVerify({ baseUrl: mock.url, key: KEYS.acmeWeb, stateless: true, seed: 7 });
    expect(report.failures).toEqual([]);
    expect(report.passed).toBe(true);
    expect(report.phases).toEqual(['examples', 'coverage', 'fuzz']);
    for (const check of report.checks.filter((c) => c.skipped)) {
      expect(check.skipped).toMatch(/^the target is stateless|^opt-in|^the proxy’s/);
    }
    // What a mock can be judged on is judged: every answer's conformance, and every refusal.
    for (const name of [
      'response_schema_conformance',
      'negative_data_rejection',
      'ignored_auth',
      'unsupported_method',
      'is_active',
    ]) {
      expect(report.checks.find((c) => c.name === name)?.ran, name).toBeGreaterThan(0);
    }
  });
});

describe('--dynamic', () => {
  it('generates data from the schemas, every answer within the contract', async () => {
    const dynamic = await runMock({ port: 0, dynamic: true });
    try {
      const responses = await Promise.all(
        [1, 2, 3].map(() => fetch(`${dynamic.url}/chatbots`, { headers: { authorization: `Bearer ${KEYS.acmeWeb}` } })),
      );
      for (const response of responses) {
        const text = await response.text();
        expect(response.status).toBe(200);
        expect(
          contractViolations(contract, {
            method: 'GET',
            path: '/chatbots',
            status: 200,
            headers: response.headers,
            text,
          }),
        ).toEqual([]);
      }
    } finally {
      await dynamic.close();
    }
  }, 60_000);
});

describe('an Accept that no answer of the contract satisfies', () => {
  // The contract documents no 406: the header is disregarded (RFC 9110, 12.5.1), by the mock as by serve.
  it.each(['*/*;q=0', 'text/html', 'application/xml', 'application/json;q=0'])(
    '%s: the mock answers JSON, as serve does',
    async (accept) => {
      for (const [url, headers] of [
        [server.server.url, { accept }],
        [mock.url, { accept }],
        [mock.url, { accept, prefer: 'dynamic=true' }],
      ] as const) {
        const client = new TestClient(url);
        const listed = await client.request('GET', '/chatbots', { key: KEYS.globex, headers });
        expect(listed.status, url).toBe(200);
        expect(listed.headers.get('content-type')).toBe('application/json; charset=utf-8');
        const created = await client.request('POST', '/chatbots', { key: KEYS.globex, json: { name: 'A' }, headers });
        expect(created.status, url).toBe(201);
      }
    },
  );
});

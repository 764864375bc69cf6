// One behaviour suite for every mode: the same requests with the same expected
// answers against the reference server, the Prism mock and the MSW handlers.
// A request-level answer (404 to 422, faults, headers) must be the same bytes in
// every mode; only success answers depend on the mode: stateful (server, MSW)
// or the contract's examples (mock). Every answer is also checked against
// openapi.yaml by the TestClient.
import { describe, expect, it } from 'vitest';
import type { OpenAPIV3 } from 'openapi-types';
import type { Chatbot } from '../../src/contract/types.js';
import type { Contract } from '../../src/contract/contract.js';
import { contract } from './contract.js';
import { KEYS, TestClient, type ApiResponse, type RequestOptions } from './server.js';

export interface ModeUnderTest {
  baseUrl: string;
  /** Keeps state (server, MSW); the mock answers with the contract's examples. */
  stateful: boolean;
  /** Back to an empty state, between tests of a stateful mode. */
  reset?: () => Promise<void>;
  /** The contract the mode runs, which every answer must honour too (default: openapi.yaml). */
  against?: Contract;
}

const problemBody = (status: number, detail: string, extra: object = {}) =>
  JSON.stringify({ ...contract.problemKinds.get(status), status, detail, ...extra });

/** The example the contract documents: the single one, the named one, or else the first named one. */
function example(operationId: string, status: number, name?: string): unknown {
  const operation = contract.operations.find((op) => op.operationId === operationId)!;
  const { response } = contract.responseFor(operation, status)!;
  const media = Object.values(response.content!)[0] as OpenAPIV3.MediaTypeObject;
  const named = media.examples as Record<string, OpenAPIV3.ExampleObject> | undefined;
  if (name) return named?.[name]?.value;
  return media.example ?? Object.values(named ?? {})[0]?.value;
}

/** The CORS headers of every answer of the API, in every mode. */
const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'Allow,WWW-Authenticate,Preference-Applied,Mock-Source',
};

/** Asserts an answer byte for byte: status, the headers every mode sends alike, and the body. */
function expectAnswer(response: ApiResponse, status: number, text: string, headers: Record<string, string> = {}) {
  expect({ status: response.status, text: response.text }).toEqual({ status, text });
  expect(response.headers.get('cache-control')).toBe('no-store');
  for (const [name, value] of Object.entries(CORS_HEADERS)) expect(response.headers.get(name), name).toBe(value);
  expect(response.headers.get('content-type')).toBe(
    `${status >= 400 ? 'application/problem+json' : 'application/json'}; charset=utf-8`,
  );
  for (const [name, value] of Object.entries(headers)) expect(response.headers.get(name), name).toBe(value);
}

/** A client whose answers honour openapi.yaml, and the contract the mode runs (another version's rendition of it). */
class CheckedTwice extends TestClient {
  readonly #also: TestClient | undefined;
  constructor(mode: ModeUnderTest) {
    super(mode.baseUrl);
    this.#also = mode.against && new TestClient(mode.baseUrl, mode.against);
  }

  override async request<T = unknown>(method: string, path: string, options: RequestOptions = {}) {
    const response = await super.request<T>(method, path, options);
    this.#also?.check(method, path, options, response);
    return response;
  }
}

export function describeSharedBehaviour(label: string, start: () => ModeUnderTest) {
  const client = () => new CheckedTwice(start());
  const path = () => new URL(start().baseUrl).pathname;

  describe(`${label}: request-level answers, the same bytes in every mode`, () => {
    const cases: [string, string, string, RequestOptions, number, () => string, Record<string, string>?][] = [
      [
        'an unknown path',
        'GET',
        '/chatbot',
        { key: KEYS.acmeWeb },
        404,
        () => problemBody(404, `There is no resource at ${path()}/chatbot.`),
      ],
      [
        'another method',
        'DELETE',
        '/chatbots',
        { key: KEYS.acmeWeb },
        405,
        () => problemBody(405, `DELETE is not allowed on ${path()}/chatbots. Allowed methods are GET, POST.`),
        { allow: 'GET, POST' },
      ],
      [
        'a body over the limit, without a key',
        'POST',
        '/chatbots',
        { json: { name: 'x'.repeat(contract.rules.maxBodyBytes) } },
        413,
        () => problemBody(413, `The request body is larger than ${contract.rules.maxBodyBytes} bytes.`),
      ],
      [
        'no key',
        'GET',
        '/chatbots',
        {},
        401,
        () => problemBody(401, 'The Authorization header is missing. Send `Authorization: Bearer <API_KEY>`.'),
        { 'www-authenticate': 'Bearer realm="chatbots"' },
      ],
      [
        'an unknown key',
        'GET',
        '/chatbots',
        { key: 'sk_live_nobody' },
        401,
        () => problemBody(401, 'The API key is not known.'),
        { 'www-authenticate': 'Bearer realm="chatbots"' },
      ],
      [
        'another scheme',
        'GET',
        '/chatbots',
        { headers: { authorization: `Basic ${KEYS.acmeWeb}` } },
        401,
        () =>
          problemBody(401, 'The Authorization header is malformed. Send exactly `Bearer`, one space, and the API key.'),
      ],
      [
        'text/plain',
        'POST',
        '/chatbots',
        { key: KEYS.acmeWeb, raw: '{"name":"Bot"}', headers: { 'content-type': 'text/plain' } },
        415,
        () => problemBody(415, 'The request body must be sent with `Content-Type: application/json` (UTF-8).'),
      ],
      [
        'malformed JSON',
        'POST',
        '/chatbots',
        { key: KEYS.acmeWeb, raw: '{"name": "Half', headers: { 'content-type': 'application/json' } },
        400,
        () => problemBody(400, `The request body is not well-formed JSON: ${jsonError('{"name": "Half')}`),
      ],
      [
        'no name',
        'POST',
        '/chatbots',
        { key: KEYS.acmeWeb, json: {} },
        422,
        () =>
          problemBody(422, 'The request does not match the contract.', {
            validation: [{ location: ['body'], code: 'required', message: "must have required property 'name'" }],
          }),
      ],
      [
        'an unknown field and a long theme',
        'POST',
        '/chatbots',
        { key: KEYS.acmeWeb, json: { name: 'B', nmae: 1, settings: { theme: 't'.repeat(101) } } },
        422,
        () =>
          problemBody(422, 'The request does not match the contract.', {
            validation: [
              { location: ['body', 'nmae'], code: 'additionalProperties', message: "unknown property 'nmae'" },
              {
                location: ['body', 'settings', 'theme'],
                code: 'maxLength',
                message: 'must NOT have more than 100 characters',
              },
            ],
          }),
      ],
      [
        'Prefer: code=401 with a valid key',
        'GET',
        '/chatbots',
        { key: KEYS.acmeWeb, headers: { prefer: 'code=401' } },
        401,
        () => JSON.stringify(example('listChatbots', 401)),
        { 'preference-applied': 'code=401', 'www-authenticate': 'Bearer realm="chatbots"' },
      ],
    ];
    it.each(cases)('%s', async (_label, method, route, options, status, text, headers) => {
      expectAnswer(await client().request(method, route, options), status, text(), headers);
    });

    it('drops the connection for Prefer: fault=reset', async () => {
      await expect(
        client().request('GET', '/chatbots', { key: KEYS.acmeWeb, headers: { prefer: 'fault=reset' } }),
      ).rejects.toThrow();
    });

    it('answers a CORS preflight 204 with the same headers, and a plain OPTIONS 405', async () => {
      const preflight = await client().request('OPTIONS', '/chatbots', {
        headers: {
          origin: 'http://app.example',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization,content-type',
        },
      });
      expect({ status: preflight.status, text: preflight.text }).toEqual({ status: 204, text: '' });
      const sent = Object.fromEntries(
        [...preflight.headers].filter(
          ([name]) => name.startsWith('access-control-') || ['cache-control', 'vary'].includes(name),
        ),
      );
      expect(sent).toEqual({
        'access-control-allow-origin': '*',
        'access-control-allow-methods': 'GET,POST',
        'access-control-allow-headers': 'authorization,content-type',
        'access-control-expose-headers': 'Allow,WWW-Authenticate,Preference-Applied,Mock-Source',
        'access-control-max-age': '600',
        'cache-control': 'no-store',
        vary: 'Access-Control-Request-Headers',
      });
      const plain = await client().request('OPTIONS', '/chatbots', { key: KEYS.acmeWeb });
      expect([plain.status, plain.headers.get('allow')]).toEqual([405, 'GET, POST']);
    });

    it('names an applied delay in Preference-Applied', async () => {
      const response = await client().request('GET', '/chatbots', {
        key: KEYS.acmeWeb,
        headers: { prefer: 'delay=20' },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('preference-applied')).toBe('delay=20');
    });
  });

  describe(`${label}: success answers`, () => {
    it('creates a chatbot: the stored one (stateful), or the example (mock)', async () => {
      await start().reset?.();
      const created = await client().create(KEYS.acmeWeb, { name: 'Shared suite', settings: { theme: 'dark' } });
      expect(created.status).toBe(201);
      if (!start().stateful) return expect(created.body).toEqual(example('createChatbot', 201));
      expect(created.body.data).toMatchObject({
        name: 'Shared suite',
        is_active: true,
        settings: { ...contract.rules.defaultSettings, theme: 'dark' },
      });
    });

    it('lists what the account created, in order, no other tenant’s (stateful); or the example (mock)', async () => {
      await start().reset?.();
      const first = await client().create(KEYS.acmeWeb, { name: 'First' });
      const second = await client().create(KEYS.acmeMobile, { name: 'Second' });
      await client().create(KEYS.globex, { name: 'Elsewhere' });
      const listed = await client().list(KEYS.acmeWeb);
      expect(listed.status).toBe(200);
      if (!start().stateful) return expect(listed.body).toEqual(example('listChatbots', 200));
      expect(listed.body.data.map((chatbot: Chatbot) => chatbot.id)).toEqual([first.body.data.id, second.body.data.id]);
    });

    it('takes Prefer: example=NAME as Prism does (mock), and answers from its state (stateful)', async () => {
      await start().reset?.();
      const empty = await client().request('GET', '/chatbots', {
        key: KEYS.acmeWeb,
        headers: { prefer: 'example=empty' },
      });
      const unknown = await client().request('GET', '/chatbots', {
        key: KEYS.acmeWeb,
        headers: { prefer: 'example=no-such-example' },
      });
      expect([empty.status, unknown.status]).toEqual([200, 200]);
      if (!start().stateful) {
        expect(empty.body).toEqual(example('listChatbots', 200, 'empty'));
        return expect(unknown.body).toEqual(example('listChatbots', 200));
      }
      expect([empty.body, unknown.body]).toEqual([{ data: [] }, { data: [] }]);
    });
  });
}

function jsonError(text: string): string {
  try {
    JSON.parse(text);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('expected malformed JSON');
}

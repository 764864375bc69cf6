// What a contract, an edit or the engine's executors put in an answer cannot end the process (docs/security.md): a
// header HTTP forbids is refused when the contract loads (exit 2 at start, the last good contract under --watch),
// refused in any answer the engine makes at run time (a 500 that breaks the contract, logged), and a failure to send
// goes to the adapter's error path, never an unhandled rejection. An operation added under --watch answers its
// composed example, valid against its schema with its $refs followed. A 413 reaches a client still writing its body,
// and closes the connection that client asked to close.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dump } from 'js-yaml';
import type { OpenAPIV3 } from 'openapi-types';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createContract, type OpenApiDocument } from '../src/contract/contract.js';
import { liveValidators } from '../src/contract/load.js';
import type { Engine } from '../src/engine/pipeline.js';
import { createMiddleware } from '../src/http/middleware.js';
import { createNodeMiddleware } from '../src/http/nodeAdapter.js';
import { contract as builtIn } from './helpers/contract.js';
import { assertBuilt, listening, run, stop } from './helpers/run.js';
import { KEYS, TestClient } from './helpers/server.js';
import { until } from './helpers/until.js';

type Document = OpenApiDocument & { paths: Record<string, Record<string, Record<string, unknown>>> };
const BUILT_IN_TEXT = readFileSync(new URL('../openapi.yaml', import.meta.url), 'utf8');

const edited = (change: (document: Document) => void): Document => {
  const document = structuredClone(builtIn.document) as Document;
  change(document);
  return document;
};
const created = (document: Document) =>
  document.paths['/chatbots']!.post!.responses as Record<string, { headers: Record<string, unknown> }>;
const withHeader = (name: string, header: Record<string, unknown>) =>
  edited((document) => void (created(document)['201']!.headers[name] = header));
const HOSTILE: [string, Document][] = [
  ['an example with a control character', withHeader('X-Trace', { schema: { type: 'string', example: 'a\u0001b' } })],
  ['a named example with CR LF', withHeader('X-Trace', { examples: { one: { value: 'a\r\nb' } }, schema: {} })],
  ['an enum value past U+00FF, required', withHeader('X-Trace', { required: true, schema: { enum: ['\u20ac'] } })],
  ['a name that is not a token', withHeader('X Trace', { schema: { type: 'string' } })],
];

let dir = '';
const write = (document: object | string) => {
  const file = join(dir, 'openapi.yaml');
  writeFileSync(file, typeof document === 'string' ? document : dump(document));
  return file;
};
beforeAll(() => {
  assertBuilt();
  dir = mkdtempSync(join(tmpdir(), 'untrusted-answers-'));
});

describe('a response header HTTP cannot carry, in a contract', () => {
  it.each(
    HOSTILE.flatMap(([name, document]) => ['serve', 'mock'].map((command) => [command, name, document] as const)),
  )('%s refuses it at start with exit 2 and one line (%s)', async (command, _name, document) => {
    const started = run([command, '--port', '0', '--contract', write(document)]);
    expect(await started.exit).toBe(2);
    const lines = started.stderr().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/the 201 answer of POST \/chatbots: header/);
  });

  it('under --watch keeps the last good contract and every stored chatbot', async () => {
    const file = write(BUILT_IN_TEXT);
    const started = run(['serve', '--port', '0', '--contract', file, '--watch']);
    const client = new TestClient(await listening(started));
    expect((await client.create(KEYS.acmeWeb, { name: 'Kept' })).status).toBe(201);
    for (const [index, [, document]] of HOSTILE.entries()) {
      write(document);
      await until(() => started.stdout().split('still serving the last good contract').length > index + 1);
      const answer = await client.request('POST', '/chatbots', {
        key: KEYS.acmeWeb,
        json: { name: 'Asked for' },
        headers: { prefer: 'code=201' },
      });
      expect(answer.status).toBe(201);
    }
    expect((await client.listed(KEYS.acmeWeb)).map((chatbot) => chatbot.name)).toContain('Kept');
    expect(await stop(started)).toBe(0);
  });
});

describe('an answer the engine cannot send', () => {
  const servers: Server[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
  });
  const listen = async (handler: Parameters<typeof createServer>[1]) => {
    const server = createServer(handler);
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  };

  it('is a 500 that breaks the contract, logged, from a contract no load checked (createMiddleware)', async () => {
    const [, document] = HOSTILE[0]!;
    const logged: string[] = [];
    const contract = createContract(document, liveValidators);
    const middleware = createMiddleware({ contract, logger: { error: (line: string) => logged.push(line) } });
    const url = await listen((req, res) => middleware(req, res, () => res.end()));
    const client = new TestClient(`${url}/api`, contract);
    const asked = await client.request('POST', '/chatbots', {
      key: KEYS.acmeWeb,
      json: { name: 'x' },
      headers: { prefer: 'code=201' },
    });
    expect(asked.status).toBe(500);
    expect(logged.join('\n')).toMatch(/RESPONSE BREAKS THE CONTRACT: header X-Trace holds a character/);
    expect((await client.list(KEYS.acmeWeb)).status).toBe(200);
  });

  it('goes to next() when Node refuses what it is handed, and leaves no rejection unhandled', async () => {
    const unhandled: unknown[] = [];
    const record = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', record);
    try {
      const engine = {
        basePath: '/api',
        route: () => ({ kind: 'not-found' }),
        handle: async () => ({ kind: 'answer', status: 200, headers: { 'X-Bad': 'a\u0001b' }, body: '{}' }),
        // eslint-disable-next-line no-restricted-syntax -- a stand-in engine: the adapter reads only these members
      } as unknown as Engine;
      const middleware = createNodeMiddleware(engine);
      const failures: unknown[] = [];
      const url = await listen((req, res) =>
        middleware(req, res, (error) => {
          failures.push(error);
          res.statusCode = 500;
          res.end(res.getHeaderNames().join(','));
        }),
      );
      const response = await fetch(`${url}/api/chatbots`);
      expect(response.status).toBe(500);
      expect(await response.text()).toBe('');
      expect(failures).toHaveLength(1);
      expect((failures[0] as NodeJS.ErrnoException).code).toBe('ERR_INVALID_CHAR');
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', record);
    }
  });
});

describe('an operation added under --watch', () => {
  it('answers its example composed from a $ref schema, valid against it, and keeps the state', async () => {
    const file = write(BUILT_IN_TEXT);
    const started = run(['serve', '--port', '0', '--contract', file, '--watch']);
    const url = await listening(started);
    expect((await new TestClient(url).create(KEYS.acmeWeb, { name: 'Before' })).status).toBe(201);
    const added = edited((document) => {
      const list = document.paths['/chatbots']!.get!;
      // Left to its examples by x-mock-resource: served as a resource, it would read the state (test/inferred.test.ts).
      const off = { 'x-mock-resource': false } as object;
      document.paths['/chatbots/{chatbotId}'] = {
        get: {
          ...off,
          operationId: 'getChatbot',
          security: list.security,
          parameters: [{ name: 'chatbotId', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }],
          responses: {
            '200': {
              description: 'One chatbot',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/ChatbotEnvelope' } } },
            },
            '401': (list.responses as Record<string, OpenAPIV3.ResponseObject>)['401']!,
          },
        },
      };
    });
    write(added);
    const contract = createContract(added, liveValidators);
    const client = new TestClient(url, contract);
    const path = '/chatbots/3f0b8c52-7d1e-4a9b-9c2f-5e6d7a8b9c01';
    await until(async () => (await fetch(`${url}${path}`)).status !== 404);
    const answer = await client.request('GET', path, { key: KEYS.acmeWeb });
    expect([answer.status, answer.headers.get('mock-source')]).toEqual([200, 'example']);
    expect((await client.listed(KEYS.acmeWeb)).map((chatbot) => chatbot.name)).toContain('Before');
    expect(await stop(started)).toBe(0);
  });
});

describe('a body over the limit', () => {
  it('gets its 413 to each of 20 clients that write 5 MB before they read, closing as each asked', async () => {
    const started = run(['serve', '--port', '0']);
    const url = await listening(started);
    const upload = () =>
      new Promise<string>((resolve) => {
        const body = Buffer.alloc(5 * 1024 * 1024, 'a');
        // agent: false sends Connection: close, which Node's server honours as soon as its answer is out.
        const request = httpRequest(`${url}/chatbots`, {
          method: 'POST',
          agent: false,
          headers: {
            'content-type': 'application/json',
            'content-length': String(body.length),
            authorization: `Bearer ${KEYS.acmeWeb}`,
          },
        });
        request.on('response', (response) => {
          response.resume();
          // Node's parser takes no request after a close: an answer that said keep-alive would lose the next one.
          response.on('end', () => resolve(`${response.statusCode} ${response.headers.connection}`));
        });
        request.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
        request.end(body);
      });
    const outcomes: string[] = [];
    for (let index = 0; index < 20; index++) outcomes.push(await upload());
    expect(outcomes).toEqual(Array<string>(20).fill('413 close'));
    expect((await new TestClient(url).list(KEYS.acmeWeb)).status).toBe(200);
    expect(await stop(started)).toBe(0);
  });
});

// What a contract drives the server to compute is bounded (docs/security.md): a path template is matched segment by
// segment, never by a regular expression that backtracks (eighteen adjacent parameters and a trailing slash are a
// 404 at once), each separator found in time linear in the segment (three hundred templates of 1,500-character
// separators and a segment of 15,000 letters are a 404 at once), and an example composed from a schema is bounded by
// the JSON it makes, not by its depth (a list of lists four deep, 10^12 values once checked or sent, is the
// documented 501 `no-example`). Meanwhile another client is answered and SIGTERM ends the server. At load, a required
// header whose composed value would pass its bound is one line and exit 2; the banner names the create whose body it
// cannot compose instead of its Try line. `verify` makes a string from its pattern, or leaves out an optional one it
// cannot make, and ends within --max-time.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dump } from 'js-yaml';
import type { OpenAPIV3 } from 'openapi-types';
import { beforeAll, describe, expect, it } from 'vitest';
import { createContract, type OpenApiDocument } from '../src/contract/contract.js';
import { documentedProblem } from '../src/contract/documentedProblem.js';
import { liveValidators } from '../src/contract/load.js';
import { adminContract } from '../src/http/admin/adminContract.js';
import { contract as builtIn } from './helpers/contract.js';
import { assertBuilt, listening, run, stop, type Run } from './helpers/run.js';
import { KEYS, TestClient } from './helpers/server.js';

type Operation = Record<string, unknown>;
type Document = OpenApiDocument & { paths: Record<string, Record<string, Operation>> };

/** A list of lists four deep, a thousand items each, of integers: 10^12 values once made whole. */
const DEEP: OpenAPIV3.SchemaObject = [1, 2, 3, 4].reduce<OpenAPIV3.SchemaObject>(
  (items) => ({ type: 'array', minItems: 1_000, items }),
  { type: 'integer' },
);
const PARAMETERS = Array.from({ length: 18 }, (_, index) => `p${index}`);

/** The built-in contract with operations added first, each left to its examples and asking for the key as the list. */
function withPaths(paths: Record<string, Record<string, Operation>>): Document {
  const document = structuredClone(builtIn.document) as Document;
  const security = document.paths['/chatbots']!.get!.security;
  const added = Object.fromEntries(
    Object.entries(paths).map(([path, item]) => [
      path,
      Object.fromEntries(
        Object.entries(item).map(([method, operation]) => [
          method,
          { 'x-mock-resource': false, security, ...operation },
        ]),
      ),
    ]),
  );
  document.paths = { ...added, ...document.paths };
  return document;
}

const answered = (description: string, schema: object, headers?: object) => ({
  description,
  content: { 'application/json': { schema } },
  ...(headers ? { headers } : {}),
});

const HOSTILE_TEMPLATE = withPaths({
  [`/x/${PARAMETERS.map((name) => `{${name}}`).join('')}`]: {
    get: {
      operationId: 'adjacentParameters',
      parameters: PARAMETERS.map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } })),
      responses: { 200: answered('Found', { type: 'object', example: { found: true } }) },
    },
  },
});
/** Paths /x/{p}aaa…ab<n>{q}, each with a separator of 1,500 characters that a segment of `a` alone never holds. */
const LONG_SEPARATORS = withPaths(
  Object.fromEntries(
    Array.from({ length: 300 }, (_, index) => [
      `/x/{p}${'a'.repeat(1_500)}b${index}{q}`,
      {
        get: {
          operationId: `longSeparator${index}`,
          parameters: ['p', 'q'].map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } })),
          responses: { 200: answered('Found', { type: 'object', example: { found: true } }) },
        },
      },
    ]),
  ),
);
const DEEP_ANSWER = withPaths({
  '/deep': { get: { operationId: 'getDeep', responses: { 200: answered('Deep', DEEP) } } },
});
const DEEP_HEADER = withPaths({
  '/deep': {
    get: {
      operationId: 'getDeep',
      responses: {
        200: answered('Deep', { type: 'object', example: {} }, { 'X-Deep': { required: true, schema: DEEP } }),
      },
    },
  },
});
const DEEP_REQUEST = withPaths({
  '/deep': {
    post: {
      operationId: 'postDeep',
      requestBody: { required: true, content: { 'application/json': { schema: DEEP } } },
      responses: { 201: answered('Made', { type: 'object', example: {} }) },
    },
  },
});

/** Another API's contract: things, created and listed, each with a read-only list of lists four deep it requires. */
const THINGS = (() => {
  const id = { type: 'string', format: 'uuid', readOnly: true };
  const thing = {
    type: 'object',
    required: ['id', 'name', 'deep'],
    properties: { id, name: { type: 'string' }, deep: { ...DEEP, readOnly: true } },
  };
  const json = (schema: object) => ({ 'application/json': { schema } });
  return {
    openapi: '3.0.3',
    info: { title: 'Things', version: '1' },
    servers: [{ url: '/api' }],
    paths: {
      '/things': {
        get: {
          operationId: 'listThings',
          responses: { 200: { description: 'The things', content: json({ type: 'array', items: thing }) } },
        },
        post: {
          operationId: 'createThing',
          requestBody: { required: true, content: json({ type: 'object', properties: { name: { type: 'string' } } }) },
          responses: { 201: { description: 'Made', content: json(thing) } },
        },
      },
    },
  };
})();

let dir = '';
beforeAll(() => {
  assertBuilt();
  dir = mkdtempSync(join(tmpdir(), 'contract-bounds-'));
});
const serve = (document: object): Run => {
  const file = join(dir, `${Math.random().toString(36).slice(2)}.yaml`);
  writeFileSync(file, dump(document));
  return run(['serve', '--port', '0', '--contract', file]);
};
/** A request that must be answered within a generous bound (a stalled server never answers it). */
const get = (url: string, path: string) =>
  fetch(`${url}${path}`, { headers: { authorization: `Bearer ${KEYS.acmeWeb}` }, signal: AbortSignal.timeout(20_000) });

describe('a path template with eighteen adjacent parameters', () => {
  it('answers a long segment and a trailing slash 404 at once; another client is answered; SIGTERM ends', async () => {
    const started = serve(HOSTILE_TEMPLATE);
    const url = await listening(started);
    const client = new TestClient(url, createContract(HOSTILE_TEMPLATE, liveValidators));
    const hostile = [60, 200, 2_000].map((length) => get(url, `/x/${'a'.repeat(length)}/`));
    expect((await client.list(KEYS.acmeWeb)).status).toBe(200);
    expect((await Promise.all(hostile)).map((response) => response.status)).toEqual([404, 404, 404]);
    // The template still matches a path it describes: one character for each parameter after the first.
    const found = await client.request('GET', `/x/${'a'.repeat(40)}`, { key: KEYS.acmeWeb });
    expect([found.status, found.body]).toEqual([200, { found: true }]);
    expect(await stop(started)).toBe(0);
  });
});

describe('three hundred path templates, each with a separator of 1,500 characters', () => {
  it('answers a segment of 15,000 letters 404 at once; another client is answered; SIGTERM ends', async () => {
    const started = serve(LONG_SEPARATORS);
    const url = await listening(started);
    const client = new TestClient(url, createContract(LONG_SEPARATORS, liveValidators));
    // Each tries every template, and each template's separator is sought across the segment.
    const hostile = [1, 2, 3, 4].map(() => get(url, `/x/${'a'.repeat(15_000)}`));
    expect((await client.list(KEYS.acmeWeb)).status).toBe(200);
    expect((await Promise.all(hostile)).map((response) => response.status)).toEqual([404, 404, 404, 404]);
    const found = await client.request('GET', `/x/a${'a'.repeat(1_500)}b7q`, { key: KEYS.acmeWeb });
    expect([found.status, found.body]).toEqual([200, { found: true }]);
    expect(await stop(started)).toBe(0);
  });
});

describe('an answer composed from a list of lists four deep', () => {
  it('is the documented 501 no-example; another client is answered; SIGTERM ends the server', async () => {
    const started = serve(DEEP_ANSWER);
    const url = await listening(started);
    const deep = [1, 2, 3].map(() => get(url, '/deep'));
    expect((await new TestClient(url).list(KEYS.acmeWeb)).status).toBe(200);
    for (const response of await Promise.all(deep)) {
      expect(response.status).toBe(501);
      const { detail, ...kind } = (await response.json()) as { detail: string };
      const { detail: _, ...documented } = documentedProblem(adminContract().document, 'NoExample', '');
      expect(kind).toEqual(documented);
      expect(detail).toMatch(/GET \/deep \(getDeep\).*would pass 262144 characters of JSON/);
    }
    expect(await stop(started)).toBe(0);
  });
});

describe('an inferred create whose record requires a read-only list of lists four deep', () => {
  it('is the documented 501 no-example, stores nothing, and SIGTERM ends the server', async () => {
    const started = serve(THINGS);
    const url = await listening(started);
    const created = await fetch(`${url}/things`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'A thing' }),
      signal: AbortSignal.timeout(20_000),
    });
    expect(created.status).toBe(501);
    expect(((await created.json()) as { detail: string }).detail).toMatch(/POST \/things \(createThing\).*would pass/);
    const listed = await get(url, '/things');
    expect([listed.status, await listed.json()]).toEqual([200, []]);
    expect(await stop(started)).toBe(0);
  });
});

describe('a contract whose load would compose past the bound', () => {
  it('with a required header of lists four deep is refused at start: one line, exit 2', async () => {
    const started = serve(DEEP_HEADER);
    const exit = await Promise.race([started.exit, new Promise((resolve) => setTimeout(resolve, 30_000, 'running'))]);
    expect(exit).toBe(2);
    const lines = started.stderr().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /the 200 answer of GET \/deep: the value of header X-Deep composed from its schema would pass 8192 characters/,
    );
  });

  it('with a create body of lists four deep names it in the banner in place of its Try line, and serves', async () => {
    const started = serve(DEEP_REQUEST);
    const url = await listening(started);
    const named =
      '  (no line for POST /deep: its request body has no example, and an example composed from its schema would ' +
      'pass 262144 characters of JSON)';
    expect(started.stdout().split('\n')).toContain(named);
    expect((await new TestClient(url).list(KEYS.acmeWeb)).status).toBe(200);
    expect(await stop(started)).toBe(0);
  });
});

describe('verify, on a create body whose optional strings have patterns its text does not match', () => {
  it('makes strings from a pattern, leaves out one it cannot, and ends within --max-time, passing', async () => {
    const document = structuredClone(builtIn.document) as Document & {
      components: { schemas: Record<string, { properties: Record<string, object> }> };
    };
    const request = document.components.schemas.CreateChatbotRequest!.properties;
    // Generated text never matches either: the first is made from its pattern, the second (a lookahead) left out.
    request.motto = { type: 'string', pattern: '^x{6}$' };
    request.slogan = { type: 'string', pattern: '^(?=x{6}$)' };
    const file = join(dir, 'patterns.yaml');
    writeFileSync(file, dump(document));
    const target = run(['serve', '--port', '0', '--contract', file]);
    const url = await listening(target);
    const args = ['--base-url', url, '--contract', file, '--key', KEYS.acmeWeb, '--phases', 'fuzz', '--max-time', '10'];
    const verified = run(['verify', ...args, '--json']);
    expect(await verified.exit).toBe(0);
    const report = JSON.parse(verified.stdout()) as { requests: number; failures: unknown[] };
    expect(report.failures).toEqual([]);
    expect(report.requests).toBeGreaterThan(100);
    expect(await stop(target)).toBe(0);
  });
});

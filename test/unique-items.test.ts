// A list whose items may be of any type, each once (`uniqueItems`), is checked in time linear in its length
// (src/contract/ajv.ts, duplicates.ts). Through serve, one client's create of 60,000 distinct small lists is answered,
// and another tenant's list beside it, within a generous bound (each pair of items compared took minutes); so is that
// account's list, whose answer is checked each time it is sent. Equal items by JSON Schema's equality (keys in another
// order, 1 and 1.0) are the documented 422, each pair named as Ajv names it; SIGTERM ends the server.
import { describe, expect, it } from 'vitest';
import { createContract, type OpenApiDocument } from '../src/contract/contract.js';
import { liveValidators } from '../src/contract/load.js';
import { contract as builtIn } from './helpers/contract.js';
import { writeContract } from './helpers/contractFiles.js';
import { assertBuilt, listening, run, stop } from './helpers/run.js';
import { KEYS, TestClient, type ApiResponse } from './helpers/server.js';

type Document = OpenApiDocument & {
  info: Record<string, unknown>;
  paths: Record<string, unknown>;
  components: { schemas: Record<string, unknown> };
};

/** The built-in contract with notes, created and listed, whose tags are items of any type, each once. */
const NOTES = (() => {
  const document = structuredClone(builtIn.document) as Document;
  document.info['x-limits'] = { ...(document.info['x-limits'] as object), 'max-body-bytes': 1_048_576 };
  // Object.assign: OpenAPI's types want an item type.
  Object.assign(document.components.schemas, {
    Note: {
      type: 'object',
      properties: { id: { type: 'string', readOnly: true }, tags: { type: 'array', uniqueItems: true } },
    },
  });
  const json = (schema: object) => ({ 'application/json': { schema } });
  const note = { $ref: '#/components/schemas/Note' };
  const refusals = Object.fromEntries(
    Object.entries({ 400: 'MalformedJson', 401: 'Unauthorized', 413: 'PayloadTooLarge', 422: 'ValidationFailed' }).map(
      ([status, name]) => [status, { $ref: `#/components/responses/${name}` }],
    ),
  );
  document.paths['/notes'] = {
    get: {
      operationId: 'listNotes',
      responses: { 200: { description: 'The notes', content: json({ type: 'array', items: note }) }, ...refusals },
    },
    post: {
      operationId: 'createNote',
      requestBody: { required: true, content: json(note) },
      responses: { 201: { description: 'Made', content: json(note) }, ...refusals },
    },
  };
  return document;
})();

/** The answer, or a failure once 30 s pass without it: a server held by one request answers no other. */
async function within<T>(answer: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within 30 s`)), 30_000);
  });
  try {
    return await Promise.race([answer, late]);
  } finally {
    clearTimeout(timer);
  }
}

describe('a list of items of any type, each once', () => {
  it('is checked in linear time: a 60,000-item create and another tenant answered; duplicates 422', async () => {
    assertBuilt();
    const started = run(['serve', '--port', '0', '--contract', writeContract(NOTES, 'unique-items-')]);
    const client = new TestClient(await listening(started), createContract(NOTES, liveValidators));
    const create = (tags: unknown) => client.request('POST', '/notes', { key: KEYS.acmeWeb, json: { tags } });
    const list = (key: string) => client.request<unknown[]>('GET', '/notes', { key });

    const tags = Array.from({ length: 60_000 }, (_, index) => [index]);
    const large = create(tags);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const [made, other] = await Promise.all([
      within(large, 'the large create'),
      within(list(KEYS.globex), 'another tenant'),
    ]);
    expect([made.status, other.status, other.body]).toEqual([201, 200, []]);
    const listed = await within(list(KEYS.acmeWeb), 'the list that holds it');
    expect([listed.status, (listed.body as { tags: unknown[] }[])[0]?.tags.length]).toEqual([200, 60_000]);

    const refused = (answer: ApiResponse) => [answer.status, (answer.body as { validation?: unknown }).validation];
    const duplicate = (j: number, i: number) => [
      422,
      [
        {
          location: ['body', 'tags'],
          code: 'uniqueItems',
          message: `must NOT have duplicate items (items ## ${j} and ${i} are identical)`,
        },
      ],
    ];
    expect(refused(await create([[1], [2], [1]]))).toEqual(duplicate(0, 2));
    expect(refused(await create([{ a: 1, b: [2.0] }, { b: [2], a: 1 }, 'a']))).toEqual(duplicate(0, 1));
    const methods = await client.request('POST', '/notes', {
      key: KEYS.acmeWeb,
      raw: '{"tags": [{"valueOf": 1}, {"valueOf": 1.0}]}',
      headers: { 'content-type': 'application/json' },
    });
    expect(refused(methods)).toEqual(duplicate(0, 1));
    expect((await create([1, '1', [1], { 1: 1 }, true, null])).status).toBe(201);
    expect(await stop(started)).toBe(0);
  });
});

// JSON nested past the depth every mode reads (src/contract/jsonDepth.ts: 256 levels for what a client sends) is
// refused before a validator, a store or an encoder recurses through it (docs/security.md): `serve` answers a 422
// problem and stores nothing, whatever the schema (a recursive one, a free-form `{}` member).
import { beforeAll, describe, expect, it } from 'vitest';
import { createContract, type OpenApiDocument } from '../src/contract/contract.js';
import { liveValidators } from '../src/contract/load.js';
import { writeContract } from './helpers/contractFiles.js';
import { assertBuilt, listening, run, stop } from './helpers/run.js';
import { KEYS, TestClient } from './helpers/server.js';

beforeAll(assertBuilt);

/** The most levels a request body may nest (src/contract/jsonDepth.ts), written out: the bound users read. */
const MAX_JSON_DEPTH = 256;

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: object) => ({ content: { 'application/json': { schema } } });

/** Notes, each with a tree (a recursive schema) and metadata (a free-form `{}`), as teams write them. */
function notesDocument(): OpenApiDocument {
  return {
    openapi: '3.0.3',
    info: { title: 'Notes', version: '1.0.0' },
    servers: [{ url: 'http://127.0.0.1:4010/api' }],
    security: [{ bearerAuth: [] }],
    paths: {
      '/notes': {
        post: {
          operationId: 'createNote',
          requestBody: { required: true, ...json(ref('NoteInput')) },
          responses: { '201': { description: 'The note', ...json(ref('Note')) } },
        },
        get: {
          operationId: 'listNotes',
          responses: { '200': { description: 'The notes', ...json({ type: 'array' as const, items: ref('Note') }) } },
        },
      },
    },
    components: {
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } },
      schemas: {
        Tree: { type: 'object' as const, properties: { child: ref('Tree') } },
        NoteInput: { type: 'object' as const, properties: { tree: ref('Tree'), metadata: {} } },
        Note: {
          type: 'object' as const,
          properties: { id: { type: 'string' as const }, tree: ref('Tree'), metadata: {} },
        },
      },
    },
  };
}

/** The text of a tree `levels` deep: `{}` is one level. */
const treeText = (levels: number) => '{"child":'.repeat(levels - 1) + '{}' + '}'.repeat(levels - 1);
/** A create body that nests `depth` levels in all (itself the first) through its tree, or through its metadata. */
const throughTree = (depth: number) => `{"tree":${treeText(depth - 1)}}`;
const throughMetadata = (depth: number) => `{"metadata":${'['.repeat(depth - 1)}${']'.repeat(depth - 1)}}`;

describe('serve, on a contract with a recursive schema and a free-form member', () => {
  it('refuses a body past 256 levels with a 422 problem, stores nothing, and stores and lists one at 256', async () => {
    const started = run(['serve', '--port', '0', '--contract', writeContract(notesDocument(), 'deep-json-')]);
    let code: number | null;
    try {
      const against = createContract(notesDocument(), liveValidators);
      const client = new TestClient(await listening(started), against, against.problemGaps);
      const post = (raw: string) =>
        client.request('POST', '/notes', { key: KEYS.acmeWeb, headers: { 'content-type': 'application/json' }, raw });
      const notes = async () => (await client.request<unknown[]>('GET', '/notes', { key: KEYS.acmeWeb })).body;
      for (const body of [throughTree, throughMetadata].flatMap((made) => [made(MAX_JSON_DEPTH + 1), made(20_000)])) {
        const refused = await post(body);
        expect(refused.status).toBe(422);
        expect(refused.body).toMatchObject({
          status: 422,
          detail: 'The request body nests deeper than 256 levels, the most this server reads.',
          validation: [{ location: ['body'], code: 'maxDepth', message: expect.stringMatching(/256 levels/) }],
        });
      }
      expect(await notes()).toEqual([]);
      // At the bound: checked, stored, encoded and listed (the list one level deeper) as any other.
      for (const body of [throughTree(MAX_JSON_DEPTH), throughMetadata(MAX_JSON_DEPTH)])
        expect((await post(body)).status).toBe(201);
      const listed = (await notes()) as { tree?: unknown; metadata?: unknown }[];
      expect(listed).toHaveLength(2);
      expect(JSON.stringify(listed[0]!.tree)).toBe(treeText(MAX_JSON_DEPTH - 1));
      expect(JSON.stringify(listed[1]!.metadata)).toBe(JSON.stringify(JSON.parse(throughMetadata(256)).metadata));
    } finally {
      code = await stop(started);
    }
    expect(code).toBe(0);
    expect(started.stdout() + started.stderr()).not.toMatch(/RangeError|unhandled error/);
  });
});

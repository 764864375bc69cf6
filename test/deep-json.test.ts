// JSON nested past the depth every mode reads (src/contract/jsonDepth.ts: 256 levels for what a client sends, twice
// that for an answer) is refused before a validator, a store or a report recurses through it (docs/security.md):
// `serve` answers a 422 problem and stores nothing, whatever the schema (a recursive one, a free-form `{}` member);
// the proxy records a max_response_depth finding, answers that client 502 and serves the next; `verify` reports the
// finding and writes its reports. A failure of `verify` that is not a finding is exit 2, never its findings' 1.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createContract, type OpenApiDocument } from '../src/contract/contract.js';
import { liveValidators } from '../src/contract/load.js';
import { proxyAdminContract } from '../src/http/admin/adminContract.js';
import { proxyViolations } from './helpers/adminAnswer.js';
import { writeContract } from './helpers/contractFiles.js';
import { assertBuilt, listening, run, stop } from './helpers/run.js';
import { KEYS, TestClient } from './helpers/server.js';
import { startUpstream } from './helpers/upstream.js';

const closing: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closing.splice(0).map((close) => close()));
});
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

/** The upstream's list, nested 20,000 levels through a note's tree. */
const deepList = `[{"id":"n1","tree":${treeText(20_000)}}]`;

describe('proxy, in front of an upstream whose answer nests past the depth read of one', () => {
  it('records a max_response_depth finding, answers that client 502, and serves the next one', async () => {
    const upstream = await startUpstream((req, res) => {
      req.resume();
      res.writeHead(req.method === 'POST' ? 201 : 200, { 'Content-Type': 'application/json' });
      if (req.method === 'POST') res.end('{"id":"n2"}');
      else res.end(req.url?.endsWith('?deep') ? deepList : '[]');
    });
    closing.push(upstream.close);
    const contract = writeContract(notesDocument(), 'deep-json-proxy-');
    const started = run(['proxy', '--upstream', upstream.url, '--port', '0', '--contract', contract]);
    let code: number | null;
    try {
      const url = await listening(started);
      const headers = { authorization: `Bearer ${KEYS.acmeWeb}` };
      const deep = await fetch(`${url}/notes?deep`, { headers });
      expect(deep.status).toBe(502);
      expect(deep.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      const example = (
        proxyAdminContract().document.components!.responses!.UpstreamAnswerTooDeep as {
          content: Record<string, { example: object }>;
        }
      ).content['application/problem+json']!.example;
      expect(await deep.json()).toMatchObject({ ...example, detail: expect.stringMatching(/deeper than 512 levels/) });
      // The next clients are served as before, their answers passed on unmarked.
      const against = createContract(notesDocument(), liveValidators);
      const client = new TestClient(url, against, against.problemGaps);
      const listed = await client.request('GET', '/notes', { key: KEYS.acmeWeb });
      expect([listed.status, listed.body, listed.headers.get('sl-violations')]).toEqual([200, [], null]);
      const created = await client.request('POST', '/notes', { key: KEYS.acmeWeb, json: { tree: {} } });
      expect([created.status, created.headers.get('sl-violations')]).toEqual([201, null]);
      const view = await proxyViolations(url);
      expect(view.body).toMatchObject({
        requests: 3,
        violations: 1,
        failures: [{ check: 'max_response_depth', operation: 'listNotes', occurrences: 1, answer: { status: 200 } }],
      });
    } finally {
      code = await stop(started);
    }
    expect(code).toBe(1);
    expect(started.stdout()).toMatch(
      /^proxy: 3 requests checked, 1 contract violation by the upstream \(1 distinct\)/m,
    );
  });
});

describe('verify, against a target whose every answer nests past the depth read of one', () => {
  it('reports max_response_depth in every report and exits 1: a finding, not a crash', async () => {
    const upstream = await startUpstream((req, res) => {
      req.resume();
      res.writeHead(req.method === 'POST' ? 201 : 200, { 'Content-Type': 'application/json' });
      res.end(req.method === 'POST' ? `{"id":"n1","tree":${treeText(20_000)}}` : deepList);
    });
    closing.push(upstream.close);
    const dir = mkdtempSync(join(tmpdir(), 'verify-deep-'));
    const [junit, markdown, html] = ['report.xml', 'summary.md', 'coverage.html'].map((name) => join(dir, name)) as [
      string,
      string,
      string,
    ];
    const contract = writeContract(notesDocument(), 'deep-json-verify-');
    const args = ['--contract', contract, '--base-url', upstream.url, '--key', KEYS.acmeWeb, '--phases', 'examples'];
    const started = run(['verify', ...args, '--junit', junit, '--markdown', markdown, '--report', html]);
    expect(await started.exit, started.stderr()).toBe(1);
    expect(started.stdout()).toMatch(/\d+\. max_response_depth · listNotes · examples phase/);
    expect(started.stdout()).toMatch(/problem: +the answer's body nests deeper than 512 levels/);
    expect(readFileSync(junit, 'utf8')).toMatch(
      /<testcase [^>]*name="max_response_depth · listNotes"[^>]*>\s*<failure/,
    );
    expect(readFileSync(markdown, 'utf8')).toMatch(/^\| \d+ \| `max_response_depth` \| listNotes \|/m);
    expect(readFileSync(html, 'utf8')).toMatch(/<h3>max_response_depth · listNotes<\/h3>/);
    expect(started.stderr()).not.toMatch(/chatbot-api-mock: error/);
  });

  it('exits 2 in one line when it cannot complete (a report it cannot write), never its findings’ 1', async () => {
    const upstream = await startUpstream((req, res) => {
      req.resume();
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end('[]');
    });
    closing.push(upstream.close);
    // A folder where the JUnit file should go: writing it fails after the run.
    const folder = mkdtempSync(join(tmpdir(), 'verify-unwritable-'));
    const contract = writeContract(notesDocument(), 'deep-json-verify-');
    const args = ['--contract', contract, '--base-url', upstream.url, '--key', KEYS.acmeWeb, '--phases', 'examples'];
    const started = run(['verify', ...args, '--junit', folder]);
    expect(await started.exit).toBe(2);
    expect(started.stderr().trim().split('\n').at(-1)).toMatch(
      /^chatbot-api-mock: error: verify could not complete: EISDIR/,
    );
    // One line: no stack.
    expect(started.stderr()).not.toMatch(/^\s+at /m);
  });
});

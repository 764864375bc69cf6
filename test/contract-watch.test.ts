// serve --contract FILE --watch and mock --contract FILE --watch: the test edits
// the file while the server runs, as a reviewer's editor would (in place, or by
// writing another file and renaming it over), and each edit takes effect with
// the state kept: a tightened limit is enforced, /openapi.json and /openapi.yaml
// follow, a broken edit is ignored with one log line, an added read or delete
// serves the state kept (an operation it cannot infer answers from its
// examples), a removed one answers 405, and an operation the handlers cannot
// serve answers a 501 problem. Every answer is checked against the
// contract in force at the time.
import { mkdtempSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dump } from 'js-yaml';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Contract, OpenApiDocument } from '../src/contract/contract.js';
import { documentedProblem } from '../src/contract/documentedProblem.js';
import { loadContract } from '../src/contract/load.js';
import { adminContract } from '../src/http/admin/adminContract.js';
import { contract as builtIn } from './helpers/contract.js';
import { assertBuilt, listening, run, type Run } from './helpers/run.js';
import { KEYS, TestClient } from './helpers/server.js';
import { joined } from './helpers/regexp.js';

type Document = OpenApiDocument & {
  components: { schemas: Record<string, Record<string, unknown>> };
  paths: Record<string, Record<string, unknown>>;
};

let file = '';
beforeEach(() => {
  assertBuilt();
  file = join(mkdtempSync(join(tmpdir(), 'contract-watch-')), 'openapi.yaml');
  writeFileSync(file, readFileSync(new URL('../openapi.yaml', import.meta.url)));
});

const edited = (change: (document: Document) => void): Document => {
  const document = structuredClone(builtIn.document) as Document;
  change(document);
  return document;
};

/** As an editor that saves in place writes it. */
const writeInPlace = (document: object | string) =>
  writeFileSync(file, typeof document === 'string' ? document : dump(document));

/** As an editor that saves atomically writes it: another file, renamed over the watched one. */
const writeByRename = (document: object) => {
  writeFileSync(`${file}.saving`, dump(document));
  renameSync(`${file}.saving`, file);
};

/** The contract the file holds now, to check answers against. */
const inForce = (): Contract => loadContract(file);

/** Polls until the server serves what `ready` looks for; no time is asserted, only a generous bound kept. */
async function until<T>(what: string, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`the server never showed ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const servedDocument = async (url: string) =>
  (await (await fetch(`${new URL(url).origin}/openapi.json`)).json()) as Document;
const nameLimit = (document: Document) => document.components.schemas.ChatbotName!.maxLength;
const served = (url: string, check: (document: Document) => boolean) =>
  until('the edit', async () => (check(await servedDocument(url)) ? true : undefined));
const logged = (started: Run, text: string) =>
  until(`"${text}" in the log`, async () => (started.stdout().includes(text) ? true : undefined));

const TWENTY = 'Twenty characters ok';
const tightened = () => edited((document) => void (document.components.schemas.ChatbotName!.maxLength = 10));

/** createChatbot's example of a chatbot made with a name only: "Onboarding Guide". */
type Created = { content: { 'application/json': { examples: { nameOnly: { value: unknown } } } } };
// eslint-disable-next-line no-restricted-syntax -- openapi.yaml writes this response inline, with these examples
const created = builtIn.document.paths['/chatbots']!.post!.responses['201'] as unknown as Created;
const ONBOARDING_GUIDE = created.content['application/json'].examples.nameOnly.value;

/** getChatbot and deleteChatbot, which no handler serves: their examples are the answers. */
const withGetChatbot = (document: Document) => {
  document.paths['/chatbots/{chatbot_id}'] = {
    get: {
      operationId: 'getChatbot',
      summary: 'Read one chatbot',
      parameters: [{ name: 'chatbot_id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }],
      responses: {
        '200': {
          description: 'The chatbot.',
          content: {
            'application/json': { schema: { $ref: '#/components/schemas/ChatbotEnvelope' }, example: ONBOARDING_GUIDE },
          },
        },
        '401': { $ref: '#/components/responses/Unauthorized' },
        '404': { $ref: '#/components/responses/NotFound' },
      },
    },
    // No example written: Prism composes one from the schema's own examples, and so does the server.
    patch: {
      operationId: 'renameChatbot',
      parameters: [{ name: 'chatbot_id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }],
      responses: {
        '200': {
          description: 'The new name and when it took effect.',
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: {
                  name: { type: 'string', example: 'Renamed' },
                  at: { type: 'string', format: 'date-time', example: '2026-11-26T10:00:00Z' },
                  history: { type: 'array', items: { type: 'string', example: 'Earlier' } },
                },
              },
            },
          },
        },
      },
    },
    delete: {
      operationId: 'deleteChatbot',
      summary: 'Delete one chatbot',
      parameters: [{ name: 'chatbot_id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }],
      responses: { '204': { description: 'Deleted.' }, '401': { $ref: '#/components/responses/Unauthorized' } },
    },
  };
};

describe('serve --contract FILE --watch', () => {
  it('follows each edit of the file, keeping the state, and ignores a broken one', async () => {
    const started = run(['serve', '--port', '0', '--contract', file, '--watch']);
    const url = await listening(started);
    expect(started.stdout()).toContain('followed as it is edited');
    const kept = await new TestClient(url).create(KEYS.acmeWeb, { name: 'Kept' });
    expect(kept.status).toBe(201);

    // A tightened limit, saved in place: enforced, and served.
    writeInPlace(tightened());
    await served(url, (document) => nameLimit(document) === 10);
    const client = new TestClient(url, inForce());
    const refused = await client.create(KEYS.acmeWeb, { name: TWENTY });
    expect(refused.status).toBe(422);
    expect(refused.text).toContain('must NOT have more than 10 characters');
    expect(await (await fetch(`${new URL(url).origin}/openapi.yaml`)).text()).toBe(readFileSync(file, 'utf8'));
    expect((await client.listed(KEYS.acmeWeb)).map((chatbot) => chatbot.name)).toEqual(['Kept']);
    expect(started.stdout()).toContain('reloaded');

    // A broken edit: the last good contract stays, and the log says why in one line.
    writeInPlace('openapi: 3.0.3\ninfo: [this is not closed\n');
    await logged(started, 'still serving the last good contract');
    expect(nameLimit(await servedDocument(url))).toBe(10);
    expect((await client.create(KEYS.acmeWeb, { name: TWENTY })).status).toBe(422);
    const line = started
      .stdout()
      .split('\n')
      .find((text) => text.includes('still serving the last good contract'))!;
    expect(JSON.parse(line).msg).toMatch(
      /^contract .*openapi\.yaml is not a contract this server can run: .*; still serving the last good contract$/,
    );

    // YAML that is not valid OpenAPI, a schema that cannot compile, and OpenAPI that is no contract this server can
    // run: ignored too.
    const refusals = () =>
      started
        .stdout()
        .split('\n')
        .filter((text) => text.includes('still serving the last good contract'));
    const edits: [object, RegExp][] = [
      [
        edited((document) => void delete (document.paths['/chatbots']!.get as { responses?: unknown }).responses),
        /is not valid OpenAPI 3\.0: \/paths\/~1chatbots\/get must have required property 'responses'/,
      ],
      [
        edited((document) => void (document.components.schemas.ChatbotName!.type = 'strng')),
        /does not compile: .*strng/,
      ],
      [
        edited((document) => {
          const created = (document.paths['/chatbots']!.post as { responses: Record<string, { headers?: object }> })
            .responses['201']!;
          created.headers = { ...created.headers, 'Bad Name': { schema: { type: 'string' } } };
        }),
        /is not a contract this server can run: the 201 answer of POST \/chatbots: /,
      ],
    ];
    for (const [index, [document, why]] of edits.entries()) {
      writeInPlace(document);
      await until(`refusal ${index + 2}`, async () => (refusals().length > index + 1 ? true : undefined));
      expect(JSON.parse(refusals().at(-1)!).msg).toMatch(why);
      expect((await client.create(KEYS.acmeWeb, { name: TWENTY })).status).toBe(422);
    }

    // Repaired to the last good text: the last line says so, not the warning.
    writeInPlace(tightened());
    await logged(started, 'restored: it is the last good contract again, served as it was');
    const last = started.stdout().trim().split('\n').at(-1)!;
    expect(JSON.parse(last).msg).toMatch(/^contract .*openapi\.yaml restored: /);
  });

  it('serves an added read and delete from state, one it cannot infer from its example; 405 once removed', async () => {
    const started = run(['serve', '--port', '0', '--contract', file, '--watch']);
    const url = await listening(started);
    const kept = (await new TestClient(url).create(KEYS.acmeWeb, { name: 'Kept' })).body.data;

    // Saved atomically: getChatbot, renameChatbot and deleteChatbot added, createChatbot removed.
    writeByRename(
      edited((document) => {
        withGetChatbot(document);
        delete document.paths['/chatbots']!.post;
      }),
    );
    await served(url, (document) => '/chatbots/{chatbot_id}' in document.paths);
    const client = new TestClient(url, inForce());
    // The chatbot created before the read was added is read from the state, as the list reads it.
    const one = await client.request<{ data: { name: string } }>('GET', `/chatbots/${kept.id}`, { key: KEYS.acmeWeb });
    expect(one).toMatchObject({ status: 200, body: { data: kept } });
    expect(one.headers.get('mock-source')).toBeNull();
    expect((await client.request('GET', `/chatbots/${kept.id}`, { key: KEYS.globex })).status).toBe(404);
    expect((await client.request('GET', `/chatbots/${kept.id}`)).status).toBe(401);
    // A PATCH that takes no body changes nothing a record holds: it answers from its example.
    const renamed = await client.request('PATCH', `/chatbots/${kept.id}`, { key: KEYS.acmeWeb });
    expect(renamed).toMatchObject({
      status: 200,
      body: { name: 'Renamed', at: '2026-11-26T10:00:00Z', history: ['Earlier'] },
    });
    expect(renamed.headers.get('mock-source')).toBe('example');
    const removed = await client.create(KEYS.acmeWeb, { name: 'Another' });
    expect(removed.status).toBe(405);
    expect(removed.headers.get('allow')).toBe('GET');
    const deleted = await client.request('DELETE', `/chatbots/${kept.id}`, { key: KEYS.acmeWeb });
    expect(deleted).toMatchObject({ status: 204, text: '' });
    expect((await client.list(KEYS.acmeWeb)).body.data).toEqual([]);
    const reloaded = started.stdout();
    expect(reloaded).toContain(
      'GET /chatbots/{chatbot_id} getChatbot: inferred: read /chatbots one by chatbot_id = id',
    );
    expect(reloaded).toContain(
      'DELETE /chatbots/{chatbot_id} deleteChatbot: inferred: remove /chatbots one by chatbot_id = id, kept with the ' +
        'chatbots; a record not found answers 404, which it does not document',
    );
    expect(reloaded).toContain('PATCH /chatbots/{chatbot_id} renameChatbot: its examples (');
  });

  it('answers 501 for an operation its handler cannot serve, and serves it again once the edit is undone', async () => {
    const started = run(['serve', '--port', '0', '--contract', file, '--watch']);
    const url = await listening(started);
    await new TestClient(url).create(KEYS.acmeWeb, { name: 'Kept' });

    // Every chatbot must now have an owner, which no handler writes.
    writeInPlace(
      edited((document) => {
        const chatbot = document.components.schemas.Chatbot! as {
          required: string[];
          properties: Record<string, unknown>;
        };
        chatbot.required = [...chatbot.required, 'owner'];
        chatbot.properties.owner = { type: 'string' };
      }),
    );
    await served(url, (document) => 'owner' in (document.components.schemas.Chatbot!.properties as object));
    for (const answer of [await rawAnswer(url, 'GET'), await rawAnswer(url, 'POST', { name: 'Refused' })]) {
      expect(answer.status).toBe(501);
      // A read did nothing: its detail speaks of the data it holds, not of work done.
      if (answer.method === 'GET') expect(JSON.stringify(answer.body)).not.toContain('such as a create');
      expect(answer.headers.get('content-type')).toBe('application/problem+json; charset=utf-8');
      const { detail, ...kind } = answer.body as { detail: string };
      const { detail: _, ...documented } = documentedProblem(adminContract().document, 'HandlerCannotServe', '');
      expect(kind).toEqual(documented);
      expect(detail).toMatch(
        joined(
          /^The reference handler of (GET|POST) \/chatbots \((listChatbots|createChatbot)\) /,
          /cannot serve this contract: .*owner/,
        ),
      );
    }

    // Undone: the handlers serve it again, and the refused create stored nothing.
    writeInPlace(readFileSync(new URL('../openapi.yaml', import.meta.url), 'utf8'));
    await served(url, (document) => !('owner' in (document.components.schemas.Chatbot!.properties as object)));
    expect((await new TestClient(url).listed(KEYS.acmeWeb)).map((chatbot) => chatbot.name)).toEqual(['Kept']);
  });
});

describe('mock --contract FILE --watch', () => {
  it('follows an edit (a tightened limit, an added operation from its example) and ignores a broken one', async () => {
    const started = run(['mock', '--port', '0', '--contract', file, '--watch']);
    const url = await listening(started);
    // Tightened to the length of the example's name ("Onboarding Guide"), which the example must still honour.
    writeInPlace(
      edited((document) => {
        document.components.schemas.ChatbotName!.maxLength = 16;
        withGetChatbot(document);
      }),
    );
    await served(url, (document) => nameLimit(document) === 16);
    const client = new TestClient(url, inForce());
    expect((await client.create(KEYS.acmeWeb, { name: TWENTY })).status).toBe(422);
    const one = await client.request<{ data: { name: string } }>(
      'GET',
      '/chatbots/8a1d2e3f-4b5c-4d6e-8f70-819203a4b5c6',
      { key: KEYS.acmeWeb },
    );
    expect(one.status).toBe(200);
    expect(one.body.data.name).toBe('Onboarding Guide');

    writeInPlace('paths: {');
    await logged(started, 'still serving the last good contract');
    expect((await client.create(KEYS.acmeWeb, { name: TWENTY })).status).toBe(422);
  });
});

/** An answer outside the contract (the server's own 501), read as it is. */
async function rawAnswer(url: string, method: string, body?: unknown) {
  const response = await fetch(`${url}/chatbots`, {
    method,
    headers: { authorization: `Bearer ${KEYS.acmeWeb}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { method, status: response.status, headers: response.headers, body: await response.json() };
}

// verify on contracts nobody here wrote (test/fixtures/wild/, issue 46): against `serve --contract` on each, it runs
// to its end with the credentials each contract's security asks for (Petstore's OAuth 2 Bearer token, the Museum's
// Basic credentials), sends more than 30 requests, exits 0 or 1 and writes its reports, naming any case it skipped.
// A target that answers a refusal with an empty body, or with text where the contract documents JSON, is judged,
// never a crash. Exit codes mean what they mean in every command: 2 when verify cannot run.
import { createServer, type Server } from 'node:http';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VerifyReport } from '../src/verify/runVerify.js';
import { freePort } from './helpers/freePort.js';
import { assertBuilt, run, startedOn } from './helpers/run.js';
import { KEYS } from './helpers/server.js';

const wild = (name: string) => new URL(`fixtures/wild/${name}/openapi.yaml`, import.meta.url).pathname;
const QUICK = ['--max-examples', '20', '--seed', '7', '--max-time', '90'];

beforeAll(assertBuilt);

describe.each([
  ['Petstore 3.0.4', 'petstore'],
  ['the Museum API 3.1', 'museum'],
])('verify against serve on %s', (_label, name) => {
  it('runs to its end: more than 30 requests, exit 0 or 1, its reports written, any skip named', async () => {
    const file = wild(name);
    const { url, stopServer } = await startedOn('serve', file);
    try {
      const dir = mkdtempSync(join(tmpdir(), 'verify-wild-'));
      const junit = join(dir, 'report.xml');
      const keys = ['--key', KEYS.acmeWeb, '--key-other-account', KEYS.globex];
      const reports = ['--json', '--junit', junit, '--report', join(dir, 'coverage.md')];
      const verified = run(['verify', '--contract', file, '--base-url', url, ...keys, ...QUICK, ...reports]);
      const exit = await verified.exit;
      expect([0, 1], verified.stderr()).toContain(exit);
      const report = JSON.parse(verified.stdout()) as VerifyReport;
      expect(report.error).toBeUndefined();
      expect(report.requests).toBeGreaterThan(30);
      // The credentials went where the contract's security says: valid requests were accepted, not refused 401.
      expect(report.checks.find((check) => check.name === 'positive_data_acceptance')?.ran).toBeGreaterThan(0);
      expect(report.failures.map((finding) => finding.message).join('\n')).not.toMatch(/refused with 401/);
      // Accounts are where keys are: the Petstore's orders and users take none, and are no account's.
      expect(report.failures.filter((finding) => finding.check === 'resource_tenancy')).toEqual([]);
      expect(readFileSync(join(dir, 'coverage.md'), 'utf8')).toContain('# Contract coverage');
      const xml = readFileSync(junit, 'utf8');
      for (const skip of report.skipped) expect(xml).toContain(skip.operation);
    } finally {
      await stopServer();
    }
  }, 180_000);
});

/** A contract whose refusals are documented without a body, as Petstore's are. */
const BODILESS = `openapi: 3.0.3
info: { title: things, version: '1' }
paths:
  /things:
    post:
      operationId: createThing
      requestBody:
        required: true
        content:
          application/json:
            schema: { type: object, required: [name], properties: { name: { type: string, maxLength: 10 } } }
      responses:
        '201':
          description: made
          content: { application/json: { schema: { type: object } } }
        '400': { description: refused }
        '404': { description: no such thing }
  /things/{id}:
    get:
      operationId: getThing
      parameters: [{ name: id, in: path, required: true, schema: { type: integer } }]
      responses:
        '200':
          description: the thing
          content: { application/json: { schema: { type: object } } }
        '404':
          description: no such thing
          content: { application/json: { schema: { type: object } } }
`;

describe('verify against a target whose refusals are empty, or not JSON', () => {
  let target: Server;
  let url: string;
  beforeAll(async () => {
    // Every refusal empty, but a create's: text where the contract documents JSON, or nothing at all.
    target = createServer((request, response) => {
      request.resume();
      if (request.method === 'POST') response.writeHead(400, { 'content-type': 'text/plain' }).end('not json');
      else response.writeHead(404).end();
    });
    const port = await freePort();
    await new Promise<void>((resolve) => target.listen(port, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${port}`;
  });
  afterAll(() => new Promise((resolve) => target.close(resolve)));

  it('judges each answer by the contract, and never crashes', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'bodiless-')), 'openapi.yaml');
    writeFileSync(file, BODILESS);
    const verified = run(['verify', '--contract', file, '--base-url', url, '--key', KEYS.acmeWeb, ...QUICK, '--json']);
    expect(await verified.exit, verified.stderr()).toBe(1);
    expect(verified.stderr()).not.toMatch(/Unexpected end of JSON input|SyntaxError/);
    const report = JSON.parse(verified.stdout()) as VerifyReport;
    const messages = report.failures.map((finding) => `${finding.check}: ${finding.message}`);
    // A 400 documented without a body, answered with one; a 404 whose JSON body is missing.
    expect(messages.join('\n')).toMatch(/content_type_conformance: 400: the contract documents no body/);
    expect(messages.join('\n')).toMatch(/content_type_conformance: 404: content type "" is not one of/);
  }, 120_000);
});

describe('exit codes', () => {
  it('are 2 when verify cannot run: a contract it cannot read, as lint says, or nothing answering', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'unreadable-')), 'openapi.yaml');
    writeFileSync(file, 'openapi: 3.0.3\ninfo: { title: no paths }\n');
    const port = await freePort();
    const base = ['--base-url', `http://127.0.0.1:${port}/api`, '--key', KEYS.acmeWeb, ...QUICK];
    const unreadable = run(['verify', '--contract', file, ...base]);
    const linted = run(['lint', file]);
    expect(await unreadable.exit).toBe(2);
    expect(await linted.exit).toBe(2);
    const nothing = run(['verify', ...base]);
    expect(await nothing.exit, nothing.stdout()).toBe(2);
    expect(nothing.stdout()).toMatch(/the run stopped \(nothing answers at/);
  }, 60_000);
});

/** A resource and a sub-resource below it, each with a create, a read, an update and a delete. */
const NESTED = `openapi: 3.0.3
info: { title: bots and notes, version: '1' }
security: [{ key: [] }]
components:
  securitySchemes: { key: { type: apiKey, in: header, name: X-Api-Key } }
  schemas:
    Bot:
      type: object
      required: [id, name]
      properties: { id: { type: string, readOnly: true }, name: { type: string, maxLength: 40 } }
    Note:
      type: object
      required: [id, text]
      properties: { id: { type: string, readOnly: true }, text: { type: string, maxLength: 40 } }
    NotePatch: { type: object, properties: { text: { type: string, maxLength: 40 } } }
  parameters:
    botId: { name: botId, in: path, required: true, schema: { type: string } }
    noteId: { name: noteId, in: path, required: true, schema: { type: string } }
  responses:
    bot: { description: a bot, content: { application/json: { schema: { $ref: '#/components/schemas/Bot' } } } }
    note: { description: a note, content: { application/json: { schema: { $ref: '#/components/schemas/Note' } } } }
    missing: { description: no such record }
paths:
  /bots:
    post:
      operationId: createBot
      requestBody: { content: { application/json: { schema: { $ref: '#/components/schemas/Bot' } } } }
      responses: { '201': { $ref: '#/components/responses/bot' } }
  /bots/{botId}:
    parameters: [{ $ref: '#/components/parameters/botId' }]
    get:
      operationId: getBot
      responses: { '200': { $ref: '#/components/responses/bot' }, '404': { $ref: '#/components/responses/missing' } }
  /bots/{botId}/notes:
    parameters: [{ $ref: '#/components/parameters/botId' }]
    post:
      operationId: createNote
      requestBody: { content: { application/json: { schema: { $ref: '#/components/schemas/Note' } } } }
      responses: { '201': { $ref: '#/components/responses/note' }, '404': { $ref: '#/components/responses/missing' } }
  /bots/{botId}/notes/{noteId}:
    parameters: [{ $ref: '#/components/parameters/botId' }, { $ref: '#/components/parameters/noteId' }]
    get:
      operationId: getNote
      responses: { '200': { $ref: '#/components/responses/note' }, '404': { $ref: '#/components/responses/missing' } }
    patch:
      operationId: updateNote
      requestBody: { content: { application/json: { schema: { $ref: '#/components/schemas/NotePatch' } } } }
      responses: { '200': { $ref: '#/components/responses/note' }, '404': { $ref: '#/components/responses/missing' } }
    delete:
      operationId: deleteNote
      responses: { '204': { description: gone }, '404': { $ref: '#/components/responses/missing' } }
`;

describe('verify on a sub-resource', () => {
  it('makes the parent first, then runs the sub-resource’s lifecycle below it', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'nested-')), 'openapi.yaml');
    writeFileSync(file, NESTED);
    const { url, stopServer } = await startedOn('serve', file);
    try {
      const verified = run(['verify', '--contract', file, '--base-url', url, '--key', KEYS.acmeWeb,
        '--key-other-account', KEYS.globex, '--phases', 'stateful', '--json']); // prettier-ignore
      expect(await verified.exit, verified.stdout()).toBe(0);
      const report = JSON.parse(verified.stdout()) as VerifyReport;
      const ran = (check: string, operation: string) =>
        report.tallies.find((tally) => tally.check === check && tally.operation === operation)?.ran ?? 0;
      expect(ran('ensure_resource_availability', 'getNote')).toBe(1);
      expect(ran('update_kept', 'getNote')).toBe(1);
      expect(ran('use_after_free', 'getNote')).toBe(1);
      expect(ran('resource_tenancy', 'getNote')).toBeGreaterThan(0);
    } finally {
      await stopServer();
    }
  }, 120_000);
});

/** Bodies verify cannot make: allOf parts that contradict, a required property no text tried matches. */
const UNMAKEABLE = `openapi: 3.0.3
info: { title: unmakeable, version: '1' }
paths:
  /contradictions:
    post:
      operationId: contradict
      requestBody:
        content: { application/json: { schema: { allOf: [{ type: string }, { type: object }] } } }
      responses: { '201': { description: made }, '422': { description: refused } }
  /codes:
    post:
      operationId: makeCode
      requestBody:
        content:
          application/json:
            schema: { type: object, required: [code], properties: { code: { type: string, pattern: '^(?=x{6}$)' } } }
      responses: { '201': { description: made }, '422': { description: refused } }
  /things:
    post:
      operationId: makeThing
      requestBody:
        content: { application/json: { schema: { type: object, properties: { name: { type: string } } } } }
      responses: { '201': { description: made }, '422': { description: refused } }
`;

describe('verify on bodies it cannot make', () => {
  it('skips those cases, names each with why in the report, and goes on with the rest', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'unmakeable-')), 'openapi.yaml');
    writeFileSync(file, UNMAKEABLE);
    const { url, stopServer } = await startedOn('serve', file);
    try {
      const verified = run(['verify', '--contract', file, '--base-url', url, '--key', KEYS.acmeWeb, ...QUICK]);
      expect([0, 1], verified.stderr()).toContain(await verified.exit);
      const text = verified.stdout();
      // Each once, in the first phase that met it; the examples need no generator, and are sent.
      expect(text).toMatch(/– 2 cases skipped: verify cannot make them/);
      const contradiction = 'cases of its request body: its allOf parts contradict each other (their type)';
      expect(text).toContain(`– contradict · coverage phase · ${contradiction}`);
      expect(text).toMatch(/– makeCode · fuzz phase · generated bodies: verify cannot generate a value for code/);
      // The rest ran: the third operation's generated bodies were sent and accepted.
      expect(text).toMatch(/✓ positive_data_acceptance +\d+ answers/);
      expect(text).toMatch(/ · 2 cases skipped · \d+ requests in/);
    } finally {
      await stopServer();
    }
  }, 120_000);
});

// verify and proxy on every shape a contract may take (issue 33): openapi.yaml's OpenAPI 3.1 and 3.2 renditions,
// the contract split into files, and a contract with a recursive schema. `verify --contract FILE` against
// `serve --contract FILE` passes, with the findings of the run on openapi.yaml itself; `proxy --contract FILE` in
// front of `serve --contract FILE` lets a client's valid requests through with no violation, and reports an answer
// broken on its way from the service.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startBreakingForwarder, type Breaker, type BreakingForwarder } from './helpers/breakingForwarder.js';
import { contract } from './helpers/contract.js';
import {
  recursiveDocument,
  tree,
  writeContract,
  writeSplitContract,
  type EditableDocument,
} from './helpers/contractFiles.js';
import { as31, as32 } from './helpers/renditions.js';
import { assertBuilt, listening, run, stop } from './helpers/run.js';
import { KEYS } from './helpers/server.js';

/** openapi.yaml's longest name, which the split contract keeps. */
const NAME_MAX = (contract.document as EditableDocument).components.schemas.ChatbotName!.maxLength as number;
const QUICK = ['--max-examples', '10', '--seed', '5', '--max-time', '60'];

interface Report {
  passed: boolean;
  requests: number;
  failures: unknown[];
  checks: { name: string; ran: number; failed: number; skipped?: string }[];
}

/** What a run found, without what names the run (its id, its base URL, the contract's file) or times it. */
function findings(report: Report & Record<string, unknown>) {
  const { baseUrl: _url, contract: _file, runId: _id, seconds: _seconds, ...rest } = report;
  return rest;
}

/** `verify --json --contract FILE` against `serve --contract FILE`; the report, once verify has exited 0. */
async function verifyServed(file: string): Promise<Report & Record<string, unknown>> {
  const server = run(['serve', '--port', '0', '--quiet', '--contract', file]);
  try {
    const url = await listening(server);
    const checked = run(['verify', '--base-url', url, '--key', KEYS.acmeWeb, ...QUICK, '--json', '--contract', file]);
    expect(await checked.exit, checked.stdout() + checked.stderr()).toBe(0);
    const report = JSON.parse(checked.stdout()) as Report & Record<string, unknown>;
    expect(report.contract).toBe(file);
    return report;
  } finally {
    await stop(server);
  }
}

beforeAll(assertBuilt);

describe('verify --contract against serve --contract, the same file', () => {
  let onOpenApiYaml: Report & Record<string, unknown>;
  beforeAll(async () => {
    onOpenApiYaml = await verifyServed(writeContract(contract.document, 'openapi-3.0-'));
    expect(onOpenApiYaml.passed).toBe(true);
  }, 90_000);

  it.each([
    ['the 3.1 rendition', () => writeContract(as31(contract.document), 'openapi-3.1-')],
    ['the 3.2 rendition', () => writeContract(as32(contract.document), 'openapi-3.2-')],
    ['the contract split into files', () => writeSplitContract(mkdtempSync(join(tmpdir(), 'split-')), NAME_MAX)],
  ])('passes on %s, with the findings of the 3.0 run', { timeout: 90_000 }, async (_label, file) => {
    expect(findings(await verifyServed(file()))).toEqual(findings(onOpenApiYaml));
  });

  it(
    'passes on the recursive contract and its 3.1 rendition, alike, with every check of the 3.0 run',
    { timeout: 120_000 },
    async () => {
      const [written30, written31] = [recursiveDocument(), as31(recursiveDocument())];
      const run30 = await verifyServed(writeContract(written30, 'recursive-3.0-'));
      const run31 = await verifyServed(writeContract(written31, 'recursive-3.1-'));
      expect(findings(run31)).toEqual(findings(run30));
      expect(run30.failures).toEqual([]);
      const outcome = ({ name, failed, skipped }: Report['checks'][number]) => ({ name, failed, skipped });
      expect(run30.checks.map(outcome)).toEqual(onOpenApiYaml.checks.map(outcome));
      // The tree's own cases come on top of openapi.yaml's.
      expect(run30.requests).toBeGreaterThan(onOpenApiYaml.requests);
    },
  );

  it(
    'passes on a contract whose settings may hold a schema no finite value honours, never sent as valid',
    { timeout: 90_000 },
    async () => {
      // A loop whose next is required, and a loop itself: only a settings object without one is valid.
      const document = recursiveDocument();
      const loop = { $ref: '#/components/schemas/Loop' };
      document.components.schemas.Loop = { type: 'object', required: ['next'], properties: { next: loop } };
      for (const name of ['ChatbotSettings', 'ChatbotSettingsInput'])
        Object.assign(document.components.schemas[name]!.properties as object, { loop });
      const report = await verifyServed(writeContract(document, 'endless-'));
      expect(report.failures).toEqual([]);
    },
  );

  it(
    'passes on a 3.1 contract whose settings take a list of types, examples and a const (JSON Schema 2020-12)',
    { timeout: 90_000 },
    async () => {
      const document = as31(contract.document) as EditableDocument;
      for (const name of ['ChatbotSettings', 'ChatbotSettingsInput'])
        Object.assign(document.components.schemas[name]!.properties as object, {
          fallback: { type: ['string', 'integer', 'null'], maxLength: 10, minimum: 0, examples: ['none', 3] },
          kind: { const: 'assistant' },
        });
      const report = await verifyServed(writeContract(document, 'openapi-2020-12-'));
      expect(report.failures).toEqual([]);
      expect(report.requests).toBeGreaterThan(onOpenApiYaml.requests);
    },
  );

  it(
    'reaches into the recursive schema: a server that does not know the tree is caught',
    { timeout: 90_000 },
    async () => {
      const file = writeContract(recursiveDocument(), 'recursive-');
      const server = run(['serve', '--port', '0', '--quiet']);
      const url = await listening(server);
      const checked = run([
        'verify',
        '--base-url',
        url,
        '--key',
        KEYS.acmeWeb,
        ...QUICK,
        '--phases',
        'coverage',
        '--contract',
        file,
      ]);
      expect(await checked.exit, checked.stdout()).toBe(1);
      // openapi.yaml takes any settings: a tree that breaks one rule of the Tree schema is stored (201), and answered.
      // Each case breaks that one rule: a node it makes on the way has the label the schema requires.
      const problem = (label: string) =>
        new RegExp(`case: +${label.replace(/[.()]/g, '\\$&')}\\n +problem: +(.*)`).exec(checked.stdout())?.[1];
      expect(problem('settings.tree.label of the wrong type (integer)')).toMatch(
        /^201: body\/data\/settings\/tree\/label must be string/,
      );
      expect(problem('settings.tree.children of the wrong type (string)')).toMatch(
        /^201: body\/data\/settings\/tree\/children must be array/,
      );
      expect(checked.stdout()).toContain(`"settings":{"tree":{"label":"","children":"text"}}`);
      await stop(server);
    },
  );
});

const forwarders: BreakingForwarder[] = [];
afterEach(async () => {
  await Promise.all(forwarders.splice(0).map((forwarder) => forwarder.close()));
});

interface Seen {
  requests: number;
  violations: number;
  requestViolations: number;
  failures: { check: string; operation: string; message: string }[];
}

/** A node of the recursive contract's tree. */
interface Node {
  label: unknown;
  children?: Node[];
}

/**
 * `serve --contract FILE`, a forwarder that breaks what `breaker` picks, and `proxy --contract FILE` in front;
 * `send` runs the client's requests through the proxy.
 */
async function throughProxy(file: string, breaker: Breaker, send: (url: string) => Promise<void>) {
  const upstream = run(['serve', '--port', '0', '--quiet', '--contract', file]);
  const forwarder = await startBreakingForwarder(await listening(upstream), breaker);
  forwarders.push(forwarder);
  const proxy = run(['proxy', '--upstream', forwarder.url, '--port', '0', '--contract', file]);
  const url = await listening(proxy);
  await send(url);
  const seen = (await (await fetch(`${new URL(url).origin}/__admin/violations`)).json()) as Seen;
  expect(await stop(proxy)).toBe(1); // the upstream broke the contract
  await stop(upstream);
  return { seen, stdout: proxy.stdout(), broken: forwarder.broken() };
}

const call = (url: string, method: string, json?: unknown) =>
  fetch(`${url}/chatbots`, {
    method,
    headers: {
      authorization: `Bearer ${KEYS.acmeWeb}`,
      ...(json === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(json === undefined ? {} : { body: JSON.stringify(json) }),
  });

/** The client's valid create (`settings`) and list pass untouched; the create named "broken" comes back broken. */
async function validThenBroken(url: string, settings: unknown, broken: unknown) {
  for (const answer of [await call(url, 'POST', { name: 'valid', settings }), await call(url, 'GET')]) {
    expect(answer.status).toBeLessThan(300);
    expect(answer.headers.get('sl-violations')).toBeNull();
  }
  const answer = await call(url, 'POST', { name: 'broken', settings: broken });
  expect(answer.status).toBe(201);
  return JSON.parse(answer.headers.get('sl-violations') ?? '[]') as { code: string; location: string[] }[];
}

const isCreate = (request: { method: string; body: string }, name: string) =>
  request.method === 'POST' && (JSON.parse(request.body) as { name?: string }).name === name;

describe('proxy --contract in front of serve --contract, the same file', () => {
  it(
    'the 3.1 rendition: a type list with null lets a request through, and an answer of null is caught',
    { timeout: 30_000 },
    async () => {
      const file = writeContract(as31(contract.document), 'openapi-3.1-');
      // A chatbot's settings may be sent as null (`type: [object, "null"]`), never answered so.
      const breaker: Breaker = (request, answer) =>
        isCreate(request, 'broken') ? { data: { ...(answer as { data: object }).data, settings: null } } : undefined;
      let marked: { code: string; location: string[] }[] = [];
      const { seen, stdout, broken } = await throughProxy(file, breaker, async (url) => {
        marked = await validThenBroken(url, null, null);
      });
      expect(broken).toBe(1);
      expect(marked).toContainEqual(
        expect.objectContaining({ code: 'response_schema_conformance', location: ['response'] }),
      );
      expect(seen.requests).toBe(3);
      expect(seen.requestViolations).toBe(0);
      expect(seen.failures.map(({ check, operation }) => [check, operation])).toContainEqual([
        'response_schema_conformance',
        'createChatbot',
      ]);
      expect(stdout).toContain(`against the contract in ${file}.`);
      expect(stdout).toMatch(/proxy: 3 requests checked, [1-9]\d* contract violations? by the upstream/);
    },
  );

  it(
    'the recursive contract: a tree passes, and a node broken three levels down is caught',
    { timeout: 30_000 },
    async () => {
      const file = writeContract(recursiveDocument(), 'recursive-');
      const breaker: Breaker = (request, answer) => {
        if (!isCreate(request, 'broken')) return undefined;
        const copy = structuredClone(answer) as { data: { settings: { tree: Node } } };
        copy.data.settings.tree.children![0]!.children![0]!.label = 7;
        return copy;
      };
      let marked: { code: string; location: string[] }[] = [];
      const { seen, stdout, broken } = await throughProxy(file, breaker, async (url) => {
        marked = await validThenBroken(url, { tree: tree(3) }, { tree: tree(3) });
      });
      expect(broken).toBe(1);
      expect(marked).toContainEqual(
        expect.objectContaining({ code: 'response_schema_conformance', location: ['response'] }),
      );
      expect(seen.requests).toBe(3);
      expect(seen.requestViolations).toBe(0);
      const failure = seen.failures.find(({ check }) => check === 'response_schema_conformance');
      expect(failure?.operation).toBe('createChatbot');
      expect(failure?.message).toMatch(
        /^201: body\/data\/settings\/tree\/children\/0\/children\/0\/label must be string/,
      );
      expect(stdout).toMatch(/proxy: 3 requests checked, [1-9]\d* contract violations? by the upstream/);
    },
  );
});

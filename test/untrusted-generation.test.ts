// A contract under review can ask the mock's generator (Prism) for answers
// without end: a list of 50,000,000 chatbots, a string of 300,000,000
// characters. The mock makes its answers in a process of its own, bounded in
// time, memory and answer size (src/mock/isolatedPrism.ts): past a bound,
// that one request gets the documented 501 problem, and the mock answers the
// next one as before, and still stops on SIGTERM by itself. That operation is
// then refused at once for a while, so that clients asking for it again do not
// keep the others waiting on the one generator (src/mock/coolDown.ts).
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dump } from 'js-yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import { createContract, type OpenApiDocument } from '../src/contract/contract.js';
import { documentedProblem } from '../src/contract/documentedProblem.js';
import { liveValidators } from '../src/contract/load.js';
import { adminContract } from '../src/http/admin/adminContract.js';
import { contract as builtIn } from './helpers/contract.js';
import { assertBuilt, listening, run, stop, type Run } from './helpers/run.js';
import { KEYS, TestClient } from './helpers/server.js';
import { until } from './helpers/until.js';

type Schemas = Record<string, { properties?: Record<string, Record<string, unknown>> } & Record<string, unknown>>;

beforeAll(assertBuilt);

/** The built-in contract with no example in its paths or schemas, so that Prism generates every answer. */
function withoutExamples(change: (schemas: Schemas) => void): OpenApiDocument {
  const strip = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(strip)
      : value && typeof value === 'object'
        ? Object.fromEntries(
            Object.entries(value)
              .filter(([key]) => key !== 'example' && key !== 'examples')
              .map(([key, inner]) => [key, strip(inner)]),
          )
        : value;
  const document = structuredClone(builtIn.document) as OpenApiDocument & { components: { schemas: Schemas } };
  document.paths = strip(document.paths) as OpenApiDocument['paths'];
  document.components.schemas = strip(document.components.schemas) as Schemas;
  change(document.components.schemas);
  return document;
}

const hugeList = (schemas: Schemas) => {
  for (const schema of Object.values(schemas))
    if (schema.properties?.data?.type === 'array') schema.properties.data.minItems = 50_000_000;
};
/** The list's envelope holds a string of at least `length` characters. */
const longNote = (length: number) => (schemas: Schemas) => {
  for (const schema of Object.values(schemas))
    if (schema.properties?.data?.type === 'array') schema.properties.note = { type: 'string', minLength: length };
};

/** The built-in contract and one more operation, GET /bombs, whose answer is 50,000,000 chatbots, with no example. */
function withBombs(): OpenApiDocument {
  const document = structuredClone(builtIn.document);
  const list = structuredClone(document.paths['/chatbots']?.get);
  if (!list) throw new Error('the built-in contract has no GET /chatbots');
  const chatbots = { type: 'array' as const, minItems: 50_000_000, items: { $ref: '#/components/schemas/Chatbot' } };
  const schema = { type: 'object' as const, required: ['data'], properties: { data: chatbots } };
  list.operationId = 'listBombs';
  list.responses = { ...list.responses, 200: { description: 'Too many', content: { 'application/json': { schema } } } };
  document.paths['/bombs'] = { get: list };
  return document;
}

async function mock(document: OpenApiDocument, ...flags: string[]): Promise<{ started: Run; url: string }> {
  const file = join(mkdtempSync(join(tmpdir(), 'untrusted-generation-')), 'openapi.yaml');
  writeFileSync(file, dump(document));
  const started = run(['mock', '--port', '0', '--contract', file, ...flags]);
  return { started, url: await listening(started) };
}

/** GET /chatbots (or another path), which must be the documented 501 problem; its detail. */
async function cannotGenerate(url: string, headers: Record<string, string> = {}, path = '/chatbots'): Promise<string> {
  const response = await fetch(`${url}${path}`, { headers: { authorization: `Bearer ${KEYS.acmeWeb}`, ...headers } });
  expect(response.status).toBe(501);
  const { detail, ...kind } = (await response.json()) as { detail: string };
  const { detail: _, ...documented } = documentedProblem(adminContract().document, 'CannotGenerate', '');
  expect(kind).toEqual(documented);
  return detail;
}

// Which of time and memory runs out first depends on the machine: either is the bound that holds.
const pastTimeOrMemory = /took more than 1000 ms|needed more than its 128 MB/;

describe("the mock's generator is bounded", () => {
  it.each([
    ['a list of 50,000,000 chatbots, generated (--dynamic)', hugeList, ['--dynamic'], pastTimeOrMemory],
    ['a string of 300,000,000 characters', longNote(300_000_000), [], pastTimeOrMemory],
    [
      'an answer past its size: a string of 2,000,000 characters',
      longNote(2_000_000),
      [],
      /more than 1048576 characters/,
    ],
  ] as const)('%s is a 501 problem, and the next request is answered', async (_label, change, flags, reason) => {
    const document = withoutExamples(change);
    const { started, url } = await mock(document, ...flags);
    expect(await cannotGenerate(url)).toMatch(reason);
    // The generator started anew: an answer it can make is made, and honours the contract.
    const client = new TestClient(url, createContract(document, liveValidators));
    expect((await client.create(KEYS.acmeWeb, { name: 'Support' })).status).toBe(201);
    expect(await stop(started)).toBe(0);
  });

  it('Prefer: dynamic=true is bounded too, and the examples are still served', async () => {
    const document = structuredClone(builtIn.document) as OpenApiDocument & { components: { schemas: Schemas } };
    hugeList(document.components.schemas);
    const { started, url } = await mock(document);
    expect(await cannotGenerate(url, { prefer: 'dynamic=true' })).toMatch(pastTimeOrMemory);
    const client = new TestClient(url, createContract(document, liveValidators));
    expect((await client.create(KEYS.acmeWeb, { name: 'Support' })).status).toBe(201);
    expect(await stop(started)).toBe(0);
  });

  it('SIGTERM during a generation past its bound still ends the mock by itself', async () => {
    const { started, url } = await mock(withoutExamples(hugeList), '--dynamic');
    const answer = fetch(`${url}/chatbots`, { headers: { authorization: `Bearer ${KEYS.acmeWeb}` } });
    // Once the request has reached the generator (the mock logs nothing before it answers, so wait a moment).
    await new Promise((resolve) => setTimeout(resolve, 200));
    const generators = childrenOf(started.child.pid!);
    expect(generators.length).toBeGreaterThan(0);
    expect(await stop(started)).toBe(0);
    expect(started.child.signalCode).toBeNull();
    await answer.catch(() => undefined);
    // The generator does not outlive the mock.
    await until(() => generators.every((pid) => !alive(pid)));
  });
});

describe("one operation cannot keep the others waiting on the mock's generator", () => {
  it('while three clients ask for a bomb, another operation is generated; the bomb is refused at once', async () => {
    const document = withBombs();
    const { started, url } = await mock(document);
    const client = new TestClient(url, createContract(document, liveValidators));
    const dynamic = { prefer: 'dynamic=true' };
    const victim = async () =>
      expect((await client.request('GET', '/chatbots', { key: KEYS.acmeWeb, headers: dynamic })).status).toBe(200);
    const bombs = () => [1, 2, 3].map(() => cannotGenerate(url, dynamic, '/bombs'));
    const cooling = /\(when it was made \d+ s ago; it is not made again for \d+ s\)\.$/;

    const first = bombs();
    await victim();
    const details = await Promise.all(first);
    // One was made and met its bound; the ones queued behind it were answered without being made.
    for (const detail of details) expect(detail).toMatch(pastTimeOrMemory);
    expect(details.filter((detail) => !cooling.test(detail))).toHaveLength(1);

    await victim(); // the generator runs again
    const generator = childrenOf(started.child.pid!);
    expect(generator).toHaveLength(1);
    // Cooling down: asked again, also with an example name made up, the bomb is refused without being made
    // (the generator is the same process: nothing was ended), and the other operation is answered.
    const again = [...bombs(), cannotGenerate(url, { prefer: 'dynamic=true, example=made-up' }, '/bombs')];
    await victim();
    for (const detail of await Promise.all(again)) expect(detail).toMatch(cooling);
    expect(childrenOf(started.child.pid!)).toEqual(generator);
    expect(await stop(started)).toBe(0);
  });
});

/** The processes `pid` started (Linux). */
function childrenOf(pid: number): number[] {
  return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean).map(Number);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

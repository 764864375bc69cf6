// A contract's `pattern` never runs on the platform's RegExp for a string the contract made or verify drew
// (docs/security.md): `serve` checks an operation's example once per contract, on the bounded automaton, so that one
// RegExp would backtrack on for ever (`^(a+)+$` on forty-four `a` and a `!`) is the documented 501 no-example at once,
// while another client is answered and SIGTERM ends the server; a pattern the automaton does not read (a lookahead)
// is served unchecked and named in the banner. An override that falls back on that example is refused at once, and
// `mock` answers Prism's copy of it with its logged 500. `verify` tests its drawn strings on the automaton too: a
// required property whose pattern would make RegExp backtrack for ever on them, or one the automaton does not read,
// skips the cases that need it at once, naming it, and the run goes on; and it judges its own cases on the
// automaton, so a case one past a maxLength is judged at once.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dump } from 'js-yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import { createContract, type OpenApiDocument } from '../src/contract/contract.js';
import { documentedProblem } from '../src/contract/documentedProblem.js';
import { liveValidators } from '../src/contract/load.js';
import { BREAKS_CONTRACT } from '../src/engine/problems.js';
import { adminContract } from '../src/http/admin/adminContract.js';
import { adminCaller } from './helpers/admin.js';
import { contract as builtIn } from './helpers/contract.js';
import { assertBuilt, listening, run, stop } from './helpers/run.js';
import { KEYS, TestClient } from './helpers/server.js';

type Document = OpenApiDocument & {
  paths: Record<string, Record<string, object>>;
  components: { schemas: Record<string, { required?: string[]; properties: Record<string, object> }> };
};

/** A GET the contract serves from its example, asking for the key as the list does. */
const fromExample = (operationId: string, schema: object, example: unknown) => ({
  get: {
    operationId,
    'x-mock-resource': false,
    security: builtIn.document.paths['/chatbots']?.get?.security,
    responses: { 200: { description: 'Found', content: { 'application/json': { schema, example } } } },
  },
});

/** The built-in contract with two operations served from their examples. */
const EXAMPLES = (() => {
  const document = structuredClone(builtIn.document) as Document;
  const thing = { type: 'object', properties: { name: { type: 'string', pattern: '^(a+)+$' } } };
  document.paths = {
    '/things': fromExample('listThings', thing, { name: `${'a'.repeat(44)}!` }),
    '/codes': fromExample('listCodes', { type: 'string', pattern: '^(?=x)x+$' }, 'xxx'),
    ...document.paths,
  };
  return document;
})();

/** The built-in contract whose create body requires a string of this schema. */
function requiring(property: string, schema: object): Document {
  const document = structuredClone(builtIn.document) as Document;
  const request = document.components.schemas.CreateChatbotRequest!;
  request.properties[property] = schema;
  request.required = [...(request.required ?? []), property];
  return document;
}

let dir = '';
beforeAll(() => {
  assertBuilt();
  dir = mkdtempSync(join(tmpdir(), 'contract-patterns-'));
});
const written = (document: object): string => {
  const file = join(dir, `${Math.random().toString(36).slice(2)}.yaml`);
  writeFileSync(file, dump(document));
  return file;
};
/** A request that must be answered within a generous bound (a stalled server never answers it). */
const get = (url: string, path: string) =>
  fetch(`${url}${path}`, { headers: { authorization: `Bearer ${KEYS.acmeWeb}` }, signal: AbortSignal.timeout(20_000) });

describe('serve, on an example its own pattern would make RegExp backtrack on for ever', () => {
  it('answers the documented 501 no-example at once; another client is answered; SIGTERM ends', async () => {
    const started = run(['serve', '--port', '0', '--contract', written(EXAMPLES)]);
    const url = await listening(started);
    const hostile = [1, 2, 3].map(() => get(url, '/things'));
    expect((await new TestClient(url, createContract(EXAMPLES, liveValidators)).list(KEYS.acmeWeb)).status).toBe(200);
    for (const response of await Promise.all(hostile)) {
      expect(response.status).toBe(501);
      const { detail, ...kind } = (await response.json()) as { detail: string };
      const { detail: _, ...documented } = documentedProblem(adminContract().document, 'NoExample', '');
      expect(kind).toEqual(documented);
      expect(detail).toContain(
        'GET /things (listThings) has no reference handler, and this contract gives no example of a success answer ' +
          'to serve in its place (its 200 example does not fit its schema: /name must match pattern "^(a+)+$")',
      );
    }
    expect(await stop(started)).toBe(0);
  });

  it('serves an example unchecked against a pattern the automaton does not read, named in the banner', async () => {
    const started = run(['serve', '--port', '0', '--contract', written(EXAMPLES)]);
    const url = await listening(started);
    expect(started.stdout().split('\n')).toContain(
      '  GET /codes listCodes: its examples (x-mock-resource: false); ' +
        'its 200 example is served unchecked against pattern ^(?=x)x+$ (the bounded pattern engine does not read ' +
        'a lookaround)',
    );
    const client = new TestClient(url, createContract(EXAMPLES, liveValidators));
    const codes = await client.request('GET', '/codes', { key: KEYS.acmeWeb });
    expect([codes.status, codes.body, codes.headers.get('mock-source')]).toEqual([200, 'xxx', 'example']);
    expect(await stop(started)).toBe(0);
  });
});

/** A class of a thousand characters, a thousand ranges: each character of a match looks through all of them. */
const WIDE = Array.from({ length: 1_000 }, (_, index) => String.fromCodePoint(0x100 + 2 * index));

/** The built-in contract with operations whose examples hold five strings each of that class, 1,006 long. */
const wideExamples = (operations: number) => {
  const document = structuredClone(builtIn.document) as Document;
  const text = { type: 'string', pattern: `[${WIDE.join('')}]{990}!` };
  const names = ['a', 'b', 'c', 'd', 'e'];
  const schema = { type: 'object', properties: Object.fromEntries(names.map((name) => [name, text])) };
  const example = Object.fromEntries(names.map((name) => [name, (WIDE.at(-1) as string).repeat(1_006)]));
  for (let index = 0; index < operations; index++)
    document.paths = { [`/wide${index}`]: fromExample(`listWide${index}`, schema, example), ...document.paths };
  return document;
};

describe('serve, on examples whose pattern is a class of a thousand ranges', () => {
  it('starts at once, the checks of its examples counted by their real cost; SIGTERM ends it', async () => {
    // Each string took over a second to check before its ranges were counted: sixty of them, before any answer.
    const started = run(['serve', '--port', '0', '--contract', written(wideExamples(12))]);
    const url = await listening(started);
    expect(started.stdout()).toContain('its 200 example is served unchecked against pattern');
    expect((await new TestClient(url).list(KEYS.acmeWeb)).status).toBe(200);
    const wide = await get(url, '/wide3');
    expect([wide.status, wide.headers.get('mock-source')]).toEqual([200, 'example']);
    expect(await stop(started)).toBe(0);
  });
});

describe('an override of that operation without a body of its own', () => {
  it('is refused at once, its example checked on the automaton; another client is answered; SIGTERM ends', async () => {
    const started = run(['serve', '--port', '0', '--contract', written(EXAMPLES)]);
    const url = await listening(started);
    const admin = adminCaller(() => url);
    const refused = admin('POST', '/overrides', { operationId: 'listThings', status: 200 });
    expect((await new TestClient(url, createContract(EXAMPLES, liveValidators)).list(KEYS.acmeWeb)).status).toBe(200);
    const { status, body } = await refused;
    expect(status).toBe(422);
    expect((body as { detail: string }).detail).toContain('must match pattern "^(a+)+$"');
    expect(await stop(started)).toBe(0);
  });
});

describe('mock, on the same examples', () => {
  it("answers Prism's example its pattern refuses with the logged 500 at once, and serves the other", async () => {
    const started = run(['mock', '--port', '0', '--contract', written(EXAMPLES)]);
    const url = await listening(started);
    const hostile = [1, 2, 3].map(() => get(url, '/things'));
    const client = new TestClient(url, createContract(EXAMPLES, liveValidators));
    expect((await client.list(KEYS.acmeWeb)).status).toBe(200);
    for (const response of await Promise.all(hostile)) {
      expect(response.status).toBe(500);
      expect(((await response.json()) as { detail: string }).detail).toBe(BREAKS_CONTRACT);
    }
    expect(started.stdout()).toContain('RESPONSE BREAKS THE CONTRACT: its 200 answer: /name must match pattern');
    const codes = await client.request('GET', '/codes', { key: KEYS.acmeWeb });
    expect([codes.status, codes.body]).toEqual([200, 'xxx']);
    expect(await stop(started)).toBe(0);
  });
});

describe('verify, on a create body that requires a string of a pattern', () => {
  /** `served`: the target's contract, when RegExp would stall the target itself on the cases. */
  const verify = async (document: Document, served = document, options: string[] = []) => {
    const file = written(document);
    const target = run(['serve', '--port', '0', '--contract', written(served)]);
    const url = await listening(target);
    const args = ['--base-url', url, '--contract', file, '--key', KEYS.acmeWeb, '--phases', 'fuzz', '--max-time', '10'];
    const verified = run(['verify', ...args, ...options]);
    const exit = await Promise.race([verified.exit, new Promise((resolve) => setTimeout(resolve, 40_000, 'running'))]);
    expect(await stop(target)).toBe(0);
    return { exit, stderr: verified.stderr(), stdout: verified.stdout() };
  };

  it('tests drawn strings on the automaton: a pattern RegExp backtracks on for ever is skipped, named', async () => {
    // 32 characters that do not end in QQQQ: RegExp would try 2^32 ways for each one drawn.
    const { exit, stdout } = await verify(
      requiring('code', { type: 'string', pattern: '^([^]|[^])*QQQQ$', minLength: 32, maxLength: 32 }),
    );
    expect(exit).toBe(0);
    expect(stdout).toContain(
      'verify cannot generate a value for code: none of 400 strings tried matches its pattern ^([^]|[^])*QQQQ$ ' +
        'within 32 to 32 characters',
    );
  });

  it('checks its own cases on the automaton: one past a maxLength RegExp would backtrack on for ever', async () => {
    // Drawn strings end in Q; the cases one past maxLength are 41 to 60 characters that need not: RegExp would try
    // 2^41 ways and more on each before refusing it. The target serves the same schema without the pattern, since
    // serve runs a pattern on RegExp against what a client sends (docs/security.md): verify, judging on the
    // automaton, finds that the target accepts strings the pattern refuses, and only that.
    const code = { type: 'string', minLength: 1, maxLength: 40 };
    const { exit, stderr, stdout } = await verify(
      requiring('code', { ...code, pattern: '^([^]|[^])*Q$' }),
      requiring('code', code),
      ['--seed', '1530992399'],
    );
    expect([0, 1]).toContain(exit);
    expect(stderr).not.toContain('Error');
    // The only failures, if the seed drew any, are strings the pattern refuses and the target took.
    const failed = stdout.split('\n').filter((line) => /^ {2}✗/.test(line));
    for (const line of failed) expect(line).toMatch(/^ {2}✗ negative_data_rejection +\d+ answers, \d+ failed$/);
    if (failed.length > 0) expect(stdout).toContain('(body.code: must match pattern');
  });

  it('takes a 422 as well as a 201 where its own check cannot read the pattern (a lookahead)', async () => {
    const document = structuredClone(builtIn.document) as Document;
    document.components.schemas.CreateChatbotRequest!.properties.code = { type: 'string', pattern: '^(?=x{6}$)' };
    const { exit, stdout } = await verify(document, document, ['--phases', 'coverage']);
    // The coverage phase sends `code` of each length from its bounds, which serve refuses by the lookahead: verify
    // cannot tell whether they match, and takes either answer.
    expect(stdout).toMatch(/✓ positive_data_acceptance +\d+ answers/);
    expect(exit).toBe(0);
  });

  it('skips, naming it, a required property whose pattern the automaton does not read (a lookahead)', async () => {
    const { exit, stdout } = await verify(requiring('slogan', { type: 'string', pattern: '^(?=.*x)' }));
    expect(exit).toBe(0);
    expect(stdout).toContain(
      'verify cannot generate a value for slogan: its pattern ^(?=.*x) is not one verify reads (a lookaround)',
    );
  });
});

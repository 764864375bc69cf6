// Contract coverage from the consumer's side: serve counts what requests
// exercised (GET /__admin/coverage), and `chatbot-api-mock coverage` merges
// saved journals, reports them in every format and gates on them. What each
// test expects is read from openapi.yaml by hand: its operations, statuses,
// problem types and properties, not from the code that counts them.
import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../generated/admin.js';
import { adminCaller } from './helpers/admin.js';
import { words } from './helpers/readme.js';
import { assertBuilt, listening, run, stop } from './helpers/run.js';
import { KEYS, startTestServer, TestClient, type TestServer } from './helpers/server.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PROBLEMS = 'https://chatbots.example/problems';
let t: TestServer;
let api: TestClient;
let dir = '';
const admin = adminCaller(() => t.server.url);

beforeAll(async () => {
  assertBuilt();
  dir = mkdtempSync(join(tmpdir(), 'coverage-'));
  t = await startTestServer();
  api = new TestClient(t.server.url);
});
afterAll(() => t.close());

type Journal = components['schemas']['CoverageJournal'];

async function journal(): Promise<Journal> {
  const { status, body } = await admin('GET', '/coverage');
  expect(status).toBe(200);
  // The answer was checked against admin/openapi.yaml's CoverageJournal.
  return body as Journal;
}

async function cli(args: string[]) {
  const started = run(['coverage', ...args], {}, dir);
  const code = await started.exit;
  return { code, stdout: started.stdout(), stderr: started.stderr() };
}

function save(name: string, value: unknown): string {
  const file = join(dir, name);
  writeFileSync(file, JSON.stringify(value));
  return file;
}

describe('serve counts what requests exercised of the contract', () => {
  it('by operation, answer, problem type, body property and enum value; a reset keeps it', async () => {
    await admin('DELETE', '/coverage');
    await api.create(KEYS.acmeWeb, { name: 'Covered', settings: { theme: 'dark' } });
    await api.list(KEYS.acmeWeb);
    await api.list('sk_live_nobody');
    await api.request('POST', '/chatbots', {
      key: KEYS.acmeWeb,
      raw: '{"name":',
      headers: { 'content-type': 'application/json' },
    });
    await api.request('GET', '/nowhere', { key: KEYS.acmeWeb });
    await admin('POST', '/reset', {});
    const counted = await journal();
    expect(counted).toMatchObject({ sources: ['serve'], requests: 5, unmatched: 1, undocumented: {} });
    expect(counted.seen).toEqual({
      'operation createChatbot': 2,
      'operation listChatbots': 2,
      'answer createChatbot 201 application/json': 1,
      'answer createChatbot 400 application/problem+json': 1,
      'problem createChatbot https://chatbots.example/problems/malformed-json': 1,
      'answer listChatbots 200 application/json': 1,
      // ChatbotListEnvelope's `data` is required, its items are not: a list that holds one.
      'answer-property listChatbots 200 application/json /data/*': 1,
      'answer listChatbots 401 application/problem+json': 1,
      'problem listChatbots https://chatbots.example/problems/unauthorized': 1,
      'property createChatbot /name': 1,
      'property createChatbot /settings': 1,
      'property createChatbot /settings/theme': 1,
      // ChatbotEnvelope (the 201's) says `is_active: enum: [true]`; the list's Chatbot names no enum.
      'enum createChatbot 201 application/json /data/is_active = true': 1,
    });
    await admin('DELETE', '/coverage');
    expect((await journal()).requests).toBe(0);
  });

  it('counts a property an answer may lack once one holds it: a 422 with validation_omitted', async () => {
    await admin('DELETE', '/coverage');
    // 101 unknown properties: the 422 lists 100 problems and counts the rest (openapi.yaml, Problem).
    const unknown = Object.fromEntries(Array.from({ length: 101 }, (_, index) => [`extra${index}`, 1]));
    const refused = await api.create(KEYS.acmeWeb, { name: 'Many', ...unknown });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ validation_omitted: 1 });
    const { seen } = await journal();
    const answer = 'answer-property createChatbot 422 application/problem+json';
    expect(seen[`${answer} /validation_omitted`]).toBe(1);
    // ValidationIssue's `location` is an array that may be empty: each listed problem's counts.
    expect(seen[`${answer} /validation/*/location/*`]).toBe(100);
    // ValidationProblem requires `validation`, with at least one item, and Problem requires `detail`: every 422
    // holds them, so none is an item of its own.
    expect(Object.keys(seen).filter((key) => key.startsWith('answer-property'))).toEqual([
      `${answer} /validation/*/location/*`,
      `${answer} /validation_omitted`,
    ]);
  });
});

describe('chatbot-api-mock coverage', () => {
  const one = (seen: Record<string, number>, requests = 1) => ({
    format: 'chatbot-api-mock coverage journal',
    version: 1,
    contract: { title: 'Chatbot Management API', version: '1.0.0' },
    sources: ['msw'],
    requests,
    unmatched: 0,
    seen,
    undocumented: {},
  });
  const created = one({ 'operation createChatbot': 1, 'answer createChatbot 201 application/json': 1 });
  const listed = {
    ...one({ 'operation listChatbots': 1, 'answer listChatbots 200 application/json': 1 }),
    sources: ['verify'],
  };

  it('merges journals and passes a gate they meet, exit 0', async () => {
    const files = [save('created.json', created), save('listed.json', listed)];
    const { code, stdout } = await cli([...files, '--fail-under', 'operations=100', '--save', 'merged.json']);
    expect(code, stdout).toBe(0);
    expect(stdout).toMatch(/from msw, verify: 2 requests/);
    expect(stdout).toMatch(/operations\s+2\/2\s+100\.0 %\s+✓ at least 100 %/);
    expect(stdout).toContain('Gate: passed');
    const merged = JSON.parse(readFileSync(join(dir, 'merged.json'), 'utf8')) as Journal;
    expect(merged.seen['operation createChatbot']).toBe(1);
    expect(merged.sources).toEqual(['msw', 'verify']);
  });

  it('fails a gate it misses, exit 1, naming error answers before success ones', async () => {
    const file = save('only-created.json', created);
    const { code, stdout } = await cli([file, '--fail-under', 'operations=100,answers=50']);
    expect(code).toBe(1);
    expect(stdout).toMatch(/Gate: failed: operations 50\.0 % < 100 %, answers \d+\.\d % < 50 %/);
    expect(stdout).toMatch(/createChatbot: answer 503 application\/problem\+json \(a server fault: [^)]*\)/);
    // The whole list, in order: an operation never called, error answers, problem types, success answers, body
    // properties sent, answer properties received, enum values.
    const all = (await cli([file, '--format', 'markdown'])).stdout;
    const at = (text: string) => all.indexOf(text);
    expect(at('| listChatbots | operations |')).toBeGreaterThan(0);
    expect(at('| listChatbots | operations |')).toBeLessThan(at('` 409 application/problem+json `'));
    expect(at('` 409 application/problem+json `')).toBeLessThan(at('chatbot-limit-reached (409)'));
    expect(at('chatbot-limit-reached (409)')).toBeLessThan(at('` 200 application/json `'));
    expect(at('` 200 application/json `')).toBeLessThan(at('` sent /name `'));
    expect(at('` sent /name `')).toBeLessThan(at('` received /data/* (200) `'));
    expect(at('` received /data/* (200) `')).toBeLessThan(at('` received /data/is_active = true (201) `'));
  });

  it('reads a folder of journals, as vitest workers or Playwright shards leave them', async () => {
    const folder = mkdtempSync(join(dir, 'shards-'));
    writeFileSync(join(folder, 'a.json'), JSON.stringify(created));
    writeFileSync(join(folder, 'b.json'), JSON.stringify(created));
    const { code, stdout } = await cli([folder, '--format', 'markdown']);
    expect(code).toBe(0);
    expect(stdout).toContain('# Contract coverage');
    expect(stdout).toMatch(/\| operations \| 1\/2 \| 50\.0 % \|/);
  });

  it('writes HTML, JUnit and CTRF; the CTRF passes its schema', async () => {
    const { code } = await cli([
      save('r.json', created),
      '--fail-under',
      'operations=100',
      '--report',
      'out/coverage.html',
      '--report',
      'out/coverage.xml',
      '--report',
      'out/coverage.ctrf.json',
    ]);
    expect(code).toBe(1);
    const html = readFileSync(join(dir, 'out/coverage.html'), 'utf8');
    expect(html).toContain("default-src 'none'");
    expect(html).toContain('Gate: failed: operations 50.0 % &lt; 100 %');
    const junit = readFileSync(join(dir, 'out/coverage.xml'), 'utf8');
    expect(junit).toMatch(/<testsuite name="contract coverage: gate"[^>]*failures="1"/);
    expect(junit).toMatch(/<testcase classname="coverage.listChatbots" name="GET \/chatbots">\s*<skipped/);
    const ctrf = JSON.parse(readFileSync(join(dir, 'out/coverage.ctrf.json'), 'utf8')) as {
      results: { summary: { failed: number; passed: number }; tests: { name: string; status: string }[] };
    };
    const schema = JSON.parse(
      readFileSync(join(ROOT, 'node_modules/ctrf/dist/ctrf-schema-0.0.json'), 'utf8'),
    ) as object;
    const ajv = new Ajv({ strict: false });
    addFormats.default(ajv);
    const validate = ajv.compile(schema);
    expect(validate(ctrf), JSON.stringify(validate.errors)).toBe(true);
    expect(ctrf.results.summary).toMatchObject({ failed: 1, passed: 2 });
    expect(ctrf.results.tests).toContainEqual(
      expect.objectContaining({ name: 'operations at least 100 %', status: 'failed' }),
    );
  });

  it('refuses what is not a journal, or a kind it does not know, exit 2', async () => {
    const bad = await cli([save('bad.json', { seen: { __proto__: 1 } })]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/bad\.json: not a coverage journal/);
    // A count past what a double holds exactly: two of them would add up to Infinity, printed as null.
    const huge = await cli([
      save('huge.json', one({ 'operation createChatbot': 1e308 }, 1e308)),
      save('again.json', created),
    ]);
    expect(huge.code).toBe(2);
    expect(huge.stderr).toMatch(/huge\.json: not a coverage journal \(\/requests must be <= 9007199254740991\)/);
    const kind = await cli([save('ok.json', created), '--fail-under', 'answer=80']);
    expect(kind.code).toBe(2);
    expect(kind.stderr).toContain("unknown kind 'answer' (did you mean 'answers'?)");
  });

  it('reads no file a journal links to outside its folder, and quotes none of a file that is not JSON', async () => {
    const outside = mkdtempSync(join(dir, 'outside-'));
    const secret = join(outside, 'secret.env');
    writeFileSync(secret, 'SECRET_TOKEN=s3cr3t-value\n');
    const folder = mkdtempSync(join(dir, 'linked-'));
    save(join(folder.slice(dir.length + 1), 'a.json'), created);
    symlinkSync(secret, join(folder, 'b.json'));
    for (const args of [[folder], [join(folder, 'b.json')]]) {
      const linked = await cli(args);
      expect(linked.code).toBe(2);
      expect(linked.stderr).toMatch(/b\.json: it is a link to a file outside its own folder/);
      expect(linked.stdout + linked.stderr).not.toContain('SECRET');
    }
    const text = join(folder, 'c.json');
    writeFileSync(text, 'SECRET_TOKEN=s3cr3t-value\n');
    const notJson = await cli([text]);
    expect(notJson.code).toBe(2);
    expect(notJson.stderr).toMatch(/c\.json: not JSON/);
    expect(notJson.stdout + notJson.stderr).not.toContain('SECRET');
  });

  it('says in every report that a journal counted items this contract does not have', async () => {
    const other = save('other-version.json', one({ 'operation deleteChatbot': 2, 'operation createChatbot': 1 }));
    const said = '1 counted item names nothing in this contract (a journal of another version?)';
    expect((await cli([other])).stdout).toContain(said);
    expect((await cli([other, '--format', 'markdown'])).stdout).toContain(said);
    expect((await cli([other, '--format', 'html'])).stdout).toContain(said);
  });

  it("runs docs/ci.md's command as written, on a server's journal in reports/coverage", async () => {
    const page = readFileSync(join(ROOT, 'docs', 'ci.md'), 'utf8');
    const command =
      /^npx chatbot-api-mock (coverage reports\/coverage --fail-under operations=100,answers=60 .*)$/m.exec(page)![1]!;
    const project = mkdtempSync(join(dir, 'project-'));
    mkdirSync(join(project, 'reports', 'coverage'), { recursive: true });
    await admin('DELETE', '/coverage');
    await api.create(KEYS.acmeWeb, { name: 'Covered' });
    await api.list(KEYS.acmeWeb);
    writeFileSync(join(project, 'reports', 'coverage', 'serve.json'), JSON.stringify(await journal()));
    const started = run(words(command), {}, project);
    expect(await started.exit, started.stdout()).toBe(1);
    expect(started.stdout()).toMatch(/Gate: failed: answers 14\.2 % < 60 %/);
    expect(readFileSync(join(project, 'reports', 'coverage.md'), 'utf8')).toContain('**Gate: failed');
    expect(readFileSync(join(project, 'reports', 'coverage.html'), 'utf8')).toContain('<h1>Contract coverage</h1>');
  });

  it('names the problem types the contract documents', async () => {
    const { stdout } = await cli([save('p.json', created), '--format', 'markdown']);
    for (const slug of ['chatbot-limit-reached', 'validation-failed', 'unsupported-media-type'])
      expect(stdout).toContain(`${PROBLEMS}/${slug}`);
  });
});

describe('verify and proxy save their journal, and gate on it', () => {
  const keys = ['--key', KEYS.acmeWeb, '--key-same-account', KEYS.acmeMobile, '--key-other-account', KEYS.globex];

  it('verify --journal writes what the run exercised; --fail-under fails a run that passed its checks', async () => {
    const file = join(dir, 'verify.json');
    const args = ['verify', '--base-url', t.server.url, ...keys, '--phases', 'examples', '--seed', '1'];
    const passed = run([...args, '--journal', file, '--fail-under', 'operations=100'], {}, dir);
    expect(await passed.exit, passed.stdout()).toBe(0);
    expect(passed.stdout()).toContain('Gate: passed');
    const saved = JSON.parse(readFileSync(file, 'utf8')) as Journal;
    expect(saved.sources).toEqual(['verify']);
    expect(saved.seen['answer createChatbot 201 application/json']).toBeGreaterThan(0);
    const reports = ['--junit', 'missed.xml', '--report', 'missed.html', '--markdown', 'missed.md'];
    const missed = run([...args, '--fail-under', 'answers=100', ...reports], {}, dir);
    expect(await missed.exit).toBe(1);
    expect(missed.stdout()).toMatch(/Gate: failed: answers [\d.]+ % < 100 %/);
    // Below the gate, the run failed, and every report it writes says so, and why.
    const below = /coverage below the gate: answers [\d.]+ % < 100 %/;
    expect(missed.stdout()).toMatch(new RegExp(`✗ failed: 0 failures · ${below.source}`));
    const markdown = readFileSync(join(dir, 'missed.md'), 'utf8');
    expect(markdown).toMatch(/^## ❌ Contract verification: failed/);
    expect(markdown).toMatch(new RegExp(`Verdict: failed, 0 distinct failures; ${below.source}`));
    expect(readFileSync(join(dir, 'missed.html'), 'utf8')).toMatch(
      /Verdict: failed, 0 distinct failures; coverage below the gate: answers [\d.]+ % &lt; 100 %/,
    );
    const junit = readFileSync(join(dir, 'missed.xml'), 'utf8');
    expect(junit).toMatch(/failures="1"/);
    const gateCase = /name="coverage gate">\s*<failure message="([^"]*)"/.exec(junit);
    expect(gateCase?.[1]).toMatch(/^coverage below the gate: answers [\d.]+ % &lt; 100 %$/);
  });

  it('proxy --journal writes what the traffic exercised when it stops; --fail-under fails it', async () => {
    const file = join(dir, 'proxy.json');
    const gate = ['--fail-under', 'operations=100,answers=100', '--markdown', 'proxy.md'];
    const started = run(['proxy', '--upstream', t.server.url, '--port', '0', '--journal', file, ...gate], {}, dir);
    const through = new TestClient(await listening(started));
    await through.create(KEYS.acmeWeb, { name: 'Proxied', settings: { theme: 'light' } });
    await through.request('GET', '/chatbots');
    // No violation, but below the gate: the proxy fails, and its summary says why.
    expect(await stop(started), started.stdout() + started.stderr()).toBe(1);
    const summary = readFileSync(join(dir, 'proxy.md'), 'utf8');
    expect(summary).toMatch(/^## ❌ Contract proxy: failed/);
    expect(summary).toMatch(
      /Verdict: failed, 0 distinct violations by the upstream; coverage below the gate: answers /,
    );
    expect(summary).not.toMatch(/operations [\d.]+ % </);
    const saved = JSON.parse(readFileSync(file, 'utf8')) as Journal;
    expect(saved).toMatchObject({ sources: ['proxy'], requests: 2 });
    expect(saved.seen).toMatchObject({
      'property createChatbot /settings/theme': 1,
      'answer listChatbots 401 application/problem+json': 1,
      'problem listChatbots https://chatbots.example/problems/unauthorized': 1,
    });
  });
});

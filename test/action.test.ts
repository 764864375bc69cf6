// The GitHub Action (action.yml) when a part cannot run or a run is repeated, run as a runner runs it
// (test/helpers/workflow.ts) from a project whose node_modules holds this repository's build. The packed action,
// and docs/ci.md's workflows, run in test/pack.test.ts.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  expectLogSafe,
  expectMarkdownSafe,
  HOSTILE,
  hostileDocument,
  hostileJournal,
  SHORT,
} from './helpers/hostileText.js';
import { assertBuilt } from './helpers/run.js';
import { runJob } from './helpers/workflow.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const runner = { PATH: `${dirname(process.execPath)}:/usr/bin:/bin`, HOME: process.env.HOME ?? tmpdir() };

/** A checked-out project that installed chatbot-api-mock: this repository, built. */
function project(): string {
  const dir = mkdtempSync(join(tmpdir(), 'action-'));
  mkdirSync(join(dir, 'node_modules'));
  symlinkSync(ROOT, join(dir, 'node_modules', 'chatbot-api-mock'));
  return dir;
}

/** One job whose one step is the action, with these inputs. */
function step(dir: string, inputs: Record<string, string>, secrets: Record<string, string> = {}) {
  const workflow = { jobs: { check: { steps: [{ uses: './node_modules/chatbot-api-mock', with: inputs }] } } };
  const ran = runJob(JSON.stringify(workflow), { cwd: dir, env: runner, secrets });
  const [only] = ran.steps;
  return { code: ran.code, summary: ran.summary, log: `${only?.stdout}${only?.stderr}`, outputs: only?.outputs };
}

const journal = (seen: Record<string, number>) => ({
  format: 'chatbot-api-mock coverage journal',
  version: 1,
  contract: { title: 'Chatbot Management API', version: '1.0.0' },
  sources: ['msw'],
  requests: 1,
  unmatched: 0,
  seen,
  undocumented: {},
});

beforeAll(() => assertBuilt());

describe('the action, when a part cannot run', () => {
  it('says once why the diff could not compare, in the log, the summary and its verdict', () => {
    const dir = project();
    cpSync(join(ROOT, 'openapi.yaml'), join(dir, 'openapi.yaml'));
    const ran = step(dir, { 'diff-base': 'main' });
    expect(ran.code).toBe(1);
    expect(ran.log.match(/^::error title=chatbot-api-mock diff::.*git/gm)).toHaveLength(1);
    expect(ran.summary).toMatch(/^## ❌ chatbot-api-mock diff could not run\n\n```text\n.*git/m);
    expect(ran.outputs).toMatchObject({ 'diff-verdict': 'failed', verdict: 'failed' });
  });

  it('passes the pull request that adds the contract with diff-allow-missing-base', () => {
    const dir = project();
    const git = (...args: string[]) =>
      execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd: dir, stdio: 'pipe' });
    git('init', '-q', '-b', 'main');
    git('commit', '-q', '--allow-empty', '-m', 'start');
    cpSync(join(ROOT, 'openapi.yaml'), join(dir, 'openapi.yaml'));
    expect(step(dir, { 'diff-base': 'main' }).outputs).toMatchObject({ 'diff-verdict': 'failed' });
    const added = step(dir, { 'diff-base': 'main', 'diff-allow-missing-base': 'true' });
    expect(added.code, added.log).toBe(0);
    expect(added.outputs).toMatchObject({ 'diff-verdict': 'passed', verdict: 'passed' });
  });

  it('names the contract input when the file it names is not there, and runs nothing', () => {
    const ran = step(project(), { contract: 'api/missing.yaml', diff: 'false', coverage: 'x.json' });
    expect(ran.code).toBe(1);
    expect(ran.log).toMatch(/^::error title=chatbot-api-mock contract::api\/missing\.yaml \(the contract input\)/m);
    expect(ran.outputs).toMatchObject({ verdict: 'failed' });
    expect(ran.outputs?.['coverage-verdict']).toBe('');
  });

  it('names the verify-key input, not a flag, when verify-url has no key', () => {
    const ran = step(project(), { diff: 'false', 'verify-url': 'http://127.0.0.1:9/api' });
    expect(ran.code).toBe(1);
    expect(ran.log).toMatch(/::error title=chatbot-api-mock verify::verify-url is set, and verify-key is empty/);
    expect(ran.log).not.toContain('--key');
    expect(ran.outputs).toMatchObject({ 'verify-verdict': 'failed', verdict: 'failed' });
  });
});

describe('the action, run again in the same workspace', () => {
  it('never shows an earlier run’s coverage report as this run’s', () => {
    const dir = project();
    mkdirSync(join(dir, 'journals'));
    const file = join(dir, 'journals', 'one.json');
    writeFileSync(file, JSON.stringify(journal({ 'operation createChatbot': 1 })));
    const first = step(dir, { diff: 'false', coverage: 'journals' });
    expect(first.code, first.log).toBe(0);
    expect(first.summary).toContain('# Contract coverage');
    writeFileSync(file, '{"not": "a journal"}');
    const again = step(dir, { diff: 'false', coverage: 'journals' });
    expect(again.code).toBe(1);
    expect(again.summary).not.toContain('# Contract coverage');
    expect(again.summary).toMatch(/## ❌ chatbot-api-mock coverage could not run/);
    expect(() => readFileSync(join(dir, 'chatbot-api-mock-reports', 'coverage.md'))).toThrow(/ENOENT/);
  });

  it('refuses the reports folder as a coverage input: its merged journal would count twice', () => {
    const dir = project();
    mkdirSync(join(dir, 'chatbot-api-mock-reports', 'coverage'), { recursive: true });
    const ran = step(dir, { diff: 'false', coverage: 'chatbot-api-mock-reports/coverage' });
    expect(ran.code).toBe(1);
    expect(ran.log).toMatch(
      /::error title=chatbot-api-mock coverage::chatbot-api-mock-reports\/coverage is the reports/,
    );
    expect(ran.outputs).toMatchObject({ 'coverage-verdict': 'failed' });
  });
});

describe('the action, on a hostile contract, journal and rules file', () => {
  /** Its own annotations, and the diff's, are the only workflow commands in the log. */
  const OWN = /^::(error|warning|notice) (file=[^:]*,line=\d+,col=\d+,)?title=[^:]*::/;

  it('keeps their text as text in the step summary and the log', () => {
    const dir = project();
    const git = (...args: string[]) =>
      execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd: dir, stdio: 'pipe' });
    const base = hostileDocument();
    writeFileSync(join(dir, 'api.json'), JSON.stringify(base, null, 2));
    git('init', '-q', '-b', 'main');
    git('add', 'api.json');
    git('commit', '-q', '-m', 'base');
    const head = structuredClone(base) as { paths: Record<string, unknown> };
    delete head.paths[`/y${HOSTILE}`];
    writeFileSync(join(dir, 'api.json'), JSON.stringify(head, null, 2));
    const override = { rule: 'api-removed-without-deprecation', path: '*', level: 'warning', reason: `why${HOSTILE}` };
    writeFileSync(join(dir, 'spec-diff.rules.yaml'), JSON.stringify({ overrides: [override] }));
    mkdirSync(join(dir, 'journals'));
    writeFileSync(join(dir, 'journals', 'one.json'), JSON.stringify(hostileJournal()));
    const ran = step(dir, {
      contract: 'api.json',
      'diff-base': 'main',
      'diff-fail-on': 'warning',
      coverage: 'journals',
      'coverage-fail-under': '100',
    });
    expect(ran.code).toBe(1);
    expect(ran.outputs).toMatchObject({ 'diff-verdict': 'failed', 'coverage-verdict': 'failed' });
    expect(ran.summary).toContain('## Contract coverage');
    expect(ran.summary).toMatch(/Contract diff[\s\S]*pwned[\s\S]*Contract coverage[\s\S]*pwned/);
    expectMarkdownSafe(ran.summary, 'the step summary');
    expect(ran.log).toMatch(/^::warning file=api\.json,/m);
    expectLogSafe(ran.log, 'the log', OWN);
  });

  it('keeps the contract input it names as text when it is not there', () => {
    const ran = step(project(), { contract: `api${SHORT}.yaml`, diff: 'false', coverage: 'x.json' });
    expect(ran.code).toBe(1);
    expect(ran.summary).toMatch(/^## ❌ chatbot-api-mock contract could not run/m);
    expectMarkdownSafe(ran.summary, 'the step summary');
    expectLogSafe(ran.log, 'the log', OWN);
  });
});

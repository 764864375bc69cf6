// Every shell command of the README and of the manual in docs/ is run here,
// against the built bin, or is listed with the test that covers it (or why it
// cannot run here), so that the docs cannot drift from what the program does.
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertHonoursContract } from '../src/contract/check.js';
import { contract } from './helpers/contract.js';
import { curlRequest, readmeCommands, words } from './helpers/readme.js';
import { assertBuilt, listening, run, stop } from './helpers/run.js';
import { KEYS_FILE, startTestServer, type TestServer } from './helpers/server.js';

const root = new URL('../', import.meta.url);
const PAGES = [
  'README.md',
  ...readdirSync(new URL('docs/', root), { recursive: true })
    .map((name) => `docs/${String(name)}`)
    .filter((name) => name.endsWith('.md')),
];
const TEXTS = PAGES.map((page) => readFileSync(new URL(page, root), 'utf8'));
/** Every command, named by its page and line. */
const COMMANDS = PAGES.flatMap((page, index) =>
  readmeCommands(TEXTS[index]!).map(({ text, line }) => ({ text, line: `${page}:${line}` })),
);

/** Commands not run here, each with where it is covered, or why it cannot run here. */
const ELSEWHERE: [RegExp, string][] = [
  [
    /^npm pack --workspaces --include-workspace-root$/,
    'test/helpers/packed.ts packs both packages so, for test/pack.test.ts',
  ],
  [
    /^npm install -D \.\/chatbot-api-mock-0\.1\.0\.tgz \.\/chatbot-api-mock-msw-0\.1\.0\.tgz$/,
    'test/pack.test.ts installs the packed tarballs into fresh projects so',
  ],
  [/^npm install$/, '.ci/run installs with npm ci'],
  [/^npm test$/, 'this file is part of it'],
  [
    /^docker /,
    'no Docker daemon where the tests run: .ci/run builds the Dockerfile with buildah and runs the image ' +
      '(tools/image.sh), and test/dockerfile.test.ts reads it',
  ],
  [/db\.internal/, 'needs your PostgreSQL; test/robustness/replicas.test.ts runs two replicas on a local one'],
  [
    /\$STAGING_URL|staging\.example\.com/,
    "needs your deployment; test/pack.test.ts runs docs/backend.md's CI block as written against a local server",
  ],
  [
    /\$BACKEND_URL|^proxy=\$!$|test:e2e|^kill -INT \$proxy|:4012\/__admin\/violations/,
    "needs your backend and end-to-end suite; test/pack.test.ts runs docs/backend.md's CI block as written, with " +
      'a local server and a suite of its own',
  ],
  [/\[--port 4012\]|^chatbot-api-mock diff \[BASE\]|^\[--rules FILE\]/, 'a synopsis, not a command'],
  [
    /^npx chatbot-api-mock diff( --base main --format markdown| old\.yaml openapi\.yaml --format json)?$/,
    'test/diff-cli.test.ts runs diff with no base (the merge base with main), with --base and two files, in each ' +
      '--format, in a scratch git repository',
  ],
  [
    /^chatbot-api-mock (serve|verify) --contract branch\/openapi\.yaml /,
    'test/contract-option.test.ts runs serve --contract and verify --contract of the same edited file',
  ],
  [
    /^curl -s (-X (PATCH|DELETE) )?http:\/\/127\.0\.0\.1:4010\/api\/chatbots\/\$ID |^npx \S+ diff openapi\.before/,
    'test/reviewers-recipe.test.ts runs the recipe against the contract it edits',
  ],
  [
    /^npx chatbot-api-mock verify --base-url http:\/\/127\.0\.0\.1:4010\/api /,
    'test/verify-cli.test.ts runs verify with these flags against a local server',
  ],
  [
    /^npx chatbot-api-mock coverage reports\/coverage --fail-under operations=100$/,
    "test/pack.test.ts runs docs/ci.md's vitest recipe and this gate in a project that installed the tarballs",
  ],
  [
    /^npx chatbot-api-mock coverage reports\/coverage --fail-under operations=100,answers=60 --report /,
    'test/coverage.test.ts runs it as written on the journal of a server',
  ],
  [/^source <\(npx chatbot-api-mock completion bash\)/, 'test/cli.test.ts sources the script completion prints'],
];
const SERVER = /^(npx chatbot-api-mock (serve|mock)|npm start|npm run mock)\b/;
const CURL = /^curl /;

const elsewhere = (text: string) => ELSEWHERE.find(([pattern]) => pattern.test(text));

/** A documented command that starts a server, as arguments of the built bin, on a free port. */
function binArgs(text: string): string[] {
  const [, rest = ''] = /^(?:npx chatbot-api-mock (?:serve|mock)|npm start|npm run mock)(?: --)?(.*)$/.exec(text)!;
  const args = words(rest);
  const port = args.indexOf('--port');
  if (port >= 0) args.splice(port, 2);
  return [/^(npm run mock|npx chatbot-api-mock mock)/.test(text) ? 'mock' : 'serve', ...args, '--port', '0'];
}

describe('the shell commands of the README and of docs/', () => {
  it('are each run here or listed with what covers them', () => {
    const unaccounted = COMMANDS.filter(({ text }) => !SERVER.test(text) && !CURL.test(text) && !elsewhere(text));
    expect(unaccounted.map(({ text, line }) => `${line}: ${text}`)).toEqual([]);
    // And nothing listed here that the docs no longer hold.
    for (const [pattern] of ELSEWHERE)
      expect(
        COMMANDS.some(({ text }) => pattern.test(text)),
        String(pattern),
      ).toBe(true);
  });

  describe('that start a server or the mock', () => {
    let dir = '';
    beforeAll(() => {
      assertBuilt();
      dir = mkdtempSync(join(tmpdir(), 'readme-'));
      // The files the commands name: the docs' own seed example, a keys file, and a contract file.
      const seed = TEXTS.map(
        (text) => /npm start -- --seed seed\.json\n```\n\n```json\n([\s\S]*?)```/.exec(text)?.[1],
      ).find(Boolean);
      writeFileSync(join(dir, 'seed.json'), seed ?? '');
      copyFileSync(KEYS_FILE, join(dir, 'keys.json'));
      // The branch's contract, for the reviewers' --contract openapi.yaml.
      copyFileSync(new URL('openapi.yaml', root), join(dir, 'openapi.yaml'));
    });

    it.each(COMMANDS.filter(({ text }) => SERVER.test(text) && !elsewhere(text)).map(({ text, line }) => [line, text]))(
      '%s: %s',
      async (_line, text) => {
        const started = run(binArgs(text), {}, dir);
        const url = await listening(started, 20_000);
        expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api$/);
        const code = await stop(started);
        expect(code, `signal ${started.child.signalCode}\n${started.stdout()}\n${started.stderr()}`).toBe(0);
      },
      60_000,
    );
  });

  describe('that call the server', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer();
    });
    afterAll(() => server.close());

    it.each(COMMANDS.filter(({ text }) => CURL.test(text) && !elsewhere(text)).map(({ text, line }) => [line, text]))(
      '%s: %s',
      async (_line, text) => {
        const origin = new URL(server.server.url).origin;
        const { method, url, headers, body } = curlRequest(text.replace('http://127.0.0.1:4010', origin));
        const answer = fetch(url, { method, headers, ...(body === undefined ? {} : { body }) });
        if (headers.prefer === 'fault=reset') return void (await expect(answer).rejects.toThrow());
        const response = await answer;
        const wanted = headers.prefer === 'code=500' ? 500 : undefined;
        if (wanted) expect(response.status).toBe(wanted);
        else expect(response.status, await response.clone().text()).toBeLessThan(400);
        const path = new URL(url).pathname;
        if (path.startsWith(contract.basePath)) {
          assertHonoursContract(contract, {
            method,
            path: path.slice(contract.basePath.length),
            status: response.status,
            headers: response.headers,
            text: await response.text(),
          });
        }
      },
    );
  });
});

// The packed packages, installed into fresh projects as users install them:
// the command line and library (its commands through npx and its bin, ESM and
// require, its types with skipLibCheck off) beside msw 3, and the MSW package
// alone beside msw 2 and msw 3, as a frontend team installs it. `.ci/run` runs
// this file again with Node 24 (NODE_UNDER_TEST).
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { fileURLToPath } from 'node:url';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { STAMP, staleInput } from '../tools/build-if-stale.mjs';
import { freePort } from './helpers/freePort.js';
import { assertBuilt } from './helpers/run.js';
import { exec, installInto, NODE, npm, NPM_BIN, npx, packTarballs, spawnNpx } from './helpers/packed.js';
import { runAction, runJob } from './helpers/workflow.js';
import { KEYS, TestClient } from './helpers/server.js';
import { until } from './helpers/until.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
let app = '';
let bin = '';
const mswOnly: Record<string, string> = {};
beforeAll(async () => {
  assertBuilt();
  const { dir, cli, msw } = await packTarballs();
  [app, mswOnly['2'], mswOnly['3']] = await Promise.all([
    installInto(dir, 'cli', [cli, msw, 'typescript@~5.9', '@types/node@^22', 'msw@^3']),
    installInto(dir, 'msw2', [msw, 'msw@^2.7']),
    installInto(dir, 'msw3', [msw, 'msw@^3']),
  ]);
  bin = join(app, 'node_modules', 'chatbot-api-mock', 'dist', 'bin.cjs');
}, 600_000);

/** docs/ci.md's vitest recipe in a project of its own below the consumer's: its setup file and config as written,
 * and a team's handlers and two test files that each exercise one operation. */
function vitestRecipe(page: string): string {
  const block = (first: string) => new RegExp(`\`\`\`ts\n(// ${first}[\\s\\S]*?)\`\`\``).exec(page)![1]!;
  const project = mkdtempSync(join(app, 'vitest-recipe-'));
  // This repository's vitest, as the consumer's own.
  if (!existsSync(join(app, 'node_modules', 'vitest'))) {
    symlinkSync(join(ROOT, 'node_modules', 'vitest'), join(app, 'node_modules', 'vitest'));
    symlinkSync('../vitest/vitest.mjs', join(app, 'node_modules', '.bin', 'vitest'));
  }
  writeFileSync(join(project, 'coverage.setup.ts'), block('coverage\\.setup\\.ts'));
  writeFileSync(join(project, 'vitest.config.ts'), block('vitest\\.config\\.ts'));
  writeFileSync(
    join(project, 'mock.ts'),
    "import { createMswHandlers } from 'chatbot-api-mock/msw';\n" +
      "export const mock = createMswHandlers({ baseUrl: 'https://app.example.test/api' });\n",
  );
  const testFile = (method: string, expected: number) =>
    [
      "import { setupServer } from 'msw/node';",
      "import { expect, it } from 'vitest';",
      "import { mock } from './mock.js';",
      'const server = setupServer(...mock.handlers);',
      `it('${method}', async () => {`,
      '  server.listen();',
      "  const answer = await fetch('https://app.example.test/api/chatbots', {",
      `    method: '${method}',`,
      `    headers: { authorization: 'Bearer ${KEYS.acmeWeb}', 'content-type': 'application/json' },`,
      `    ${method === 'POST' ? 'body: \'{"name":"recipe"}\',' : ''}`,
      '  });',
      `  expect(answer.status).toBe(${expected});`,
      '  server.close();',
      '});',
    ].join('\n');
  writeFileSync(join(project, 'create.test.ts'), testFile('POST', 201));
  writeFileSync(join(project, 'list.test.ts'), testFile('GET', 200));
  return project;
}

/** The runner's tools on PATH: its Node (the one under test), npm and npx. */
function runnerBin(): string {
  const dir = mkdtempSync(join(tmpdir(), 'runner-bin-'));
  symlinkSync(NODE, join(dir, 'node'));
  for (const tool of ['npm', 'npx'])
    writeFileSync(join(dir, tool), `#!/bin/sh\nexec "${NODE}" "${join(NPM_BIN, `${tool}-cli.js`)}" "$@"\n`, {
      mode: 0o755,
    });
  return dir;
}

const started: { kill(): void }[] = [];
/** What the servers printed, for the message of a failing test. */
let printed = '';
afterEach(() => {
  for (const child of started.splice(0)) child.kill();
});

/** Starts the installed bin, and resolves with the base URL of its ready line. */
function start(args: string[], env: Record<string, string> = {}): Promise<string> {
  const child = spawn(NODE, [bin, ...args], { cwd: app, env: { ...process.env, ...env }, stdio: 'pipe' });
  started.push(child);
  let out = '';
  let err = '';
  child.stderr.on('data', (chunk: Buffer) => {
    err += chunk.toString();
    printed += chunk.toString();
  });
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      printed += chunk.toString();
      const url = /listening on (http:\/\/\S+\/api)$/m.exec(out)?.[1];
      if (url) resolve(url);
    });
    child.on('exit', (code, signal) =>
      reject(new Error(`exited ${code ?? signal} before it listened:\n${out}\n${err}`)),
    );
  });
}

describe(`the packed package on Node ${process.env.NODE_UNDER_TEST ? 'under test' : process.version}`, () => {
  it('ships runtime code, the contract and the types, and no source maps, tools or prepare script', () => {
    const root = join(app, 'node_modules', 'chatbot-api-mock');
    const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: object };
    expect(manifest.scripts).not.toHaveProperty('prepare');
    expect(existsSync(join(app, 'node_modules', '@chatbot-api-mock', 'msw', 'README.md'))).toBe(true);
    expect(existsSync(join(root, 'openapi.yaml'))).toBe(true);
    expect(existsSync(join(root, 'LICENSE'))).toBe(true);
    expect(existsSync(join(root, 'generated', 'openapi.d.ts'))).toBe(true);
    expect(existsSync(join(root, 'dist', 'msw.js'))).toBe(true);
    const files = readdirSync(join(root, 'dist'), { recursive: true }).map(String);
    expect(files.filter((file) => file.endsWith('.map') || /bench|review/.test(file))).toEqual([]);
  });

  it('packs both packages as the README says with no build of its own when dist/ is fresh', async () => {
    // A fresh build is this file's premise (npm test builds first); a stale one would be built here, once.
    expect(staleInput(ROOT)).toBeUndefined();
    const stamp = statSync(join(ROOT, STAMP)).mtimeMs;
    const packed = await npm(['pack', '--dry-run', '--json', '--workspaces', '--include-workspace-root'], ROOT);
    expect(packed.code, packed.stderr).toBe(0);
    expect(statSync(join(ROOT, STAMP)).mtimeMs).toBe(stamp);
    const contents = JSON.parse(packed.stdout) as { name: string; files: { path: string }[] }[];
    const msw = contents.find((entry) => entry.name === '@chatbot-api-mock/msw');
    expect(msw?.files.map((file) => file.path)).toContain('README.md');
    expect(readFileSync(join(ROOT, '.gitignore'), 'utf8').split('\n')).toContain('*.tgz');
  });

  it("refuses a Node older than 22.13 in the Node's own words, before any command runs", async () => {
    // The machine's own Node 20, as a user whose PATH finds it runs the installed bin.
    const old = await exec('/usr/bin/node', [bin, 'serve', '--data-file', join(app, 'old-node.sqlite')], { cwd: app });
    expect(old.code).toBe(1);
    expect(old.stderr).toMatch(
      /^chatbot-api-mock: error: it needs Node\.js 22\.13 or later \(22 or 24 LTS\), and this is v20\./,
    );
    expect(old.stderr).not.toMatch(/node:sqlite/);
  });

  it('answers --help through npx, listing every command', async () => {
    const help = await npx(['--no-install', 'chatbot-api-mock', '--help'], app);
    expect(help.code).toBe(0);
    for (const command of ['serve', 'mock', 'verify', 'proxy', 'diff'])
      expect(help.stdout).toMatch(new RegExp(`^  ${command}\\b`, 'm'));
  });

  it('serves with a SQLite file, and passes verify', async () => {
    const url = await start([
      'serve',
      '--port',
      '0',
      '--data-file',
      join(mkdtempSync(join(tmpdir(), 'packed-data-')), 'state.db'),
    ]);
    const client = new TestClient(url);
    expect((await client.create(KEYS.acmeWeb, { name: 'From the tarball' })).status).toBe(201);
    const verified = await exec(
      NODE,
      [bin, 'verify', '--base-url', url, '--key', KEYS.acmeWeb, '--max-examples', '10', '--seed', '1'],
      { cwd: app },
    );
    expect(verified.stdout, printed.slice(-3000)).toMatch(/✓ passed: 0 failures/);
    expect(verified.code).toBe(0);
  });

  it('diffs two contracts through npx, with what it needs installed beside it', async () => {
    const contract = readFileSync(join(app, 'node_modules', 'chatbot-api-mock', 'openapi.yaml'), 'utf8');
    writeFileSync(join(app, 'base.yaml'), contract);
    writeFileSync(join(app, 'head.yaml'), contract.replace('maxLength: 200', 'maxLength: 100'));
    const diff = await npx(
      ['--no-install', 'chatbot-api-mock', 'diff', 'base.yaml', 'head.yaml', '--format', 'json'],
      app,
    );
    expect(diff.code, diff.stderr).toBe(1);
    expect(JSON.parse(diff.stdout)).toMatchObject({
      changes: [{ rule: 'request-property-max-length-decreased', level: 'breaking' }],
    });
  });

  it('runs the Prism mock', async () => {
    const url = await start(['mock', '--port', '0']);
    expect((await new TestClient(url).list(KEYS.acmeWeb)).status).toBe(200);
  });

  it('starts again from its code cache (module.enableCompileCache)', async () => {
    const cache = mkdtempSync(join(tmpdir(), 'packed-cache-'));
    for (let run = 0; run < 2; run++) {
      const version = await exec(NODE, [bin, '--version'], { cwd: app, env: { NODE_COMPILE_CACHE: cache } });
      expect(version.code).toBe(0);
    }
    expect(readdirSync(cache, { recursive: true }).length).toBeGreaterThan(0);
  });

  it.each(['serve', 'mock', 'proxy'])(
    '%s started by `npx … &` stops when npx is killed, and the proxy writes its report',
    async (command) => {
      const port = await freePort();
      const upstream = command === 'proxy' ? await start(['serve', '--port', '0']) : undefined;
      const report = join(mkdtempSync(join(tmpdir(), 'npx-kill-')), 'proxy.json');
      const args = command === 'proxy' ? ['--upstream', upstream!, '--json', report] : [];
      const child = spawnNpx(['chatbot-api-mock', command, '--port', String(port), ...args], app);
      started.push(child);
      let output = '';
      for (const stream of [child.stdout, child.stderr])
        stream.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const url = `http://127.0.0.1:${port}/api/chatbots`;
      await until(
        async () =>
          await fetch(url).then(
            () => true,
            () => false,
          ),
        () => `it never listened:\n${output}`,
        20_000,
      );
      // What `kill $!` sends: npx forwards it to its shell, which dies and leaves the server to init.
      child.kill('SIGTERM');
      await until(
        async () =>
          await fetch(url).then(
            () => false,
            () => true,
          ),
        () => `it never stopped:\n${output}`,
        20_000,
      );
      if (command === 'proxy')
        await until(
          async () => existsSync(report),
          () => `it wrote no report:\n${output}`,
          20_000,
        );
    },
    60_000,
  );

  it('compiles nothing and holds no native addon', () => {
    const files = readdirSync(join(app, 'node_modules'), { recursive: true }).map(String);
    expect(files.filter((file) => file.endsWith('.node') || file.endsWith('binding.gyp'))).toEqual([]);
  });

  it('imports as ESM, requires as CommonJS, and serves MSW handlers in Node', async () => {
    const esm = await exec(
      NODE,
      [
        '--input-type=module',
        '-e',
        `
      import { runServe } from 'chatbot-api-mock';
      const server = await runServe({ port: 0 });
      const answer = await fetch(server.url + '/chatbots', { headers: { authorization: 'Bearer ${KEYS.acmeWeb}' } });
      console.log(answer.status);
      await server.close();`,
      ],
      { cwd: app },
    );
    expect(esm.stdout.trim()).toBe('200');
    const cjs = await exec(NODE, ['-e', "console.log(typeof require('chatbot-api-mock').runServe)"], { cwd: app });
    expect(cjs.stdout.trim()).toBe('function');
    const schema = "process.stdout.write(require('chatbot-api-mock/scenarios.schema.json').title)";
    expect((await exec(NODE, ['-e', schema], { cwd: app })).stdout).toBe('chatbot-api-mock scenarios');
    const msw = await exec(
      NODE,
      [
        '--input-type=module',
        '-e',
        `
      import { setupServer } from 'msw/node';
      import { createMswHandlers } from 'chatbot-api-mock/msw';
      const mock = createMswHandlers({ baseUrl: 'https://staging.example.com/api' });
      const server = setupServer(...mock.handlers);
      server.listen();
      const answer = await fetch('https://staging.example.com/api/chatbots', {
        method: 'POST',
        headers: { authorization: 'Bearer ${KEYS.acmeWeb}', 'content-type': 'application/json' },
        body: '{"name":"in MSW"}',
      });
      console.log(answer.status);
      server.close();`,
      ],
      { cwd: app },
    );
    expect(msw.stdout.trim()).toBe('201');
  });

  it("runs docs/ci.md's vitest recipe as written: each test file's journal, then the gate", async () => {
    const page = readFileSync(join(ROOT, 'docs', 'ci.md'), 'utf8');
    const project = vitestRecipe(page);
    const vitest = await exec(NODE, [join(ROOT, 'node_modules', 'vitest', 'vitest.mjs'), 'run', '--root', project], {
      cwd: project,
    });
    expect(vitest.stdout + vitest.stderr).toMatch(/Tests\s+2 passed/);
    expect(
      readdirSync(join(project, 'reports', 'coverage')).filter((name) => /^msw-.*\.json$/.test(name)),
    ).toHaveLength(2);
    const gate = /^npx (chatbot-api-mock coverage reports\/coverage --fail-under operations=100)$/m.exec(page)![1]!;
    const passed = await exec(NODE, [bin, ...gate.split(' ').slice(1)], { cwd: project });
    expect(passed.stdout).toMatch(/from msw: 2 requests/);
    expect(passed.stdout).toContain('Gate: passed');
    expect(passed.code).toBe(0);
    const missed = await exec(NODE, [bin, 'coverage', 'reports/coverage', '--fail-under', 'answers=100'], {
      cwd: project,
    });
    expect(missed.code).toBe(1);
    expect(missed.stdout).toContain('createChatbot: answer 409 application/problem+json');
    // Without isolation, one worker runs both files with one `mock`: still each request once.
    const shared = vitestRecipe(page);
    const vitestArgs = ['run', '--root', shared, '--no-isolate', '--maxWorkers', '1'];
    const once = await exec(NODE, [join(ROOT, 'node_modules', 'vitest', 'vitest.mjs'), ...vitestArgs], {
      cwd: shared,
    });
    expect(once.stdout + once.stderr).toMatch(/Tests\s+2 passed/);
    const merged = await exec(NODE, [bin, 'coverage', 'reports/coverage'], { cwd: shared });
    expect(merged.stdout).toMatch(/from msw: 2 requests/);
  });

  it("runs docs/backend.md's CI block as written, in a project that installed the package", async () => {
    const page = readFileSync(join(ROOT, 'docs', 'backend.md'), 'utf8');
    const block = /In any CI, in a project that installed the package[\s\S]*?```sh\n([\s\S]*?)```/.exec(page)![1]!;
    const project = mkdtempSync(join(tmpdir(), 'backend-ci-'));
    symlinkSync(join(app, 'node_modules'), join(project, 'node_modules'));
    // The team's own end-to-end suite: a create and a list through the proxy.
    writeFileSync(join(project, 'package.json'), JSON.stringify({ scripts: { 'test:e2e': 'node e2e.mjs' } }));
    writeFileSync(
      join(project, 'e2e.mjs'),
      `const headers = { authorization: 'Bearer ${KEYS.acmeWeb}', 'content-type': 'application/json' };
      const made = await fetch(process.env.API_URL + '/chatbots', { method: 'POST', headers, body: '{"name":"e2e"}' });
      const listed = await fetch(process.env.API_URL + '/chatbots', { headers });
      process.exit(made.status === 201 && listed.status === 200 ? 0 : 1);`,
    );
    const origin = new URL(await start(['serve', '--port', '0'])).origin;
    const port = String(await freePort());
    const ran = spawnSync('bash', ['-e', '-c', block.replaceAll('4012', port)], {
      cwd: project,
      encoding: 'utf8',
      timeout: 120_000,
      env: {
        PATH: `${runnerBin()}:/usr/bin:/bin`,
        HOME: process.env.HOME ?? tmpdir(),
        STAGING_URL: origin,
        BACKEND_URL: origin,
        KEY: KEYS.acmeWeb,
        KEY_OTHER_PROJECT: KEYS.acmeMobile,
        KEY_OTHER_ACCOUNT: KEYS.globex,
      },
    });
    expect(ran.status, ran.stdout + ran.stderr).toBe(0);
    expect(ran.stdout).toMatch(/proxy: 2 requests checked, 0 contract violations by the upstream/);
    for (const report of ['reports/contract.xml', 'reports/contract.html', 'reports/proxy.xml'])
      expect(existsSync(join(project, report)), report).toBe(true);
  });

  describe("docs/ci.md's workflows, run as a runner runs them, with the action the tarball holds", () => {
    const page = () => readFileSync(join(ROOT, 'docs', 'ci.md'), 'utf8');
    const workflow = (file: string) =>
      new RegExp(`\`\`\`yaml\n(# \\.github/workflows/${file}[\\s\\S]*?)\`\`\``).exec(page())![1]!;
    const runner = () => ({ PATH: `${runnerBin()}:/usr/bin:/bin`, HOME: process.env.HOME ?? tmpdir() });
    /** A checked-out project that ran `npm ci`: the consumer's node_modules. */
    const checkout = (dir: string) => {
      symlinkSync(join(app, 'node_modules'), join(dir, 'node_modules'));
      return dir;
    };
    const git = (cwd: string, ...args: string[]) =>
      execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd, stdio: 'pipe' });

    it('spec reviewers: annotations on the lines, the summary, SARIF, and a failed verdict', () => {
      const origin = mkdtempSync(join(tmpdir(), 'origin-'));
      git(origin, 'init', '-q', '-b', 'main');
      copyFileSync(join(ROOT, 'openapi.yaml'), join(origin, 'openapi.yaml'));
      git(origin, 'add', '.');
      git(origin, 'commit', '-q', '-m', 'the contract');
      const work = mkdtempSync(join(tmpdir(), 'work-'));
      git(work, 'clone', '-q', origin, '.');
      git(work, 'checkout', '-q', '-b', 'feature');
      const text = readFileSync(join(work, 'openapi.yaml'), 'utf8');
      writeFileSync(join(work, 'openapi.yaml'), text.replace(/(ChatbotName:\n(?:.*\n)*? {6}maxLength: )200/, '$1100'));
      git(work, 'commit', '-q', '-am', 'a shorter name');
      const run = runJob(workflow('contract-review\\.yml'), {
        cwd: checkout(work),
        env: runner(),
        github: { base_ref: 'main' },
      });
      expect(run.provided).toEqual([
        'actions/checkout@v4',
        'actions/setup-node@v4',
        'npm ci',
        'github/codeql-action/upload-sarif@v3',
      ]);
      const [step] = run.steps;
      expect(run.code, step?.stdout + (step?.stderr ?? '')).toBe(1);
      expect(step?.stdout).toMatch(
        /^::error file=openapi\.yaml,line=\d+,col=7,title=breaking%3A request-property-max-length-decreased::/m,
      );
      expect(step?.outputs).toMatchObject({
        verdict: 'failed',
        'diff-verdict': 'failed',
        'diff-breaking': '1',
        'verify-verdict': 'skipped',
        'coverage-verdict': 'skipped',
      });
      expect(run.summary).toContain('Contract diff: 1 breaking change, not acknowledged');
      expect((JSON.parse(readFileSync(join(work, 'contract-diff.sarif'), 'utf8')) as { version: string }).version).toBe(
        '2.1.0',
      );
    });

    it('backend teams: verify against the service the job started, its reports and its gate', async () => {
      const url = await start(['serve', '--port', '0']);
      const work = checkout(mkdtempSync(join(tmpdir(), 'work-')));
      const run = runJob(workflow('contract-verify\\.yml').replaceAll('127.0.0.1:4010', new URL(url).host), {
        cwd: work,
        env: runner(),
        secrets: { API_KEY: KEYS.acmeWeb, API_KEY_SAME_ACCOUNT: KEYS.acmeMobile, API_KEY_OTHER_ACCOUNT: KEYS.globex },
        replaced: { 'Start your service': 'true' },
      });
      const step = run.steps.find((entry) => entry.step === './node_modules/chatbot-api-mock');
      expect(run.code, (step?.stdout ?? '') + (step?.stderr ?? '')).toBe(0);
      expect(step?.outputs).toMatchObject({ verdict: 'passed', 'verify-verdict': 'passed', 'verify-failures': '0' });
      expect(run.summary).toContain('## ✅ Contract verification: passed');
      for (const file of ['verify.xml', 'verify.html', 'verify-journal.json'])
        expect(existsSync(join(work, 'chatbot-api-mock-reports', file)), file).toBe(true);
    });

    it('frontend teams: the suite writes its journals, and the gate reads them', () => {
      const project = checkout(vitestRecipe(page()));
      const run = runJob(workflow('contract-coverage\\.yml'), { cwd: project, env: runner() });
      const step = run.steps.find((entry) => entry.step === './node_modules/chatbot-api-mock');
      expect(run.code, run.steps.map((entry) => entry.stdout + entry.stderr).join('\n')).toBe(0);
      expect(step?.outputs).toMatchObject({ 'coverage-verdict': 'passed', 'coverage-operations': '100' });
      expect(run.summary).toContain('**Gate: passed**');
    });

    it('says which Node it needs, on a runner whose Node is older', () => {
      const old = mkdtempSync(join(tmpdir(), 'old-node-'));
      symlinkSync('/usr/bin/node', join(old, 'node'));
      const ran = runAction(
        join(app, 'node_modules', 'chatbot-api-mock'),
        { diff: 'false' },
        app,
        { PATH: `${old}:/usr/bin:/bin` },
        {
          secrets: {},
          github: {},
        },
      );
      expect(ran.code).toBe(1);
      expect(ran.stdout).toMatch(
        /^::error title=chatbot-api-mock::it needs Node 22\.13 or later .* add actions\/setup-node/m,
      );
    });
  });

  it('type-checks a consumer with skipLibCheck off, overrides typed from the contract in both packages', async () => {
    writeFileSync(
      join(app, 'consumer.ts'),
      `
      import { createAdminClient, createMiddleware, runVerify } from 'chatbot-api-mock';
      import { runMock, runProxy, runServe } from 'chatbot-api-mock';
      import type { Chatbot, VerifyReport } from 'chatbot-api-mock';
      import { createMswHandlers } from 'chatbot-api-mock/msw';
      import { createMswHandlers as createMsw, type Problem as MswProblem } from '@chatbot-api-mock/msw';
      const server = await runServe({ port: 0 });
      const report: VerifyReport = await runVerify({ baseUrl: server.url, key: 'sk_live_acme_web_0001' });
      const first: Chatbot | undefined = undefined;
      const tenant = await createAdminClient(server.url).createTenant();
      console.log(report.passed, first, tenant.api_key, createMiddleware, runMock, runProxy, createMswHandlers);
      await server.close();
      const mock = createMsw({ baseUrl: '/api' });
      const outage: MswProblem = { type: 'about:blank', title: 'Service Unavailable', status: 503, detail: 'Down.' };
      mock.override('createChatbot', { status: 503, body: outage }).remove();
      // @ts-expect-error -- 418 is not a status createChatbot documents
      mock.override('createChatbot', { status: 418 });
      // @ts-expect-error -- nor for the admin client
      await createAdminClient(server.url).setOverride({ operationId: 'listChatbots', status: 418 });
    `,
    );
    writeFileSync(
      join(app, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          strict: true,
          skipLibCheck: false,
          noEmit: true,
          types: ['node'],
        },
        files: ['consumer.ts'],
      }),
    );
    const checked = await exec(NODE, [join(app, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.json'], {
      cwd: app,
    });
    expect(checked.stdout + checked.stderr).toBe('');
    expect(checked.code).toBe(0);
  });
});

describe.each(['2', '3'])(
  `@chatbot-api-mock/msw alone, beside msw %s, on Node ${process.env.NODE_UNDER_TEST ? 'under test' : process.version}`,
  (major) => {
    it('pulls in nothing: no dependency, no install script, no native addon, and less than 10 MB', () => {
      const root = join(mswOnly[major]!, 'node_modules', '@chatbot-api-mock', 'msw');
      const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Record<string, unknown>;
      // No install script: its one script builds it from this repository before a pack.
      expect([manifest.dependencies, manifest.scripts]).toEqual([
        undefined,
        { prepack: 'npm --prefix ../.. run -s build:if-stale' },
      ]);
      const files = readdirSync(root, { recursive: true }).map((file) => join(root, String(file)));
      expect(files.filter((file) => file.endsWith('.node'))).toEqual([]);
      const bytes = files.reduce((sum, file) => sum + (statSync(file).isFile() ? statSync(file).size : 0), 0);
      expect(bytes).toBeLessThan(10 * 1024 * 1024);
      const installed = JSON.parse(
        readFileSync(join(mswOnly[major]!, 'node_modules', 'msw', 'package.json'), 'utf8'),
      ) as { version: string };
      expect(installed.version.split('.')[0]).toBe(major);
    });

    it('runs the vitest snippet of docs/frontend.md as written, in a default vitest set-up', async () => {
      const snippet = /```ts\n(\/\/ vitest[^\n]*\n[\s\S]*?)```/.exec(
        readFileSync(join(ROOT, 'docs', 'frontend.md'), 'utf8'),
      )![1]!;
      writeFileSync(join(mswOnly[major]!, 'snippet.test.ts'), snippet);
      // This repository's vitest, as the consumer's own: no config file, so no globals.
      if (!existsSync(join(mswOnly[major]!, 'node_modules', 'vitest')))
        symlinkSync(join(ROOT, 'node_modules', 'vitest'), join(mswOnly[major]!, 'node_modules', 'vitest'));
      const run = await exec(
        NODE,
        [join(ROOT, 'node_modules', 'vitest', 'vitest.mjs'), 'run', '--root', mswOnly[major]!],
        { cwd: mswOnly[major]! },
      );
      expect(run.stdout + run.stderr).toMatch(/Tests\s+2 passed/);
      expect(run.code).toBe(0);
    });

    it('answers through setupServer as the server does: a create, its list, and a refused key', async () => {
      const run = await exec(
        NODE,
        [
          '--input-type=module',
          '-e',
          `
      import { setupServer } from 'msw/node';
      import { createMswHandlers } from '@chatbot-api-mock/msw';
      const mock = createMswHandlers({ baseUrl: 'https://staging.example.com/api' });
      const server = setupServer(...mock.handlers);
      server.listen();
      const call = (key, init = {}) => fetch('https://staging.example.com/api/chatbots', {
        ...init,
        headers: { authorization: 'Bearer ' + key, 'content-type': 'application/json' },
      });
      const created = await call('${KEYS.acmeWeb}', { method: 'POST', body: '{"name":"in MSW ${major}"}' });
      const listed = await (await call('${KEYS.acmeMobile}')).json();
      const refused = await call('sk_live_nobody');
      const names = listed.data.map((chatbot) => chatbot.name);
      console.log(JSON.stringify([created.status, names, refused.status, refused.headers.get('content-type')]));
      server.close();`,
        ],
        { cwd: mswOnly[major] },
      );
      expect(run.stderr).toBe('');
      expect(JSON.parse(run.stdout)).toEqual([
        201,
        [`in MSW ${major}`],
        401,
        'application/problem+json; charset=utf-8',
      ]);
    });
  },
);

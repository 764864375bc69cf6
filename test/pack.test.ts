// The packed package, installed into a fresh project as a user installs it:
// its commands (through npx and its bin), its library (ESM and require), its
// MSW entry, and its types with skipLibCheck off. `.ci/run` runs this file
// again with Node 22 and Node 24 (NODE_UNDER_TEST).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt } from './helpers/run.js';
import { exec, installPacked, NODE, npx } from './helpers/packed.js';
import { KEYS, TestClient } from './helpers/server.js';

let app = '';
let bin = '';
beforeAll(async () => {
  assertBuilt();
  app = await installPacked();
  bin = join(app, 'node_modules', 'chatbot-api-mock', 'dist', 'bin.cjs');
}, 600_000);

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
    child.on('exit', (code, signal) => reject(new Error(`exited ${code ?? signal} before it listened:\n${out}\n${err}`)));
  });
}

describe(`the packed package on Node ${process.env.NODE_UNDER_TEST ? 'under test' : process.version}`, () => {
  it('ships runtime code, the contract and the types, and no source maps or tools', () => {
    const root = join(app, 'node_modules', 'chatbot-api-mock');
    expect(existsSync(join(root, 'openapi.yaml'))).toBe(true);
    expect(existsSync(join(root, 'LICENSE'))).toBe(true);
    expect(existsSync(join(root, 'generated', 'openapi.d.ts'))).toBe(true);
    expect(existsSync(join(root, 'dist', 'msw.browser.js'))).toBe(true);
    const files = readdirSync(join(root, 'dist'), { recursive: true }).map(String);
    expect(files.filter((file) => file.endsWith('.map') || /bench|review/.test(file))).toEqual([]);
  });

  it('answers --help through npx, listing every command', async () => {
    const help = await npx(['--no-install', 'chatbot-api-mock', '--help'], app);
    expect(help.code).toBe(0);
    for (const command of ['serve', 'mock', 'verify', 'proxy']) expect(help.stdout).toMatch(new RegExp(`^  ${command}\\b`, 'm'));
  });

  it('serves with a SQLite file, and passes verify', async () => {
    const url = await start(['serve', '--port', '0', '--data-file', join(mkdtempSync(join(tmpdir(), 'packed-data-')), 'state.db')]);
    const client = new TestClient(url);
    expect((await client.create(KEYS.acmeWeb, { name: 'From the tarball' })).status).toBe(201);
    const verified = await exec(NODE, [bin, 'verify', '--base-url', url, '--key', KEYS.acmeWeb, '--max-examples', '10', '--seed', '1'], { cwd: app });
    expect(verified.stdout, printed.slice(-3000)).toMatch(/✓ passed: 0 failures/);
    expect(verified.code).toBe(0);
  });

  it('runs the Prism mock', async () => {
    const url = await start(['mock', '--port', '0']);
    expect((await new TestClient(url).list(KEYS.acmeWeb)).status).toBe(200);
  });

  it('starts again from its code cache (Node 22+: module.enableCompileCache)', async () => {
    const cache = mkdtempSync(join(tmpdir(), 'packed-cache-'));
    for (let run = 0; run < 2; run++) {
      const version = await exec(NODE, [bin, '--version'], { cwd: app, env: { NODE_COMPILE_CACHE: cache } });
      expect(version.code).toBe(0);
    }
    const builtIn = Number(process.versions.node.split('.')[0]) >= 22 || Boolean(process.env.NODE_UNDER_TEST);
    if (builtIn) expect(readdirSync(cache, { recursive: true }).length).toBeGreaterThan(0);
  });

  it('imports as ESM, requires as CommonJS, and serves MSW handlers in Node', async () => {
    const esm = await exec(NODE, ['--input-type=module', '-e', `
      import { startServer } from 'chatbot-api-mock';
      const server = await startServer({ port: 0 });
      const answer = await fetch(server.url + '/chatbots', { headers: { authorization: 'Bearer ${KEYS.acmeWeb}' } });
      console.log(answer.status);
      await server.close();`], { cwd: app });
    expect(esm.stdout.trim()).toBe('200');
    const cjs = await exec(NODE, ['-e', "console.log(typeof require('chatbot-api-mock').startServer)"], { cwd: app });
    expect(cjs.stdout.trim()).toBe('function');
    const msw = await exec(NODE, ['--input-type=module', '-e', `
      import { setupServer } from 'msw/node';
      import { createMswHandlers } from 'chatbot-api-mock/msw';
      const mock = createMswHandlers({ baseUrl: 'https://staging.example.com/api' });
      const server = setupServer(...mock.handlers);
      server.listen();
      const answer = await fetch('https://staging.example.com/api/chatbots', { method: 'POST', headers: { authorization: 'Bearer ${KEYS.acmeWeb}', 'content-type': 'application/json' }, body: '{"name":"in MSW"}' });
      console.log(answer.status);
      server.close();`], { cwd: app });
    expect(msw.stdout.trim()).toBe('201');
  });

  it('type-checks a consumer with skipLibCheck off', async () => {
    writeFileSync(join(app, 'consumer.ts'), `
      import { createMiddleware, runVerification, startMock, startProxy, startServer, type Chatbot, type VerifyReport } from 'chatbot-api-mock';
      import { createMswHandlers } from 'chatbot-api-mock/msw';
      const server = await startServer({ port: 0 });
      const report: VerifyReport = await runVerification({ baseUrl: server.url, key: 'sk_live_acme_web_0001' });
      const first: Chatbot | undefined = undefined;
      console.log(report.passed, first, createMiddleware, startMock, startProxy, createMswHandlers);
      await server.close();
    `);
    writeFileSync(join(app, 'tsconfig.json'), JSON.stringify({
      compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, skipLibCheck: false, noEmit: true, types: ['node'] },
      files: ['consumer.ts'],
    }));
    const checked = await exec(NODE, [join(app, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.json'], { cwd: app });
    expect(checked.stdout + checked.stderr).toBe('');
    expect(checked.code).toBe(0);
  });
});

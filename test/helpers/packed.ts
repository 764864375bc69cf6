// The package as a user gets it: `npm pack`, then installed into a fresh
// project with the Node under test (NODE_UNDER_TEST, default this one), its
// native module built for that Node.
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const NODE = process.env.NODE_UNDER_TEST ?? process.execPath;
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
// npm's own scripts, run by the Node under test (so that node-gyp builds for it).
const NPM_BIN = process.env.npm_execpath ? dirname(process.env.npm_execpath) : '/usr/lib/node_modules/npm/bin';

export interface Result {
  code: number;
  stdout: string;
  stderr: string;
}

export function exec(file: string, args: string[], options: { cwd?: string; env?: Record<string, string>; timeoutMs?: number } = {}): Promise<Result> {
  return new Promise((resolve) => {
    execFile(file, args, { cwd: options.cwd, env: { ...process.env, ...options.env }, timeout: options.timeoutMs ?? 60_000, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) =>
      resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout: String(stdout), stderr: String(stderr) }),
    );
  });
}

export const npm = (args: string[], cwd: string, env: Record<string, string> = {}) => exec(NODE, [join(NPM_BIN, 'npm-cli.js'), ...args], { cwd, env, timeoutMs: 600_000 });
export const npx = (args: string[], cwd: string) => exec(NODE, [join(NPM_BIN, 'npx-cli.js'), ...args], { cwd });

/** Packs this checkout (already built) and installs it, with TypeScript and MSW, into a new project. */
export async function installPacked(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'packed-'));
  const packed = await npm(['pack', '--ignore-scripts', '--pack-destination', dir, '--silent'], ROOT);
  if (packed.code !== 0) throw new Error(`npm pack failed:\n${packed.stderr}`);
  const tarball = readdirSync(dir).find((name) => name.endsWith('.tgz'))!;
  const app = join(dir, 'app');
  await exec('mkdir', [app]);
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  // A Node from the registry carries its own headers: node-gyp builds against them.
  const nodedir: Record<string, string> = process.env.NODE_UNDER_TEST ? nodeGypSettings({ nodedir: join(dirname(NODE), '..') }) : {};
  // On this checkout's own Node, its native module is reused rather than built again (npm ci
  // just built it, and the runs on Node 22 and 24 build the tarball's own): a minute of CI saved.
  const sameNode = !process.env.NODE_UNDER_TEST;
  const install = ['install', '--no-audit', '--no-fund', ...(sameNode ? ['--ignore-scripts'] : []), join(dir, tarball), 'typescript@~5.9', '@types/node@^20', 'msw@^2'];
  const installed = await npm(install, app, { ...nodedir, ...nodeGypSettings({ jobs: 'max' }) });
  if (installed.code !== 0) throw new Error(`npm install of the tarball failed:\n${installed.stderr}`);
  if (sameNode) {
    const native = join('node_modules', 'better-sqlite3', 'build', 'Release');
    cpSync(join(ROOT, native), join(app, native), { recursive: true });
  }
  return app;
}

// node-gyp's own prefix: npm 11 warns of npm_config_ settings it does not know (nodedir, jobs),
// and a later npm will refuse them. The node-gyp of npm 10 reads only npm_config_.
function nodeGypSettings(settings: Record<string, string>): Record<string, string> {
  const npmMajor = Number(JSON.parse(readFileSync(join(NPM_BIN, '..', 'package.json'), 'utf8')).version.split('.')[0]);
  const prefix = npmMajor >= 11 ? 'npm_package_config_node_gyp_' : 'npm_config_';
  return Object.fromEntries(Object.entries(settings).map(([key, value]) => [prefix + key, value]));
}

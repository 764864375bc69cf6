// The package as a user gets it: `npm pack`, then installed into a fresh
// project with the Node under test (NODE_UNDER_TEST, default this one).
import { execFile, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const NODE = process.env.NODE_UNDER_TEST ?? process.execPath;
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
// npm's own scripts, run by the Node under test (so that node-gyp builds for it).
export const NPM_BIN = process.env.npm_execpath ? dirname(process.env.npm_execpath) : '/usr/lib/node_modules/npm/bin';

export interface Result {
  code: number;
  stdout: string;
  stderr: string;
}

export function exec(
  file: string,
  args: string[],
  options: { cwd?: string; env?: Record<string, string>; timeoutMs?: number } = {},
): Promise<Result> {
  return new Promise((resolve) => {
    execFile(
      file,
      args,
      {
        cwd: options.cwd,
        env: { ...process.env, ...options.env },
        timeout: options.timeoutMs ?? 60_000,
        maxBuffer: 64 * 1024 * 1024,
      },
      (error, stdout, stderr) =>
        resolve({
          code: error ? Number((error as { code?: number }).code ?? 1) : 0,
          stdout: String(stdout),
          stderr: String(stderr),
        }),
    );
  });
}

export const npm = (args: string[], cwd: string, env: Record<string, string> = {}) =>
  exec(NODE, [join(NPM_BIN, 'npm-cli.js'), ...args], { cwd, env, timeoutMs: 600_000 });
export const npx = (args: string[], cwd: string) => exec(NODE, [join(NPM_BIN, 'npx-cli.js'), ...args], { cwd });
/** npx running in the background, as `npx … &` starts it: the child is npx itself (npm, then sh, then the bin). */
export const spawnNpx = (args: string[], cwd: string) =>
  spawn(NODE, [join(NPM_BIN, 'npx-cli.js'), ...args], { cwd, stdio: 'pipe' });

/** The tarballs of this checkout's packages (already built): the command line and library, and the MSW handlers. */
export async function packTarballs(): Promise<{ dir: string; cli: string; msw: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'packed-'));
  const packed = await npm(
    ['pack', '--ignore-scripts', '--pack-destination', dir, '--silent', '--workspaces', '--include-workspace-root'],
    ROOT,
  );
  if (packed.code !== 0) throw new Error(`npm pack failed:\n${packed.stderr}`);
  const tarballs = readdirSync(dir).filter((name) => name.endsWith('.tgz'));
  const find = (prefix: string) =>
    join(
      dir,
      tarballs.find((name) => name.startsWith(prefix))!,
    );
  return { dir, cli: find('chatbot-api-mock-'), msw: find('chatbot-api-mock-msw-') };
}

/** A new project (npm init) in which `npm install` of these specs has run; its folder. */
export async function installInto(dir: string, name: string, specs: string[]): Promise<string> {
  const app = join(dir, name);
  mkdirSync(app);
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  const installed = await npm(['install', '--no-audit', '--no-fund', ...specs], app);
  if (installed.code !== 0) throw new Error(`npm install ${specs.join(' ')} failed:\n${installed.stderr}`);
  return app;
}

// Runs the compiled CLI in a child process, as users run it.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const BIN = fileURLToPath(new URL('../../dist/bin.cjs', import.meta.url));
const ENV_NAMES = ['PORT', 'HOST', 'KEYS_FILE', 'SEED_FILE', 'DATA_FILE', 'ADMIN_TOKEN', 'DELAY', 'FAULT_RATE', 'VALIDATE_RESPONSES'];

export interface Run {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exit: Promise<number | null>;
}

export function assertBuilt(): void {
  if (!existsSync(BIN)) throw new Error(`${BIN} is missing: run "npm run build" first (npm test does)`);
}

export function run(args: string[], env: Record<string, string> = {}, cwd?: string): Run {
  const inherited = { ...process.env };
  for (const name of ENV_NAMES) delete inherited[name];
  const child = spawn(process.execPath, [BIN, ...args], { env: { ...inherited, ...env }, stdio: 'pipe', cwd });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, stdout: () => stdout, stderr: () => stderr, exit };
}

/** The base URL the server printed, once it listens. */
export async function listening(started: Run, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const url = /listening on (http:\/\/\S+\/api)/.exec(started.stdout())?.[1];
    if (url) return url;
    if (started.child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`the server did not start:\n${started.stdout()}\n${started.stderr()}`);
}

export async function stop(started: Run): Promise<number | null> {
  if (started.child.exitCode === null) started.child.kill('SIGTERM');
  return started.exit;
}

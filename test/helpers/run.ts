// Runs the compiled CLI in a child process, as users run it.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach } from 'vitest';

export const BIN = fileURLToPath(new URL('../../dist/bin.cjs', import.meta.url));
const ENV_NAMES = [
  'PORT',
  'HOST',
  'KEYS_FILE',
  'SEED_FILE',
  'DATA_FILE',
  'DATABASE_URL',
  'ADMIN_TOKEN',
  'DELAY',
  'FAULT_RATE',
  'VALIDATE_RESPONSES',
  'QUIET',
  'MAX_CHATBOTS_PER_ACCOUNT',
  'MAX_RECORDS_PER_ACCOUNT',
  'MAX_RECORDS',
  'ALLOWED_HOSTS',
  'LOG_FORMAT',
  'CONTRACT_FILE',
  'WATCH',
  'MAX_CONTRACT_BYTES',
  'DYNAMIC',
  'MAX_RESPONSE_BYTES',
];

export interface Run {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exit: Promise<number | null>;
}

export function assertBuilt(): void {
  if (!existsSync(BIN)) throw new Error(`${BIN} is missing: run "npm run build" first (npm test does)`);
}

// Every process a test starts is stopped when that test ends, whatever its outcome; one a hook
// started (beforeAll) is stopped when its file ends, even when the hook failed and no test ran.
const running = new Set<Run>();
async function stopAll(): Promise<void> {
  const started = [...running];
  running.clear();
  await Promise.all(started.map(stop));
}
afterEach(stopAll);
afterAll(stopAll);

export function run(args: string[], env: Record<string, string> = {}, cwd?: string): Run {
  const inherited = { ...process.env };
  for (const name of ENV_NAMES) delete inherited[name];
  const child = spawn(process.execPath, [BIN, ...args], { env: { ...inherited, ...env }, stdio: 'pipe', cwd });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const started = { child, stdout: () => stdout, stderr: () => stderr, exit };
  running.add(started);
  return started;
}

/** Our own ready line, at the start of a line (`serve` names the API of a contract given to it): a forwarded
 * line (Prism's own "[prism] … listening on …", say) never matches it. */
const READY = /^(?:.+ reference server|Prism mock \([^)]*\)|Contract proxy) listening on (http:\/\/\S+)$/m;

/** The base URL the server printed in its ready line, once it listens. */
export async function listening(started: Run, timeoutMs = 30_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const url = READY.exec(started.stdout())?.[1];
    if (url) return url;
    if (started.child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`the server did not start:\n${started.stdout()}\n${started.stderr()}`);
}

/** SIGTERM, so that the command stops what it started too; SIGKILL if it has not exited within 5 s. */
export async function stop(started: Run): Promise<number | null> {
  if (started.child.exitCode !== null || started.child.signalCode !== null) return started.exit;
  started.child.kill('SIGTERM');
  const timer = setTimeout(() => started.child.kill('SIGKILL'), 5_000);
  try {
    return await started.exit;
  } finally {
    clearTimeout(timer);
  }
}

/** A mode started on a contract by its bin; its base URL, whatever the contract's base path, and how to stop it. */
export async function startedOn(mode: 'mock' | 'serve', file: string) {
  const server = run([mode, '--port', '0', '--quiet', '--contract', file]);
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const url = /listening on (http:\/\/\S+)$/m.exec(server.stdout())?.[1];
    if (url) return { url, stopServer: () => stop(server) };
    if (server.child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  await stop(server);
  throw new Error(`${mode} did not start:\n${server.stdout()}\n${server.stderr()}`);
}

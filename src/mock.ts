// Pure mocking through Stoplight Prism on the same contract. Prism serves paths
// without the /api prefix of `servers`, so it is handed a variant of openapi.yaml,
// made at start, whose paths carry the prefix: /api/chatbots on both servers.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { basePath, loadSpec, type Spec } from './spec.js';
import { baseUrl } from './url.js';

export interface MockOptions {
  /** Default 4011; 0 picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Generate data from the schemas instead of serving the static examples. */
  dynamic?: boolean;
  /** Where Prism's own log lines go (default: nowhere). */
  log?: (line: string) => void;
}

export interface RunningMock {
  /** The base URL, ending in /api. */
  url: string;
  close(): Promise<void>;
}

/** openapi.yaml with the base path of its first server moved into every path. */
export function prismVariant(spec: Spec = loadSpec()): Spec {
  const prefix = basePath(spec);
  const variant = structuredClone(spec);
  variant.paths = Object.fromEntries(Object.entries(spec.paths).map(([path, item]) => [prefix + path, item]));
  delete variant.servers;
  return variant;
}

export async function startMock(options: MockOptions = {}): Promise<RunningMock> {
  const { host = '127.0.0.1', dynamic = false, log = () => {} } = options;
  const port = options.port === 0 ? await freePort(host) : (options.port ?? 4011);
  const file = join(mkdtempSync(join(tmpdir(), 'chatbot-mock-')), 'openapi.prism.json');
  writeFileSync(file, JSON.stringify(prismVariant()));
  const args = [prismBin(), 'mock', file, '--port', String(port), '--host', host, ...(dynamic ? ['--dynamic'] : [])];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  await listening(child, log);
  return {
    url: baseUrl(host, port),
    close: () => stop(child),
  };
}

function prismBin(): string {
  const require = createRequire(import.meta.url);
  const manifest = require.resolve('@stoplight/prism-cli/package.json');
  const { bin } = require(manifest) as { bin: { prism: string } };
  return join(dirname(manifest), bin.prism);
}

function listening(child: ChildProcess, log: (line: string) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    // Prism writes lines for every request: once it is ready they are only
    // forwarded (the pipes must keep draining), never kept.
    let startup = '';
    let ready = false;
    const onExit = (code: number | null) => fail(new Error(`Prism exited with code ${code}:\n${startup.slice(-2000)}`));
    const timer = setTimeout(() => fail(new Error('Prism did not start within 30 s')), 30_000);
    const fail = (error: Error) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(error);
    };
    const onData = (chunk: Buffer) => {
      const text = chunk.toString();
      for (const line of text.split('\n')) if (line.trim()) log(line);
      if (ready) return;
      startup += text;
      if (startup.includes('Prism is listening on')) {
        ready = true;
        startup = '';
        clearTimeout(timer);
        child.off('exit', onExit);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', onExit);
  });
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** A port that is free on host now (for tools, like Prism, that cannot take port 0). */
export function freePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, host, () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

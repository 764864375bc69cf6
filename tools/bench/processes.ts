// The processes the benchmark starts and stops: each target in a process of its
// own, so that a server under load never shares an event loop with autocannon.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { HOST } from './config.js';
import { freePort } from './freePort.js';
import type { TargetKind } from './target.js';

export interface Running {
  /** Where GET and POST /chatbots are: the base URL (…/api), or an origin. */
  url: string;
  pid?: number;
  close(): Promise<void>;
}

export const script = (name: string) => fileURLToPath(new URL(name, import.meta.url));
export const BIN = fileURLToPath(new URL('../../../dist/bin.cjs', import.meta.url));

/**
 * CPU time a process has used, in microseconds (user and system, all its
 * threads), read from /proc; undefined where there is no /proc. Per request it
 * is the server's own cost, which a busy neighbour on the host disturbs much
 * less than it disturbs throughput.
 */
export function cpuMicros(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8')
      .replace(/^.*\) /s, '')
      .split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]); // utime, stime
    return (ticks * 1_000_000) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}
const CLOCK_TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** Stops a child we spawned, by its handle: SIGTERM, then SIGKILL if it lingers. */
export async function stopChild(child: ChildProcess, graceMs = 10_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

/** Starts tools/dist/bench/target.js (or another commit's, tools/bench/baseline.ts) and waits for its "ready <url>". */
export async function startTarget(kind: TargetKind, chatbots: number, file = script('./target.js')): Promise<Running> {
  const child = spawn(process.execPath, [file, kind, String(chatbots)], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const exited = once(child, 'exit').then(([code]) => {
    throw new Error(`target ${kind} exited with code ${code} before it was ready`);
  });
  const ready = (async () => {
    for await (const line of createInterface({ input: child.stdout })) {
      if (line.startsWith('ready ')) return line.slice('ready '.length);
    }
    throw new Error(`target ${kind} closed its output before it was ready`);
  })();
  try {
    const url = await Promise.race([ready, exited]);
    return { url, pid: child.pid, close: () => stopChild(child) };
  } catch (error) {
    await stopChild(child);
    throw error;
  }
}

/**
 * Starts another program's server (json-server, Prism's CLI) by its binary, on a
 * free port, and waits until `probe` answers 200 there.
 */
export async function startProgram(
  args: (port: number) => string[],
  base: (port: number) => string,
  probe: RequestInit = {},
): Promise<Running> {
  const port = await freePort(HOST);
  const child = spawn(process.execPath, args(port), { stdio: 'ignore' });
  const url = base(port);
  const deadline = performance.now() + 60_000;
  while (performance.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${args(port).join(' ')} exited with code ${child.exitCode}`);
    const answered = await fetch(`${url}/chatbots`, { ...probe, signal: AbortSignal.timeout(2_000) }).then(
      async (response) => (await response.arrayBuffer(), response.ok),
      () => false,
    );
    if (answered) return { url, pid: child.pid, close: () => stopChild(child) };
    await sleep(50);
  }
  await stopChild(child);
  throw new Error(`${args(port).join(' ')} gave no 200 within 60 s`);
}

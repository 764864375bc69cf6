// BENCH_ONLY=hostile: what a contract drives `serve` to compute, at its worst. Each contract is served by the bin;
// three clients send its hostile request one after another while a victim lists the chatbots, and SIGTERM is sent
// while they still do: the hostile requests' time, the victim's latency, and how long the server takes to end. A
// contract whose load composes (a required header, the banner's create body) is timed from its start to its ready
// line, or to its refusal. BENCH_HOSTILE_BIN runs another build's bin (the commit before the bounds, say).
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { HOST, KEY, config } from './config.js';
import { REQUESTS, STARTS } from './hostileComputationContracts.js';
import { fmt, table } from './markdown.js';
import { BIN } from './processes.js';
import { quantile } from './quantile.js';

const PHASE_MS = config.quick ? 2_000 : 5_000;
const ATTACKERS = 3;
/** Past this, a request (or a start) is given up, and the server killed. */
const GIVE_UP_MS = 20_000;
const KEYED = { authorization: `Bearer ${KEY}` };

interface Attack {
  kind: string;
  hostile: number[];
  statuses: string;
  victim: number[];
  sigtermMs: number;
}
interface Start {
  kind: string;
  ms: number;
  outcome: string;
  sigtermMs?: number;
}

/** `serve` on a contract, started by the bin; its ready line's URL once it prints one, else its exit. */
async function serve(
  file: string,
): Promise<{ child: ChildProcess; ready: Promise<string | number | null>; stderr: () => string }> {
  const bin = process.env.BENCH_HOSTILE_BIN ?? BIN;
  const child = spawn(process.execPath, [bin, 'serve', '--contract', file, '--port', '0', '--host', HOST, '--quiet']);
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const ready = new Promise<string | number | null>((resolve) => {
    child.stdout.on('data', () => {
      const url = /listening on (http:\/\/\S+\/api)/.exec(stdout)?.[1];
      if (url) resolve(url);
    });
    child.on('exit', (code) => resolve(code));
  });
  return { child, ready, stderr: () => stderr.trim() };
}

/** SIGTERM, and the time until the process ends (SIGKILL past GIVE_UP_MS, the time then counted). */
async function terminate(child: ChildProcess): Promise<number> {
  if (child.exitCode !== null || child.signalCode !== null) return 0;
  const sent = performance.now();
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), GIVE_UP_MS);
  await exited;
  clearTimeout(timer);
  return performance.now() - sent;
}

/** Requests one after another until `stop()`: their latencies and statuses ('timeout' past GIVE_UP_MS). */
async function loop(url: string, stop: () => boolean, times: number[], statuses: string[]): Promise<void> {
  while (!stop()) {
    const sent = performance.now();
    const status = await fetch(url, { headers: KEYED, signal: AbortSignal.timeout(GIVE_UP_MS) }).then(
      async (response) => (await response.arrayBuffer(), String(response.status)),
      (error: Error) => (error.name === 'TimeoutError' ? 'timeout' : 'refused'),
    );
    times.push(performance.now() - sent);
    statuses.push(status);
    if (status === 'refused') return;
  }
}

async function attack(kind: string, file: string, path: string): Promise<Attack> {
  const { child, ready, stderr } = await serve(file);
  try {
    const url = await ready;
    if (typeof url !== 'string') throw new Error(`${kind}: serve exited with ${String(url)}: ${stderr()}`);
    let over = false;
    const hostile: number[] = [];
    const statuses: string[] = [];
    const attackers = Array.from({ length: ATTACKERS }, () => loop(`${url}${path}`, () => over, hostile, statuses));
    const victim: number[] = [];
    const victims = loop(`${url}/chatbots`, () => over, victim, []);
    await new Promise((resolve) => setTimeout(resolve, PHASE_MS));
    // SIGTERM while the hostile requests still come.
    const sigtermMs = await terminate(child);
    over = true;
    await Promise.all([...attackers, victims]);
    const counted = [...new Set(statuses)].map((status) => `${statuses.filter((s) => s === status).length}× ${status}`);
    return { kind, hostile, statuses: counted.join(', '), victim, sigtermMs };
  } finally {
    await terminate(child);
  }
}

async function start(kind: string, file: string): Promise<Start> {
  const started = performance.now();
  const { child, ready, stderr } = await serve(file);
  const timer = setTimeout(() => child.kill('SIGKILL'), GIVE_UP_MS);
  try {
    const url = await ready;
    const ms = performance.now() - started;
    // The refusal's own words, without the file's name.
    const why = stderr().replace(/^.*?(cannot be read|can run): /s, '');
    if (typeof url !== 'string') return { kind, ms, outcome: `exit ${String(url)}: ${why.slice(0, 160)}` };
    return { kind, ms, outcome: 'served', sigtermMs: await terminate(child) };
  } finally {
    clearTimeout(timer);
    await terminate(child);
  }
}

export async function measureHostileComputations(): Promise<{ attacks: Attack[]; starts: Start[] }> {
  const attacks: Attack[] = [];
  for (const [kind, file, path] of REQUESTS) {
    attacks.push(await attack(kind, file(), path));
    console.log(`  ${attackRow(attacks.at(-1) as Attack).join('; ')}`);
  }
  const starts: Start[] = [];
  for (const [kind, file] of STARTS) {
    starts.push(await start(kind, file()));
    console.log(`  ${startRow(starts.at(-1) as Start).join('; ')}`);
  }
  return { attacks, starts };
}

const ms = (times: number[], q: number) => fmt(quantile(times, q), 1);

function attackRow({ kind, hostile, statuses, victim, sigtermMs }: Attack): string[] {
  return [kind, statuses, ms(hostile, 0.5), ms(hostile, 1), ms(victim, 0.5), ms(victim, 1), fmt(sigtermMs, 1)];
}

function startRow({ kind, ms: time, outcome, sigtermMs }: Start): string[] {
  return [kind, fmt(time, 0), outcome, sigtermMs === undefined ? '–' : fmt(sigtermMs, 1)];
}

export function hostileComputationsTable({ attacks, starts }: { attacks: Attack[]; starts: Start[] }): string {
  return [
    '## What a contract drives the server to compute (BENCH_ONLY=hostile)',
    '',
    `\`serve --contract\`: ${ATTACKERS} clients send the hostile request one after another for ${PHASE_MS / 1000} s ` +
      'while a victim lists the chatbots one after another; SIGTERM is sent while they still do. Target: no request ' +
      'slower than 1 s, SIGTERM within 2 s.',
    '',
    table(
      ['contract', 'answers', 'hostile p50 ms', 'hostile max ms', 'victim p50 ms', 'victim max ms', 'SIGTERM ms'],
      attacks.map(attackRow),
    ),
    '',
    'A contract whose load composes: from the start to the ready line (or the refusal), then SIGTERM.',
    '',
    table(['contract', 'start ms', 'outcome', 'SIGTERM ms'], starts.map(startRow)),
  ].join('\n');
}

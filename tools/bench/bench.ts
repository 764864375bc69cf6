// `npm run bench`: throughput and latency of our server next to bare Express, bare
// node:http and the Prism mock, then startup time and memory per chatbot.
// It reports against the targets of the issue; it never fails because one is missed.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { freePort } from './freePort.js';
import type { TargetKind } from './target.js';

const HOST = '127.0.0.1';
const KEY = 'sk_live_acme_web_0001'; // the account (acme) that holds the preloaded chatbots
const script = (name: string) => fileURLToPath(new URL(name, import.meta.url));
const BIN = fileURLToPath(new URL('../../../dist/bin.cjs', import.meta.url));

const quick = process.env.BENCH_QUICK === '1';
const config = {
  quick,
  duration: envNumber('BENCH_DURATION', quick ? 1 : 10),
  runs: Math.round(envNumber('BENCH_RUNS', quick ? 1 : 3)),
  connections: Math.round(envNumber('BENCH_CONNECTIONS', 10)),
  // Long enough for V8 to optimize the server's hot path: shorter warm-ups
  // left the first measured run of a target well below the others.
  warmup: envNumber('BENCH_WARMUP', quick ? 0.5 : 5),
  // Each run is made of this many slices, interleaved with the other targets' (see measureAll).
  slices: Math.round(envNumber('BENCH_SLICES', quick ? 1 : 5)),
  pauseMs: envNumber('BENCH_PAUSE_MS', quick ? 200 : 500),
  spawns: quick ? 2 : 5,
  memoryChatbots: quick ? 10_000 : 100_000,
};

function envNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!(value > 0)) throw new Error(`${name} must be a positive number, not "${raw}"`);
  return value;
}

// ---- processes ---------------------------------------------------------------

interface Running {
  url: string; // base URL, ending in /api
  pid?: number;
  close(): Promise<void>;
}

/**
 * CPU time a process has used, in microseconds (user and system, all its
 * threads), read from /proc; undefined where there is no /proc. Per request it
 * is the server's own cost, which a busy neighbour on the host disturbs much
 * less than it disturbs throughput.
 */
function cpuMicros(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]); // utime, stime
    return (ticks * 1_000_000) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}
const CLOCK_TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** Stops a child we spawned, by its handle: SIGTERM, then SIGKILL if it lingers. */
async function stopChild(child: ChildProcess, graceMs = 10_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

/** Starts tools/dist/bench/target.js and waits for its "ready <url>" line. */
async function startTarget(kind: TargetKind, chatbots: number): Promise<Running> {
  const child = spawn(process.execPath, [script('./target.js'), kind, String(chatbots)], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const exited = once(child, 'exit').then(([code]) => {
    throw new Error(`target ${kind} exited with code ${code} before it was ready`);
  });
  const ready = (async () => {
    for await (const line of createInterface({ input: child.stdout! })) {
      if (line.startsWith('ready ')) return line.slice('ready '.length);
    }
    throw new Error(`target ${kind} closed its output before it was ready`);
  })();
  try {
    const url = await Promise.race([ready, exited]);
    // Prism runs as a child of the mock target: the target's own CPU would say nothing.
    return { url, pid: kind === 'mock' ? undefined : child.pid, close: () => stopChild(child) };
  } catch (error) {
    await stopChild(child);
    throw error;
  }
}

// ---- load --------------------------------------------------------------------

interface Target {
  id: string;
  label: string;
  start(): Promise<Running>;
  post?: boolean;
}

const targets: Target[] = [
  { id: 'a', label: 'bare Express 5, GET 10 chatbots', start: () => startTarget('express', 10) },
  { id: 'b', label: 'bare node:http, GET 10 chatbots', start: () => startTarget('node-http', 10) },
  { id: 'c1', label: 'server GET 10, --no-validate-responses', start: () => startTarget('server-no-validate', 10) },
  { id: 'c2', label: 'server GET 10, validation on', start: () => startTarget('server', 10) },
  // (d0) and (e0) are anchors, not targets: the floor of this stack for (d) and (e).
  { id: 'd0', label: 'bare Express 5, POST: express.json, a 201, nothing checked or stored', start: () => startTarget('express-post', 0), post: true },
  { id: 'd', label: 'server POST, validation on', start: () => startTarget('server', 10), post: true },
  { id: 'e0', label: 'bare node:http, GET the same 10,000 chatbots', start: () => startTarget('node-http', 10_000) },
  { id: 'e', label: 'server GET 10,000, validation on', start: () => startTarget('server', 10_000) },
  { id: 'f', label: 'Prism mock GET (static example)', start: () => startTarget('mock', 0) },
];

const POST_BODY = JSON.stringify({ name: 'Bench', settings: { theme: 'dark' } });

function request(target: Target): { method: 'GET' | 'POST'; headers: Record<string, string>; body?: string } {
  const headers: Record<string, string> = { authorization: `Bearer ${KEY}` };
  if (!target.post) return { method: 'GET', headers };
  return { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: POST_BODY };
}

/** One autocannon run; the progress bar shows only on a terminal. */
function cannon(url: string, target: Target, seconds: number, title: string): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const options = { url: `${url}/chatbots`, connections: config.connections, duration: seconds, title };
    const instance = autocannon({ ...options, ...request(target) }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
    autocannon.track(instance, { renderProgressBar: true, renderResultsTable: false });
  });
}

interface Row {
  target: Target;
  rps: number[]; // one per measured run
  p50: number; // ms, mean over the runs
  p99: number;
  bodyBytes: number;
  failures: number; // non-2xx answers and connection errors, over all runs
  /** Server CPU microseconds per 2xx answer, mean over the runs; undefined when not measurable. */
  cpuPerRequest?: number;
}

/** One measured run of a target: the sum of its slices. */
interface Run {
  answered: number; // 2xx answers
  seconds: number;
  failures: number; // non-2xx answers and connection errors
  p50: number; // ms, mean of the slices' p50 weighted by their answers
  p99: number; // likewise
  cpuMicros?: number; // server CPU over the run; undefined when not measurable
}

/** A target that is running, with its measured runs so far. */
interface Measured {
  target: Target;
  running: Running;
  bodyBytes: number;
  runs: Run[];
}

async function prepare(target: Target): Promise<Measured> {
  const running = await target.start();
  // One plain request first: the answer must be a success, and its size goes in the table.
  const { method, headers, body } = request(target);
  const first = await fetch(`${running.url}/chatbots`, { method, headers, body });
  const bodyBytes = (await first.arrayBuffer()).byteLength;
  if (!first.ok) console.error(`(${target.id}) answered ${first.status} to the first request`);
  await cannon(running.url, target, config.warmup, `(${target.id}) warm-up`);
  return { target, running, bodyBytes, runs: [] };
}

function toRow({ target, runs, bodyBytes }: Measured): Row {
  const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;
  const cpu = runs.every((run) => run.cpuMicros !== undefined && run.answered > 0);
  return {
    target,
    rps: runs.map((run) => run.answered / run.seconds),
    p50: mean(runs.map((run) => run.p50)),
    p99: mean(runs.map((run) => run.p99)),
    bodyBytes,
    failures: runs.reduce((sum, run) => sum + run.failures, 0),
    cpuPerRequest: cpu ? mean(runs.map((run) => run.cpuMicros! / run.answered)) : undefined,
  };
}

/** Adds one slice (an autocannon result, and the server CPU it took) to a run. */
function addSlice(run: Run, result: autocannon.Result, cpuMicros: number | undefined): void {
  const answered = run.answered + result['2xx'];
  const weighted = (before: number, now: number) =>
    answered === 0 ? 0 : (before * run.answered + now * result['2xx']) / answered;
  run.p50 = weighted(run.p50, result.latency.p50);
  run.p99 = weighted(run.p99, result.latency.p99);
  run.answered = answered;
  run.seconds += result.duration;
  run.failures += result.non2xx + result.errors;
  run.cpuMicros = run.cpuMicros === undefined || cpuMicros === undefined ? undefined : run.cpuMicros + cpuMicros;
}

/**
 * All targets run side by side (each idle while another is measured), and the
 * load is interleaved finely: each run of a target is made of slices (5 of 2 s
 * for a 10 s run), and the slices take turns, one of every target, then the
 * next of every target, each after a short pause, each turn starting one target
 * later. A slow spell of the shared machine, which lasts minutes, then lowers
 * every target's figures alike instead of one target's, which keeps the ratios
 * honest.
 */
async function measureAll(selected: Target[]): Promise<Row[]> {
  const measured: Measured[] = [];
  const sliceSeconds = config.duration / config.slices;
  try {
    for (const target of selected) {
      console.log(`\n(${target.id}) ${target.label}`);
      measured.push(await prepare(target));
    }
    let turn = 0;
    for (let runNumber = 1; runNumber <= config.runs; runNumber++) {
      for (const entry of measured) entry.runs.push({ answered: 0, seconds: 0, failures: 0, p50: 0, p99: 0, cpuMicros: 0 });
      for (let slice = 1; slice <= config.slices; slice++, turn++) {
        // No target always follows the same neighbour (Prism, say, still busy with its logs).
        const order = measured.map((_, i) => measured[(i + turn) % measured.length]!);
        for (const entry of order) {
          await sleep(config.pauseMs); // let the last target and autocannon settle
          const title = `(${entry.target.id}) run ${runNumber}, slice ${slice}/${config.slices}`;
          const cpuBefore = cpuMicros(entry.running.pid);
          const result = await cannon(entry.running.url, entry.target, sliceSeconds, title);
          const cpuAfter = cpuMicros(entry.running.pid);
          const cpu = cpuBefore === undefined || cpuAfter === undefined ? undefined : cpuAfter - cpuBefore;
          addSlice(entry.runs.at(-1)!, result, cpu);
        }
      }
      for (const entry of measured) {
        const run = entry.runs.at(-1)!;
        console.log(`(${entry.target.id}) run ${runNumber}/${config.runs}: ${fmt(run.answered / run.seconds)} req/s`);
      }
    }
    return measured.map(toRow);
  } finally {
    await Promise.all(measured.map((entry) => entry.running.close()));
  }
}

// ---- startup and memory ------------------------------------------------------

/** What is started for the startup figures: our command line, Prism, and two floors. */
const STARTERS = {
  serve: { label: 'node dist/bin.cjs serve', args: [BIN, 'serve'] },
  'serve-no-cache': {
    label: 'the same, NODE_DISABLE_COMPILE_CACHE=1',
    args: [BIN, 'serve'],
    env: { NODE_DISABLE_COMPILE_CACHE: '1' },
  },
  mock: { label: 'node dist/bin.cjs mock', args: [BIN, 'mock'] },
  'bare-node-http': { label: 'floor: node:http alone', args: [script('./bareStart.js'), 'node-http'] },
  'bare-express': { label: 'floor: Express loaded', args: [script('./bareStart.js'), 'express'] },
} satisfies Record<string, { label: string; args: string[]; env?: Record<string, string> }>;
type Starter = keyof typeof STARTERS;

/** Milliseconds from spawn to the first 200 of GET /api/chatbots. */
async function startupMs(starter: Starter): Promise<number> {
  const port = await freePort(HOST);
  const started = performance.now();
  const { args, env } = STARTERS[starter] as { args: string[]; env?: Record<string, string> };
  const child = spawn(process.execPath, [...args, '--port', String(port)], { stdio: 'ignore', env: { ...process.env, ...env } });
  try {
    const deadline = started + 60_000;
    while (performance.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`${starter} exited with code ${child.exitCode}`);
      try {
        const response = await fetch(`http://${HOST}:${port}/api/chatbots`, {
          headers: { authorization: `Bearer ${KEY}` },
          signal: AbortSignal.timeout(2_000),
        });
        await response.arrayBuffer();
        if (response.status === 200) return performance.now() - started;
      } catch {
        // not listening yet
      }
      await sleep(10);
    }
    throw new Error(`${starter} gave no 200 within 60 s`);
  } finally {
    await stopChild(child);
  }
}

/** The spawns of each starter are interleaved, for the reason the load runs are. */
async function startupSeries(starters: Starter[]): Promise<Map<Starter, number[]>> {
  const times = new Map<Starter, number[]>(starters.map((starter) => [starter, []]));
  await startupMs(starters[0]!); // one spawn first, so that disk caches are warm for all
  for (let i = 0; i < config.spawns; i++) {
    for (const starter of starters) times.get(starter)!.push(await startupMs(starter));
  }
  return times;
}

interface Memory {
  count: number;
  rssBytesPerChatbot: number;
  heapBytesPerChatbot: number;
}

async function memoryPerChatbot(): Promise<Memory> {
  const child = spawn(process.execPath, ['--expose-gc', script('./memory.js'), String(config.memoryChatbots)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const [code] = await once(child, 'exit');
  if (code !== 0) throw new Error(`memory.js exited with code ${code}`);
  return JSON.parse(output) as Memory;
}

// ---- report ------------------------------------------------------------------

const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const median = (values: number[]) => {
  const sorted = [...values].sort((x, y) => x - y);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** A markdown table padded to line up in a terminal too. */
function table(head: string[], rows: string[][]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

const meanRps = (row: Row) => row.rps.reduce((sum, v) => sum + v, 0) / row.rps.length;

/** Ratios of a target to another one measured in the same run; undefined when either is missing. */
function ratios(rows: Row[]) {
  const byId = (id: string) => rows.find((row) => row.target.id === id);
  return {
    byId,
    rps(id: string, base: string): number | undefined {
      const own = byId(id);
      const other = byId(base);
      return own && other ? meanRps(own) / meanRps(other) : undefined;
    },
    /** (a)'s server CPU per request over this target's, so higher is better, like × (a). */
    cpu(id: string): number | undefined {
      const own = byId(id)?.cpuPerRequest;
      const base = byId('a')?.cpuPerRequest;
      return own === undefined || base === undefined ? undefined : base / own;
    },
  };
}

/** The throughput table, for a full run and for a BENCH_ONLY part alike. */
function throughputTable(rows: Row[]): string {
  const ratio = ratios(rows);
  const optional = (value: number | undefined) => (value === undefined ? '–' : fmt(value, 2));
  return table(
    ['target', 'req/s (mean)', 'spread (min–max)', 'p50 ms', 'p99 ms', '× (a)', '× (f)', 'server CPU µs/req', 'by CPU × (a)', 'body bytes'],
    rows.map((row) => [
      `(${row.target.id}) ${row.target.label}${row.failures ? ` ⚠ ${fmt(row.failures)} failed` : ''}`,
      fmt(meanRps(row)),
      `${fmt(Math.min(...row.rps))}–${fmt(Math.max(...row.rps))}`,
      fmt(row.p50, 1),
      fmt(row.p99, 1),
      optional(ratio.rps(row.target.id, 'a')),
      optional(ratio.rps(row.target.id, 'f')),
      row.cpuPerRequest === undefined ? '–' : fmt(row.cpuPerRequest),
      optional(ratio.cpu(row.target.id)),
      fmt(row.bodyBytes),
    ]),
  );
}

function report(rows: Row[], startups: Map<Starter, number[]>, memory: Memory): string {
  const { byId, ...ratio } = ratios(rows);
  const toA = (id: string) => ratio.rps(id, 'a')!;
  const toF = (id: string) => ratio.rps(id, 'f')!;
  const bytes = memory.rssBytesPerChatbot;
  const serve = startups.get('serve')!;
  const startupMedian = (starter: Starter) => fmt(median(startups.get(starter)!));
  const throughput = throughputTable(rows);
  const withCpu = (id: string) => {
    const byCpu = ratio.cpu(id);
    return `${fmt(toA(id), 2)} × (a)${byCpu === undefined ? '' : `; by CPU ${fmt(byCpu, 2)}`}`;
  };

  // The floor: what the same work costs on this stack with nothing of ours in it.
  const check = (name: string, measured: string, ok: boolean, floor = '–') => [name, measured, ok ? '✓' : '✗', floor];
  const targetsTable = table(
    ['target from the issue', 'measured', 'met', 'floor of the stack, same run'],
    [
      check('(c1) ≥ 0.90 × (a)', withCpu('c1'), toA('c1') >= 0.9, '(a) itself: 1.00'),
      check('(c2) ≥ 0.70 × (a)', withCpu('c2'), toA('c2') >= 0.7),
      check(
        '(d) ≥ 0.75 × (a)',
        withCpu('d'),
        toA('d') >= 0.75,
        `(d0) bare Express POST: ${withCpu('d0')}`,
      ),
      check('(c2) ≥ 3 × (f)', `${fmt(toF('c2'), 2)} × (f)`, toF('c2') >= 3),
      check(
        'startup of serve ≤ 300 ms (median)',
        `${fmt(median(serve))} ms`,
        median(serve) <= 300,
        `node:http alone ${startupMedian('bare-node-http')} ms, Express loaded ${startupMedian('bare-express')} ms`,
      ),
      check(
        '(e) p99 ≤ 50 ms',
        `${fmt(byId('e')!.p99, 1)} ms`,
        byId('e')!.p99 <= 50,
        `(e0) bare node:http, same body: p99 ${fmt(byId('e0')!.p99, 1)} ms`,
      ),
      check('memory ≤ 1,500 bytes per chatbot', `${fmt(bytes)} B`, bytes <= 1_500),
    ],
  );

  const cpu = cpus();
  const params =
    `${config.runs} measured run(s) of ${config.duration} s per target after a ${config.warmup} s warm-up, ` +
    `${config.connections} connections, ${config.spawns} startup spawns, ` +
    `${fmt(config.memoryChatbots)} chatbots for memory${config.quick ? ' (BENCH_QUICK)' : ''}`;
  const startupRow = (name: string, times: number[]) => [
    name,
    fmt(median(times)),
    times.map((t) => fmt(t)).join(', '),
  ];
  return [
    '# Benchmark results',
    '',
    `- Date: ${new Date().toISOString()}`,
    `- Machine: ${cpu[0]?.model.trim() ?? 'unknown CPU'}, ${cpu.length} cores, ` +
      `Node ${process.version} (${process.platform}/${process.arch})`,
    `- Parameters: ${params}`,
    '- Load: autocannon in the bench process; each target in a process of its own on 127.0.0.1, all ' +
      `started first and then measured in turn: each run is ${config.slices} slice(s) of ` +
      `${fmt(config.duration / config.slices, 1)} s, and the slices take turns, one of every target, then the next, ` +
      `each turn starting one target later, with a pause of ${config.pauseMs / 1000} s before each slice. ` +
      'req/s counts 2xx answers over the run time; p50/p99 are the means over the runs (of a run: ' +
      'the mean of its slices, weighted by their answers) ' +
      "(autocannon's latency resolution is 1 ms). All requests carry the acme key. " +
      '(d0) and (e0) are anchors: the same work on this stack with nothing of ours in it. ' +
      "Server CPU is the target process's user and system time (all threads) over a run, per 2xx answer; " +
      "'by CPU × (a)' is (a)'s CPU per request over the target's. A target is met or missed by req/s, as the issue sets it.",
    '',
    '## Throughput and latency',
    '',
    throughput,
    '',
    '## Startup: spawn to the first 200 of GET /api/chatbots',
    '',
    table(
      ['command', 'median ms', 'all runs ms'],
      [...startups].map(([starter, times]) => startupRow(STARTERS[starter].label, times)),
    ),
    '',
    '## Memory',
    '',
    `${fmt(bytes)} bytes of RSS per chatbot (heap: ${fmt(memory.heapBytesPerChatbot)} bytes), after storing ` +
      `${fmt(memory.count)} chatbots with small settings in an InMemoryChatbotStore, after gc, in a fresh process.`,
    '',
    '## Targets',
    '',
    targetsTable,
    '',
  ].join('\n');
}

/** The figures of a BENCH_ONLY run, with ratios to (a) and (f) when they were measured. */
function partialReport(rows: Row[], startups: Map<Starter, number[]>, memory: Memory | undefined): string {
  const lines = [throughputTable(rows)];
  for (const [starter, times] of startups) {
    lines.push(`startup, ${STARTERS[starter].label}: median ${fmt(median(times))} ms (${times.map((t) => fmt(t)).join(', ')})`);
  }
  if (memory) lines.push(`memory: ${fmt(memory.rssBytesPerChatbot)} bytes of RSS per chatbot`);
  return lines.join('\n\n');
}

// ---- main --------------------------------------------------------------------

// BENCH_ONLY=a,c1,d (target ids, plus "startup" and "memory") measures a part,
// for working on one figure; only a full run writes bench/results.md.
const only = process.env.BENCH_ONLY?.split(',').map((part) => part.trim()).filter(Boolean);
const wanted = (id: string) => !only || only.includes(id);
const unknown = only?.filter((id) => id !== 'startup' && id !== 'memory' && !targets.some((t) => t.id === id));
if (unknown?.length) throw new Error(`BENCH_ONLY names unknown parts: ${unknown.join(', ')}`);

const rows = await measureAll(targets.filter((target) => wanted(target.id)));
let startups = new Map<Starter, number[]>();
if (wanted('startup')) {
  console.log('\nstartup');
  startups = await startupSeries(['serve', 'serve-no-cache', 'bare-node-http', 'bare-express', 'mock']);
}
let memory: Memory | undefined;
if (wanted('memory')) {
  console.log('memory');
  memory = await memoryPerChatbot();
}

if (only) {
  console.log(`\n${partialReport(rows, startups, memory)}\n(BENCH_ONLY: bench/results.md is left as it was)`);
} else {
  const text = report(rows, startups, memory!);
  const file = new URL('../../bench/results.md', import.meta.url);
  mkdirSync(new URL('.', file), { recursive: true });
  writeFileSync(file, text);
  console.log(`\n${text}\nWritten to ${fileURLToPath(file)}`);
}

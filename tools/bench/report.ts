// The report: the throughput table, startup, memory, and the issue's targets
// with the floor of the stack measured in the same run.
import { cpus } from 'node:os';
import { config } from './config.js';
import type { Row } from './load.js';
import { sizesReport, type Sizes } from './sizes.js';
import type { Follower } from './reload.js';
import { fmt, median, table } from './markdown.js';
import { reloadReport, storesReport, type StoresResult } from './sections.js';
import { STARTERS, type Memory, type Starter } from './startup.js';

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
    [
      'target',
      'req/s (mean)',
      'spread (min–max)',
      'p50 ms',
      'p99 ms',
      '× (a)',
      '× (j)',
      'server CPU µs/req',
      'by CPU × (a)',
      'body bytes',
    ],
    rows.map((row) => [
      `(${row.target.id}) ${row.target.label}${row.failures ? ` ⚠ ${fmt(row.failures)} failed` : ''}`,
      fmt(meanRps(row)),
      `${fmt(Math.min(...row.rps))}–${fmt(Math.max(...row.rps))}`,
      fmt(row.p50, 1),
      fmt(row.p99, 1),
      optional(ratio.rps(row.target.id, 'a')),
      optional(ratio.rps(row.target.id, 'j')),
      row.cpuPerRequest === undefined ? '–' : fmt(row.cpuPerRequest),
      optional(ratio.cpu(row.target.id)),
      fmt(row.bodyBytes),
    ]),
  );
}

export function report(
  rows: Row[],
  startups: Map<Starter, number[]>,
  memory: Memory,
  stores: StoresResult,
  sizes: Sizes,
  reload: Map<Follower, number[]>,
): string {
  const { byId, ...ratio } = ratios(rows);
  const p99 = (id: string) => byId(id)?.p99 ?? NaN;
  const to = (id: string, base: string) => ratio.rps(id, base) ?? NaN;
  const bytes = memory.rssBytesPerChatbot;
  const startupMedian = (starter: Starter) => median(startups.get(starter) ?? []);
  const throughput = throughputTable(rows);
  const withCpu = (id: string, base: string) => {
    const byCpu = base === 'a' ? ratio.cpu(id) : undefined;
    return `${fmt(to(id, base), 2)} × (${base})${byCpu === undefined ? '' : `; by CPU ${fmt(byCpu, 2)} × (a)`}`;
  };

  // The floor: what the same work costs on this stack with nothing of ours in it.
  const check = (name: string, measured: string, ok: boolean, floor = '–') => [name, measured, ok ? '✓' : '✗', floor];
  const postToFloor = to('d', 'd0');
  const targetsTable = table(
    ['target from the issues', 'measured', 'met', 'floor of the stack, same run'],
    [
      check('GET list (c2) ≥ 2.5 × json-server v1 (j)', withCpu('c2', 'j'), to('c2', 'j') >= 2.5),
      check(
        'GET list (c2) ≥ 1.1 × bare Express (a)',
        withCpu('c2', 'a'),
        to('c2', 'a') >= 1.1,
        `(b) bare node:http: ${fmt(to('b', 'a'), 2)} × (a)`,
      ),
      check(
        'GET list, no override (c2) ≥ 0.95 × before overrides (c2b)',
        withCpu('c2', 'c2b'),
        to('c2', 'c2b') >= 0.95,
      ),
      check('an override (o) ≥ 0.9 × the plain path (c2)', withCpu('o', 'c2'), to('o', 'c2') >= 0.9),
      check('POST (d) ≥ 1.3 × bare Express POST (d0)', `${fmt(postToFloor, 2)} × (d0)`, postToFloor >= 1.3),
      check('mock (f) ≥ 2 × Prism’s CLI (p)', withCpu('f', 'p'), to('f', 'p') >= 2),
      check(
        'startup of serve ≤ 250 ms (median)',
        `${fmt(startupMedian('serve'))} ms`,
        startupMedian('serve') <= 250,
        `node:http alone ${fmt(startupMedian('bare-node-http'))} ms, Express loaded ` +
          `${fmt(startupMedian('bare-express'))} ms`,
      ),
      check('startup of mock ≤ 600 ms (median)', `${fmt(startupMedian('mock'))} ms`, startupMedian('mock') <= 600),
      check(
        '(e) p99 ≤ 50 ms (earlier issue)',
        `${fmt(p99('e'), 1)} ms`,
        p99('e') <= 50,
        `(e0) bare node:http, same body: p99 ${fmt(p99('e0'), 1)} ms`,
      ),
      check('memory ≤ 1,500 bytes per chatbot (earlier issue)', `${fmt(bytes)} B`, bytes <= 1_500),
      ...[...reload].map(([command, times]) =>
        check(
          `${command} --watch: an edit takes effect within 1 s (the slowest)`,
          `${fmt(Math.max(...times))} ms`,
          Math.max(...times) <= 1_000,
        ),
      ),
    ],
  );

  const cpu = cpus();
  const params =
    `${config.runs} measured run(s) of ${config.duration} s per target after a ${config.warmup} s warm-up, ` +
    `${config.connections} connections, ${config.spawns} startup spawns, ` +
    `${fmt(config.memoryChatbots)} chatbots for memory${config.quick ? ' (BENCH_QUICK)' : ''}`;
  const startupRow = (name: string, times: number[]) => [name, fmt(median(times)), times.map((t) => fmt(t)).join(', ')];
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
      '(d0) and (e0) are anchors: the same work on this stack with nothing of ours in it. (j) and (p) are peers, ' +
      'started by their own binaries on the same data. ' +
      "Server CPU is the target process's user and system time (all threads) over a run, per 2xx answer; " +
      "'by CPU × (a)' is (a)'s CPU per request over the target's. A target is met or missed by req/s, as the " +
      'issue sets it.',
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
    '## State and persistence',
    '',
    storesReport(stores),
    '',
    '## What each audience installs',
    '',
    sizesReport(sizes),
    '',
    '## Following an edited contract (--watch)',
    '',
    reloadReport(reload),
    '',
  ].join('\n');
}

/** The figures of a BENCH_ONLY run, with ratios to (a) and (j) when they were measured. */
export function partialReport(
  rows: Row[],
  startups: Map<Starter, number[]>,
  memory: Memory | undefined,
  stores?: StoresResult,
  sizes?: Sizes,
  reload = new Map<Follower, number[]>(),
): string {
  const lines = rows.length > 0 ? [throughputTable(rows)] : [];
  const { rps } = ratios(rows);
  for (const [id, base] of [
    ['c2', 'c2b'],
    ['o', 'c2'],
  ] as const) {
    const ratio = rps(id, base);
    if (ratio !== undefined) lines.push(`(${id}) / (${base}): ${fmt(ratio, 3)}`);
  }
  if (reload.size > 0) lines.push(reloadReport(reload));
  if (stores) lines.push(storesReport(stores));
  if (sizes) lines.push(sizesReport(sizes));
  for (const [starter, times] of startups) {
    lines.push(
      `startup, ${STARTERS[starter].label}: median ${fmt(median(times))} ms (${times.map((t) => fmt(t)).join(', ')})`,
    );
  }
  if (memory) lines.push(`memory: ${fmt(memory.rssBytesPerChatbot)} bytes of RSS per chatbot`);
  return lines.join('\n\n');
}

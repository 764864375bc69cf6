// The load: autocannon against every target in turn, in interleaved slices, with
// the server's own CPU per answer read from /proc.
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import { config, KEY } from './config.js';
import { cpuMicros, type Running } from './processes.js';

export interface Target {
  id: string;
  label: string;
  start(): Promise<Running>;
  post?: boolean;
}

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

export interface Row {
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
export interface Run {
  answered: number; // 2xx answers
  seconds: number;
  failures: number; // non-2xx answers and connection errors
  p50: number; // ms, mean of the slices' p50 weighted by their answers
  p99: number; // likewise
  cpuMicros?: number; // server CPU over the run; undefined when not measurable
}

/** A target that is running, with its measured runs so far. */
export interface Measured {
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
    cpuPerRequest: cpu ? mean(runs.map((run) => (run.cpuMicros ?? NaN) / run.answered)) : undefined,
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
export async function measureAll(selected: Target[]): Promise<Row[]> {
  const measured: Measured[] = [];
  const sliceSeconds = config.duration / config.slices;
  try {
    for (const target of selected) {
      console.log(`\n(${target.id}) ${target.label}`);
      measured.push(await prepare(target));
    }
    let turn = 0;
    for (let runNumber = 1; runNumber <= config.runs; runNumber++) {
      for (const entry of measured)
        entry.runs.push({ answered: 0, seconds: 0, failures: 0, p50: 0, p99: 0, cpuMicros: 0 });
      for (let slice = 1; slice <= config.slices; slice++, turn++) {
        // No target always follows the same neighbour (Prism, say, still busy with its logs).
        const order = [...measured.slice(turn % measured.length), ...measured.slice(0, turn % measured.length)];
        for (const entry of order) {
          await sleep(config.pauseMs); // let the last target and autocannon settle
          const title = `(${entry.target.id}) run ${runNumber}, slice ${slice}/${config.slices}`;
          const cpuBefore = cpuMicros(entry.running.pid);
          const result = await cannon(entry.running.url, entry.target, sliceSeconds, title);
          const cpuAfter = cpuMicros(entry.running.pid);
          const cpu = cpuBefore === undefined || cpuAfter === undefined ? undefined : cpuAfter - cpuBefore;
          // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- a run was pushed for it above
          addSlice(entry.runs.at(-1)!, result, cpu);
        }
      }
      for (const entry of measured) {
        // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- a run was pushed for it above
        const run = entry.runs.at(-1)!;
        console.log(
          `(${entry.target.id}) run ${runNumber}/${config.runs}: ${Math.round(run.answered / run.seconds)} req/s`,
        );
      }
    }
    return measured.map(toRow);
  } finally {
    await Promise.all(measured.map((entry) => entry.running.close()));
  }
}

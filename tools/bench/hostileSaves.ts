// BENCH_ONLY=hostile, with a server running: the latency of GET /api/chatbots
// on `serve` and `mock` with --watch, first while nothing is saved, then while
// hostile files are saved in turn (an alias bomb, the most costly file to
// check, which is refused only at the end of its check, and a wide anyOf,
// accepted). The check, validators included, runs in a thread of its own, so
// that the answers should not wait on it.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HOST, KEY } from './config.js';
import { aliasBomb, manyOperations, wideAnyOf } from './hostile.js';
import { BIN, startProgram } from './processes.js';
import { quantile } from './quantile.js';

interface Latencies {
  command: string;
  quiet: number[];
  saving: number[];
  saves: number;
}

const PHASE_MS = 4_000;
const WIDE_ANY_OF = 500;
const builtIn = readFileSync(new URL('../../../openapi.yaml', import.meta.url), 'utf8');
const SAVE_EVERY_MS = 800;

async function latenciesFor(url: string, until: number): Promise<number[]> {
  const times: number[] = [];
  while (performance.now() < until) {
    const sent = performance.now();
    const response = await fetch(url, { headers: { authorization: `Bearer ${KEY}` } });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`GET answered ${response.status}`);
    times.push(performance.now() - sent);
  }
  return times;
}

async function measure(command: 'serve' | 'mock'): Promise<Latencies> {
  const file = join(mkdtempSync(join(tmpdir(), 'bench-hostile-saves-')), 'openapi.yaml');
  writeFileSync(file, builtIn);
  const server = await startProgram(
    (port) => [BIN, command, '--contract', file, '--watch', '--port', String(port), '--quiet'],
    (port) => `http://${HOST}:${port}/api`,
    { headers: { authorization: `Bearer ${KEY}` } },
  );
  const url = `${server.url}/chatbots`;
  try {
    const quiet = await latenciesFor(url, performance.now() + PHASE_MS);
    // The wide anyOf is accepted: the built-in text after it is an edit too, so that each turn compiles it anew.
    const hostile = [manyOperations(33, true), aliasBomb(12), wideAnyOf(WIDE_ANY_OF), builtIn];
    let saves = 0;
    const saver = setInterval(() => writeFileSync(file, hostile[saves++ % hostile.length] ?? ''), SAVE_EVERY_MS);
    const saving = await latenciesFor(url, performance.now() + PHASE_MS).finally(() => clearInterval(saver));
    return { command, quiet, saving, saves };
  } finally {
    await server.close();
  }
}

export async function measureHostileSaves(): Promise<Latencies[]> {
  const results = [await measure('serve'), await measure('mock')];
  for (const { command, quiet, saving, saves } of results)
    console.log(`  ${command}: quiet ${summary(quiet)}; during ${saves} hostile saves ${summary(saving)}`);
  return results;
}

function summary(times: number[]): string {
  const at = (q: number) => quantile(times, q).toFixed(1);
  return `p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, max ${at(1)} ms (${times.length} requests)`;
}

export function hostileSavesTable(results: readonly Latencies[]): string {
  return [
    '## Answers while hostile files are saved under --watch (BENCH_ONLY=hostile)',
    '',
    `GET /api/chatbots one after another for ${PHASE_MS / 1000} s with nothing saved, then for as long while an ` +
      `alias bomb, the costliest file to check (refused at the end of its check), a name that is any of ` +
      `${WIDE_ANY_OF} schemas (accepted) and the built-in contract are saved in turn, one every ${SAVE_EVERY_MS} ms.`,
    '',
    '| server | nothing saved | hostile saves |',
    '|---|---|---|',
    ...results.map((r) => `| ${r.command} | ${summary(r.quiet)} | ${summary(r.saving)} |`),
  ].join('\n');
}

// BENCH_ONLY=diff: how long `chatbot-api-mock diff BASE HEAD` takes from the command to its answer, as a reviewer
// or CI runs it: a process each time, on the built-in contract and a copy with one limit tightened.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fmt, median, table } from './markdown.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const RUNS = 15;
/** The target for a two-file diff. */
const TARGET_MS = 1_500;

function once(dir: string): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) =>
    execFile(
      process.execPath,
      [join(root, 'dist', 'bin.cjs'), 'diff', 'base.yaml', 'head.yaml'],
      { cwd: dir },
      (error) =>
        // Exit 1 is the answer here: the head tightens a limit.
        error && error.code !== 1 ? reject(error) : resolve(performance.now() - started),
    ),
  );
}

export async function measureDiff(): Promise<number[]> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-diff-'));
  const contract = readFileSync(join(root, 'openapi.yaml'), 'utf8');
  writeFileSync(join(dir, 'base.yaml'), contract);
  writeFileSync(join(dir, 'head.yaml'), contract.replace('maxLength: 200', 'maxLength: 100'));
  await once(dir); // disk caches warm
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) times.push(await once(dir));
  return times;
}

export function diffReport(times: number[]): string {
  const sorted = [...times].sort((a, b) => a - b);
  const p95 = sorted[Math.ceil(sorted.length * 0.95) - 1] ?? NaN;
  return [
    '`chatbot-api-mock diff base.yaml head.yaml`, a process each time (the built-in contract and a copy with one limit',
    'tightened), from the spawn to the exit:',
    '',
    table(
      ['runs', 'median ms', 'p95 ms', `target ≤ ${fmt(TARGET_MS)} ms`],
      [[String(times.length), fmt(median(times)), fmt(p95), median(times) <= TARGET_MS ? '✓' : '✗']],
    ),
  ].join('\n');
}

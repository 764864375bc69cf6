// BENCH_ONLY=diff-hostile: how long `chatbot-api-mock diff BASE HEAD` takes on hostile pairs of contracts (and a
// hostile rules file), each within the contract limits, as CI runs it: a process each time, from the spawn to the
// exit, with its exit code and how it ended. The target is the issue's: every one answers within 10 s.
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  deepNesting,
  integerAlternatives,
  manyKeywords,
  manyOverrides,
  manyRequired,
  nestedCompositions,
  recursiveRing,
  longTemplates,
  securityRequirements,
  starryRules,
  wideAnyOf,
  type HostilePair,
} from './diffHostileContracts.js';
import { fmt, table } from './markdown.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const TARGET_MS = 10_000;
/** Past this the run is stopped and shown as such: a hang is a result too. */
const STOP_MS = 120_000;
/** The line that says whether the change may land (src/diff/format.ts). */
const VERDICT = /^(no changes|nothing at \w+ level|\d+ (breaking|failing) changes?,)/;

export const HOSTILE_DIFFS: [label: string, pair: () => HostilePair][] = [
  ['anyOf within allOf, 10 levels by $ref (4^10 proof paths)', () => nestedCompositions(10)],
  ['160 integer alternatives, nested three deep', () => integerAlternatives(160)],
  ['320 integer alternatives, nested three deep', () => integerAlternatives(320)],
  ['a 2,000-wide anyOf on both sides', () => wideAnyOf(2_000)],
  ['a 4,000-wide anyOf on both sides', () => wideAnyOf(4_000)],
  ['schemas 130 levels deep, within the limit', () => deepNesting(130)],
  ['schemas 600 levels deep, past the limit', () => deepNesting(600)],
  ['an override path of 10,000 stars', () => starryRules(join(root, 'openapi.yaml'), 10_000)],
  ['an override path of 1,000,000 stars', () => starryRules(join(root, 'openapi.yaml'), 1_000_000)],
  ['500 overrides (the most), 12,000 changes to try each on', () => manyOverrides(12_000, 500)],
  ['1,000 security requirements, renamed, used by 20 operations', () => securityRequirements(1_000, 20)],
  ['the same, used by 60 operations: past 100,000 findings', () => securityRequirements(1_000, 60)],
  ['5,000 properties made required', () => manyRequired(5_000)],
  ['a path of 200,000 opening braces, a server URL of 200,000 slashes', () => longTemplates(200_000)],
  ['5,000 unknown keywords changed, over 2,000 properties', () => manyKeywords(5_000)],
  ['a ring of 40 recursive schemas, one label changed', () => recursiveRing(40, 1)],
  ['a ring of 200: past the size limit, each expanded', () => recursiveRing(200, 1)],
  ['a web of 8 recursive schemas, each linked to every other', () => recursiveRing(8, 7)],
];

export interface HostileDiff {
  label: string;
  ms: number;
  exit: string;
  outcome: string;
}

function once(label: string, pair: HostilePair): Promise<HostileDiff> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-diff-hostile-'));
  writeFileSync(join(dir, 'base.yaml'), pair.base);
  writeFileSync(join(dir, 'head.yaml'), pair.head);
  if (pair.rules) writeFileSync(join(dir, 'spec-diff.rules.yaml'), pair.rules);
  const started = performance.now();
  return new Promise((resolve) =>
    execFile(
      process.execPath,
      [join(root, 'dist', 'bin.cjs'), 'diff', 'base.yaml', 'head.yaml'],
      { cwd: dir, timeout: STOP_MS, maxBuffer: 256 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const ms = performance.now() - started;
        const exit = error?.killed ? 'stopped' : String(error ? error.code : 0);
        const lines = stdout.trim().split('\n');
        const undecided = lines.filter((line) =>
          /^(warning +undecided|breaking +undecided-over-budget) /.test(line),
        ).length;
        const refusal = stderr.trim().split('\n')[0] ?? '';
        const outcome = refusal
          ? refusal.replace(/^chatbot-api-mock: error: /, 'refused: ')
          : `${lines.find((line) => VERDICT.test(line)) ?? ''}${undecided > 0 ? ` (${undecided} undecided)` : ''}`;
        resolve({ label, ms, exit, outcome: outcome.slice(0, 110) });
      },
    ),
  );
}

export async function measureDiffHostile(): Promise<HostileDiff[]> {
  const rows: HostileDiff[] = [];
  for (const [label, pair] of HOSTILE_DIFFS) {
    const row = await once(label, pair());
    console.log(`  ${label}: ${fmt(row.ms)} ms, exit ${row.exit}`);
    rows.push(row);
  }
  return rows;
}

export function diffHostileTable(rows: HostileDiff[]): string {
  return [
    '`chatbot-api-mock diff base.yaml head.yaml` on hostile contracts within the limits (1 MiB, 50,000 values), a',
    'process each time, from the spawn to the exit (exit 2 is a refusal, one line):',
    '',
    table(
      ['case', 'ms', `≤ ${fmt(TARGET_MS)} ms`, 'exit', 'outcome'],
      rows.map((row) => [row.label, fmt(row.ms), row.ms <= TARGET_MS ? '✓' : '✗', row.exit, row.outcome]),
    ),
  ].join('\n');
}

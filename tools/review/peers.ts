// spec:diff beside a peer over the same classified corpus (tools/review/corpus.ts):
// Optic (@useoptic/optic, its `breaking-changes` standard), installed from the
// npm registry into a cache folder on first use. Not part of npm test: it
// downloads about 200 MB and takes a few seconds an edit. Prints a Markdown
// table (the one in docs/reviewers.md) and the agreement and time of each.
//   npm run spec:diff:peers [-- --out FILE]
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { dump } from 'js-yaml';
import { loadContract } from 'chatbot-api-mock';
import { CORPUS, type Doc, type Level } from './corpus.js';

const OPTIC_VERSION = '1.0.9';
/** The shipped command: `chatbot-api-mock diff`. */
const BIN = new URL('../../../dist/bin.cjs', import.meta.url).pathname;

interface Judged {
  /** breaking, warning, info; or none when the tool reports no change. */
  level: Level | 'none';
  /** What it names: its rules that failed, or the levels' rules. */
  detail: string;
  ms: number;
}

/**
 * Optic in a folder of its own. Its dependencies mix two ajv 8 releases, which breaks Spectral inside it; one is
 * pinned.
 */
function installOptic(): string {
  const dir = join(process.env.PEERS_DIR ?? join(tmpdir(), 'chatbot-api-mock-peers'), `optic-${OPTIC_VERSION}`);
  const bin = join(dir, 'node_modules', '.bin', 'optic');
  if (existsSync(bin)) return bin;
  mkdirSync(dir, { recursive: true });
  const manifest = { private: true, dependencies: { '@useoptic/optic': OPTIC_VERSION }, overrides: { ajv: '8.20.0' } };
  writeFileSync(join(dir, 'package.json'), JSON.stringify(manifest, null, 2));
  process.stderr.write(`installing @useoptic/optic@${OPTIC_VERSION} into ${dir} (about 200 MB, once)…\n`);
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: dir, stdio: 'inherit' });
  writeFileSync(join(dir, 'standard.yml'), 'ruleset:\n  - breaking-changes\n');
  return bin;
}

function timed(file: string, args: string[], cwd: string) {
  const started = process.hrtime.bigint();
  return new Promise<{ code: number; out: string; ms: number }>((resolve) => {
    execFile(file, args, { cwd, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) =>
      resolve({
        code: error ? Number((error as { code?: number }).code ?? 1) : 0,
        out: stdout + stderr,
        ms: Number(process.hrtime.bigint() - started) / 1e6,
      }),
    );
  });
}

async function ours(base: string, head: string, cwd: string): Promise<Judged> {
  const { out, ms } = await timed(process.execPath, [BIN, 'diff', base, head, '--format', 'json'], cwd);
  const { changes } = JSON.parse(out) as { changes: { level: Level; rule: string }[] };
  const level =
    (['breaking', 'warning', 'info'] as const).find((candidate) =>
      changes.some((change) => change.level === candidate),
    ) ?? 'none';
  const rules = [...new Set(changes.filter((change) => change.level === level).map((change) => change.rule))];
  return { level, detail: rules.join(', '), ms };
}

/** Optic's verdict: a failed check of its breaking-changes standard is breaking; a change it passes is not. */
async function optic(bin: string, base: string, head: string, cwd: string): Promise<Judged> {
  const standard = join(bin, '..', '..', '..', 'standard.yml');
  const { code, out, ms } = await timed(bin, ['diff', base, head, '--check', '--standard', standard], cwd);
  const failed = [...new Set([...out.matchAll(/^\s*x \[([^\]]+)\]/gm)].map((match) => match[1] ?? ''))];
  if (code !== 0 && failed.length === 0) throw new Error(`optic failed:\n${out}`);
  const changed = /Operations: \d+ operations? changed|added|removed/.test(out);
  return { level: failed.length > 0 ? 'breaking' : changed ? 'info' : 'none', detail: failed.join(', '), ms };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const breaks = (level: Level | 'none') => level === 'breaking';

async function main() {
  const { values } = parseArgs({ options: { out: { type: 'string' } } });
  const bin = installOptic();
  const dir = mkdtempSync(join(tmpdir(), 'spec-diff-peers-'));
  const { document } = loadContract();
  const base = join(dir, 'base.yaml');
  writeFileSync(base, dump(document));
  const rows: { label: string; hand: Level; ours: Judged; optic: Judged }[] = [];
  for (const [index, [label, hand, mutate]] of CORPUS.entries()) {
    const edited = structuredClone(document) as Doc;
    mutate(edited);
    const head = join(dir, `${index}.yaml`);
    writeFileSync(head, dump(edited));
    rows.push({ label, hand, ours: await ours(base, head, dir), optic: await optic(bin, base, head, dir) });
    process.stderr.write(`${index + 1}/${CORPUS.length} ${label}\n`);
  }
  const mark = (hand: Level, judged: Judged) => (breaks(hand) === breaks(judged.level) ? '' : ' ✗');
  const lines = [
    `| edit | by hand | spec:diff | Optic ${OPTIC_VERSION} (breaking-changes) |`,
    '|---|---|---|---|',
    ...rows.map(
      ({ label, hand, ours: o, optic: p }) =>
        `| ${label} | ${hand} | ${o.level}${o.level === hand ? '' : ' ✗'} | ` +
        `${breaks(p.level) ? `breaking (${p.detail})` : p.level === 'none' ? 'no change seen' : 'not breaking'}` +
        `${mark(hand, p)} ` +
        `|`,
    ),
    '',
    `Breaking or not, as classified by hand (${rows.length} edits): spec:diff ` +
      `${rows.filter((row) => breaks(row.hand) === breaks(row.ours.level)).length}/${rows.length}, ` +
      `Optic ${rows.filter((row) => breaks(row.hand) === breaks(row.optic.level)).length}/${rows.length}. ` +
      `The level too (breaking, warning, info): spec:diff ` +
      `${rows.filter((row) => row.hand === row.ours.level).length}/${rows.length}; Optic has no levels below ` +
      `breaking.`,
    `Time per diff, median, each a process of its own: spec:diff ` +
      `${median(rows.map((row) => row.ours.ms)).toFixed(0)} ms, Optic ` +
      `${median(rows.map((row) => row.optic.ms)).toFixed(0)} ms.`,
  ];
  const table = `${lines.join('\n')}\n`;
  if (values.out) writeFileSync(values.out, table);
  process.stdout.write(table);
}

await main();

// `npm run spec:diff:peers`: the corpus (test/diff/corpus/) through this diff, Optic and Atlassian's openapi-diff,
// beside the levels oasdiff publishes for each edit (its rule catalogue, as the corpus records it), and the
// agreement of each with the corpus's level. Optic and openapi-diff are installed from the npm registry into a cache
// folder on first use (about 200 MB); not part of npm test. It writes the section of docs/reviewers.md between its
// markers. Run by vitest (vitest.peers.config.ts), which reads the corpus's TypeScript.
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dump } from 'js-yaml';
import { it } from 'vitest';
import { runDiff } from '../../dist/diff/runDiff.js';
import { ALL_EDITS } from './corpus/all.js';
import { asLevel, contract, type Edit, type Level } from './corpus/corpus.js';
import { explain } from './peerReasons.js';

const CACHE = process.env.PEERS_DIR ?? join(tmpdir(), 'chatbot-api-mock-peers');
const OPTIC = '1.0.9';
const OPENAPI_DIFF = '0.24.1';

type Judged = Level | 'none';
interface Row {
  edit: Edit;
  ours: Judged;
  oasdiff: Judged;
  optic: { level: Judged; ms: number };
  atlassian: { level: Judged; ms: number };
}

function install(name: string, spec: Record<string, string>, extra: Record<string, unknown> = {}): string {
  const dir = join(CACHE, name);
  if (!existsSync(join(dir, 'node_modules'))) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ private: true, dependencies: spec, ...extra }));
    execFileSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: dir, stdio: 'inherit' });
  }
  return dir;
}

function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  return work().then((value) => ({ value, ms: performance.now() - started }));
}

async function optic(bin: string, standard: string, dir: string): Promise<Judged> {
  const out = await new Promise<string>((resolve) =>
    execFile(bin, ['diff', 'base.yaml', 'head.yaml', '--check', '--standard', standard], { cwd: dir }, (_e, o, e) =>
      resolve(o + e),
    ),
  );
  if (/^\s*x \[/m.test(out)) return 'breaking';
  return /no changes/i.test(out) ? 'none' : 'info';
}

const levelOf = (changes: { level: string }[]): Judged =>
  (['breaking', 'warning', 'info'] as const).find((level) => changes.some((change) => change.level === level)) ??
  'none';
const breaks = (level: Judged) => level === 'breaking';
const sameLevel = (a: Judged, b: Judged) => (a === 'none' ? 'info' : a) === (b === 'none' ? 'info' : b);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

/** The peers' answers of the last run, by edit: PEERS_RENDER_ONLY=1 writes the section again from them. */
const RESULTS = join(CACHE, 'results.json');

it('runs the corpus through the peers and writes the table', async () => {
  if (process.env.PEERS_RENDER_ONLY) {
    const saved = JSON.parse(readFileSync(RESULTS, 'utf8')) as Record<string, Omit<Row, 'edit'>>;
    return writeSection(
      ALL_EDITS.flatMap((edit) => {
        const answers = saved[edit.what];
        return answers ? [{ edit, ...answers }] : [];
      }),
    );
  }
  const opticDir = install('optic', { '@useoptic/optic': OPTIC }, { overrides: { ajv: '8.20.0' } });
  const standard = join(opticDir, 'standard.yml');
  writeFileSync(standard, 'ruleset:\n  - breaking-changes\n');
  const opticBin = join(opticDir, 'node_modules', '.bin', 'optic');
  const atlassianDir = install('openapi-diff', { 'openapi-diff': OPENAPI_DIFF });
  const openapiDiff = createRequire(join(atlassianDir, 'package.json'))('openapi-diff') as {
    diffSpecs(specs: object): Promise<{
      breakingDifferencesFound: boolean;
      unclassifiedDifferences?: unknown[];
      nonBreakingDifferences?: unknown[];
    }>;
  };
  const rows: Row[] = [];
  for (const edit of ALL_EDITS) {
    const dir = mkdtempSync(join(tmpdir(), 'peers-'));
    const base = contract();
    edit.setup?.(base);
    const head = structuredClone(base);
    edit.edit(head);
    const [baseText, headText] = [dump(base, { noRefs: true }), dump(head, { noRefs: true })];
    writeFileSync(join(dir, 'base.yaml'), baseText);
    writeFileSync(join(dir, 'head.yaml'), headText);
    const ours = runDiff({ base: 'base.yaml', head: 'head.yaml', cwd: dir, format: 'json' }).review?.changes ?? [];
    const opticRun = await timed(() => optic(opticBin, standard, dir));
    const atlassianRun = await timed(async () => {
      const side = (content: string, location: string) => ({ content, location, format: 'openapi3' });
      try {
        const found = await openapiDiff.diffSpecs({
          sourceSpec: side(baseText, 'base.yaml'),
          destinationSpec: side(headText, 'head.yaml'),
        });
        if (found.breakingDifferencesFound) return 'breaking' as const;
        if (found.unclassifiedDifferences?.length) return 'warning' as const;
        return found.nonBreakingDifferences?.length ? ('info' as const) : ('none' as const);
      } catch {
        return 'none' as const;
      }
    });
    rows.push({
      edit,
      ours: levelOf(ours),
      oasdiff: asLevel(edit.oasdiff?.[1]),
      optic: { level: opticRun.value, ms: opticRun.ms },
      atlassian: { level: atlassianRun.value, ms: atlassianRun.ms },
    });
  }
  writeFileSync(RESULTS, JSON.stringify(Object.fromEntries(rows.map(({ edit, ...answers }) => [edit.what, answers]))));
  writeSection(rows);
}, 3_600_000);

function writeSection(rows: Row[]): void {
  const count = (judge: (row: Row) => boolean) => rows.filter(judge).length;
  const line = (name: string, of: (row: Row) => Judged, levels: boolean, ms?: number) =>
    `| ${name} | ${count((row) => breaks(of(row)) === breaks(row.edit.level))}/${rows.length} | ` +
    `${levels ? `${count((row) => sameLevel(of(row), row.edit.level))}/${rows.length}` : '–'} | ` +
    `${ms === undefined ? '–' : `${Math.round(ms)} ms`} |`;
  const lines = [
    `On ${new Date().toISOString().slice(0, 10)}, ${rows.length} edits (\`npm run spec:diff:peers\`):`,
    '',
    '| | breaking or not, as the corpus has it | the level too | time per diff, median |',
    '|---|---|---|---|',
    line('this diff', (row) => row.ours, true),
    line('oasdiff (its catalogue)', (row) => row.oasdiff, true),
    line(
      `Atlassian openapi-diff ${OPENAPI_DIFF}`,
      (row) => row.atlassian.level,
      true,
      median(rows.map((r) => r.atlassian.ms)),
    ),
    line(`Optic ${OPTIC} (breaking-changes)`, (row) => row.optic.level, false, median(rows.map((r) => r.optic.ms))),
    '',
    "This diff's score is not independent: the corpus was written beside it. The others' disagreements, each with why:",
    '',
  ];
  for (const [name, of] of [
    ['oasdiff', (row: Row) => row.oasdiff],
    ['Atlassian openapi-diff', (row: Row) => row.atlassian.level],
    ['Optic', (row: Row) => row.optic.level],
  ] as const) {
    const wrong = rows.filter((row) => breaks(of(row)) !== breaks(row.edit.level));
    lines.push(`**${name}**, ${wrong.length} on breaking or not:`, '');
    for (const row of wrong) {
      const said = of(row) === 'none' ? 'no change' : of(row);
      const why = explain(name, row.edit, of(row));
      // Every disagreement says why: one without a reason is a gap in test/diff/peerReasons.ts, not a table row.
      if (!why) throw new Error(`${name} on "${row.edit.what}" (${said}): no reason in test/diff/peerReasons.ts`);
      lines.push(`- ${row.edit.what}: ${said}, where the corpus says ${row.edit.level}. ${why}`);
    }
    lines.push('');
  }
  const page = new URL('../../docs/reviewers.md', import.meta.url);
  const text = readFileSync(page, 'utf8');
  const [start, end] = ['<!-- peers:start -->', '<!-- peers:end -->'];
  const [before, after] = [text.slice(0, text.indexOf(start) + start.length), text.slice(text.indexOf(end))];
  writeFileSync(page, `${before}\n${lines.join('\n').trim()}\n${after}`);
}

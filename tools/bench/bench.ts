// `npm run bench`: throughput and latency of our server, mock and engine next to
// bare Express, bare node:http, json-server v1 and Prism's own CLI, then startup
// time and memory per chatbot. It reports against the targets of the issues; it
// never fails because one is missed.
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { measureAll, type Target } from './load.js';
import { startJsonServer, startPrismCli } from './peers.js';
import { startTarget } from './processes.js';
import { BASE, startBaseline } from './baseline.js';
import { partialReport, report } from './report.js';
import { measureSizes } from './sizes.js';
import { memoryPerChatbot, startupSeries, type Memory, type Starter } from './startup.js';
import { measureStores } from './stores.js';
import { reloadSeries, type Follower } from './reload.js';
import { hostileSavesTable, measureHostileSaves } from './hostileSaves.js';
import { hostileTable, measureHostile } from './hostile.js';
import { hostileComputationsTable, measureHostileComputations } from './hostileComputations.js';
import { diffReport, measureDiff } from './diff.js';
import { diffHostileTable, measureDiffHostile } from './diffHostile.js';
import { generatorTable, measureGenerator } from './generator.js';
import { capsTable, measureCaps } from './caps.js';
import { coverageTable, measureCoverage } from './coverage.js';

export const targets: Target[] = [
  { id: 'a', label: 'bare Express 5, GET 10 chatbots', start: () => startTarget('express', 10) },
  { id: 'b', label: 'bare node:http, GET 10 chatbots', start: () => startTarget('node-http', 10) },
  { id: 'j', label: 'json-server v1, GET the same 10 chatbots', start: () => startJsonServer(10) },
  { id: 'c1', label: 'server GET 10, --no-validate-responses', start: () => startTarget('server-no-validate', 10) },
  { id: 'c2', label: 'server GET 10 (validation on, the default)', start: () => startTarget('server', 10) },
  { id: 'c2b', label: `server GET 10 at ${BASE} (before overrides)`, start: () => startBaseline('server', 10) },
  {
    id: 'o',
    label: 'server GET 10, answered by an override (same body)',
    start: () => startTarget('server-override', 10),
  },
  // (d0) and (e0) are anchors, not targets: the floor of this stack for (d) and (e).
  {
    id: 'd0',
    label: 'bare Express 5, POST: express.json, a 201, nothing checked or stored',
    start: () => startTarget('express-post', 0),
    post: true,
  },
  { id: 'd', label: 'server POST, validation on', start: () => startTarget('server', 10), post: true },
  { id: 'e0', label: 'bare node:http, GET the same 10,000 chatbots', start: () => startTarget('node-http', 10_000) },
  { id: 'e', label: 'server GET 10,000, validation on', start: () => startTarget('server', 10_000) },
  { id: 'p', label: "Prism's own CLI (prism mock), GET", start: startPrismCli },
  { id: 'f', label: 'our mock (Prism’s mocker in the engine), GET', start: () => startTarget('mock', 0) },
];

// BENCH_ONLY=a,c1,d (target ids, plus "startup", "memory", "stores", "sizes", "reload", "hostile", "diff",
// "diff-hostile", "generator", "caps" and "coverage")
// measures a part, for working on one figure; only a full run writes bench/results.md.
const only = process.env.BENCH_ONLY?.split(',')
  .map((part) => part.trim())
  .filter(Boolean);
const wanted = (id: string) => !only || only.includes(id);
const unknown = only?.filter(
  (id) =>
    ![
      'startup',
      'memory',
      'stores',
      'sizes',
      'reload',
      'hostile',
      'diff',
      'diff-hostile',
      'generator',
      'caps',
      'coverage',
    ].includes(id) && !targets.some((t) => t.id === id),
);
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

const stores = wanted('stores') ? await measureStores() : undefined;
if (wanted('sizes')) console.log('sizes');
const sizes = wanted('sizes') ? await measureSizes() : undefined;
let reload = new Map<Follower, number[]>();
if (wanted('reload')) {
  console.log('reload');
  reload = await reloadSeries();
}

let extraSections = '';
if (wanted('hostile')) {
  console.log('hostile contract files');
  extraSections = `\n\n${hostileTable(measureHostile())}\n`;
  extraSections += `\n${hostileSavesTable(await measureHostileSaves())}\n`;
  console.log('what a contract drives the server to compute');
  extraSections += `\n${hostileComputationsTable(await measureHostileComputations())}\n`;
}
if (wanted('diff')) {
  console.log('the contract diff');
  extraSections += `\n\n${diffReport(await measureDiff())}\n`;
}
if (wanted('diff-hostile')) {
  console.log('the contract diff on hostile contracts');
  extraSections += `\n\n${diffHostileTable(await measureDiffHostile())}\n`;
}
if (wanted('generator')) {
  console.log("one client's generated list while others ask for a generation bomb");
  extraSections += `\n\n${generatorTable(await measureGenerator())}\n`;
}

if (wanted('caps')) {
  console.log('answers at the caps a client can fill');
  extraSections += `\n\n${capsTable(await measureCaps())}\n`;
}

if (wanted('coverage')) {
  console.log('counting coverage');
  extraSections += `\n\n${coverageTable(measureCoverage())}\n`;
}

if (only) {
  console.log(
    `\n${partialReport(rows, startups, memory, stores, sizes, reload)}${extraSections}\n` +
      '(BENCH_ONLY: bench/results.md is left as it was)',
  );
} else {
  // A full run (no BENCH_ONLY) measured every part.
  if (!memory || !stores || !sizes) throw new Error('a full run measures memory, the stores and the sizes');
  const text = report(rows, startups, memory, stores, sizes, reload) + extraSections;
  const file = new URL('../../../bench/results.md', import.meta.url);
  mkdirSync(new URL('.', file), { recursive: true });
  writeFileSync(file, text);
  console.log(`\n${text}\nWritten to ${fileURLToPath(file)}`);
}

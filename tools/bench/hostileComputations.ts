// BENCH_ONLY=hostile: what a contract drives `serve` to compute, at its worst. Each contract is served by the bin;
// three clients send its hostile request one after another while a victim lists the chatbots, and SIGTERM is sent
// while they still do: the hostile requests' time, the victim's latency, and how long the server takes to end. A
// contract whose load composes (a required header, the banner's create body) is timed from its start to its ready
// line, or to its refusal. BENCH_HOSTILE_BIN runs another build's bin (the commit before the bounds, say).
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dump, load } from 'js-yaml';
import { HOST, KEY, config } from './config.js';
import { fmt, table } from './markdown.js';
import { BIN } from './processes.js';
import { quantile } from './quantile.js';

const PHASE_MS = config.quick ? 2_000 : 5_000;
const ATTACKERS = 3;
/** Past this, a request (or a start) is given up, and the server killed. */
const GIVE_UP_MS = 20_000;
const KEYED = { authorization: `Bearer ${KEY}` };

type Schema = Record<string, unknown>;
type Document = { paths: Record<string, Record<string, Schema>> };

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

const listOf = (items: Schema, minItems: number): Schema => ({ type: 'array', minItems, items });
const DEEP = listOf(listOf(listOf(listOf({ type: 'integer' }, 1_000), 1_000), 1_000), 1_000);
const WIDE = listOf({ type: 'integer' }, 130_000);
const OBJECTS = listOf(listOf({ type: 'object', properties: {} }, 340), 250);
const ADJACENT = Array.from({ length: 18 }, (_, index) => `p${index}`);

/** The built-in contract with these operations first, left to their examples, keyed as the list is. */
function contract(operations: [string, string, Schema][]): string {
  const document = load(readFileSync(new URL('../../../openapi.yaml', import.meta.url), 'utf8')) as Document;
  const security = document.paths['/chatbots']?.get?.security;
  const added: Document['paths'] = {};
  for (const [path, method, operation] of operations)
    (added[path] ??= {})[method] = { 'x-mock-resource': false, security, ...operation };
  document.paths = { ...added, ...document.paths };
  const file = join(mkdtempSync(join(tmpdir(), 'bench-hostile-computations-')), 'openapi.yaml');
  writeFileSync(file, dump(document, { lineWidth: -1 }));
  return file;
}

const answering = (schema: Schema, headers?: Schema) => ({
  200: { description: 'An answer', content: { 'application/json': { schema } }, ...(headers ? { headers } : {}) },
});
/** A GET of a path template; its parameters are left undeclared where `names` is empty (to keep the file small). */
const templated = (path: string, names: readonly string[], id: string): [string, string, Schema] => [
  path,
  'get',
  {
    operationId: id,
    ...(names.length > 0
      ? { parameters: names.map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } })) }
      : {}),
    responses: answering({ type: 'object', example: {} }),
  },
];
const composing = (path: string, schema: Schema): [string, string, Schema] => [
  path,
  'get',
  { operationId: `get${path.slice(1)}`, responses: answering(schema) },
];

const REQUESTS: [string, () => string, string][] = [
  [
    'a template of 18 adjacent parameters; a 15,000-letter segment and a trailing slash',
    () => contract([templated(`/x/${ADJACENT.map((name) => `{${name}}`).join('')}`, ADJACENT, 'adjacent')]),
    `/x/${'a'.repeat(15_000)}/`,
  ],
  [
    '1,000 templates of 18 parameters, each its own separator; a 15,000-letter segment holding none',
    () =>
      contract(
        Array.from({ length: 1_000 }, (_, index) =>
          templated(`/x/${ADJACENT.map((name) => `{${name}}`).join(`~${index}~`)}`, [], `separated${index}`),
        ),
      ),
    `/x/${'a'.repeat(15_000)}`,
  ],
  [
    'an answer of lists four deep, 1,000 items each (10^12 values)',
    () => contract([composing('/deep', DEEP)]),
    '/deep',
  ],
  ['the longest list the bound lets through: 130,000 integers', () => contract([composing('/wide', WIDE)]), '/wide'],
  [
    '250 lists of 340 empty objects (just under the bound)',
    () => contract([composing('/objects', OBJECTS)]),
    '/objects',
  ],
];

const STARTS: [string, () => string][] = [
  ['the built-in contract (for comparison)', () => contract([])],
  [
    'a required header of lists four deep',
    () =>
      contract([
        [
          '/deep',
          'get',
          { operationId: 'getDeep', responses: answering({}, { 'X-Deep': { required: true, schema: DEEP } }) },
        ],
      ]),
  ],
  [
    "the banner's create body: lists four deep",
    () => contract([['/deep', 'post', { operationId: 'postDeep', requestBody: body(DEEP), responses: answering({}) }]]),
  ],
  [
    "the banner's create body: 130,000 integers (printed whole)",
    () => contract([['/wide', 'post', { operationId: 'postWide', requestBody: body(WIDE), responses: answering({}) }]]),
  ],
];

function body(schema: Schema): Schema {
  return { required: true, content: { 'application/json': { schema } } };
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

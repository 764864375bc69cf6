// BENCH_ONLY=hostile: how long, and how much memory, refusing (or accepting)
// each kind of hostile contract file takes, as `serve --contract` and `--watch`
// read it (readContractFile, checked). Each file is read in a fresh process,
// which reports its own time and peak RSS.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { dump, load } from 'js-yaml';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const builtIn = readFileSync(join(root, 'openapi.yaml'), 'utf8');

interface Reading {
  kind: string;
  ms: number;
  rssMb: number;
  outcome: string;
}

/** YAML anchors, each level nine aliases of the one before: 9^levels values once expanded. */
export function aliasBomb(levels: number): string {
  const lines = ['a0: &a0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
  for (let level = 1; level < levels; level++)
    lines.push(
      `a${level}: &a${level} [${Array(9)
        .fill(`*a${level - 1}`)
        .join(',')}]`,
    );
  return builtIn.replace(/^info:/m, `x-bomb:\n${lines.map((line) => `  ${line}`).join('\n')}\ninfo:`);
}

/** The same with $refs: each schema refers nine times to the one before. */
function refBomb(levels: number): string {
  const document = load(builtIn) as { components: { schemas: Record<string, unknown> } };
  document.components.schemas.R0 = { type: 'string' };
  for (let level = 1; level < levels; level++)
    document.components.schemas[`R${level}`] = { allOf: Array(9).fill({ $ref: `#/components/schemas/R${level - 1}` }) };
  return dump(document);
}

/** One long string, named by many aliases: small in nodes, large in text once expanded. */
function longStringAliases(length: number, aliases: number): string {
  const many = `x-many: [${Array(aliases).fill('*long').join(',')}]`;
  return builtIn.replace(/^info:/m, `x-long: &long "${'x'.repeat(length)}"\n${many}\ninfo:`);
}

/** The same with $refs: a schema with a long description, referred to by many. */
function longStringRefs(length: number, refs: number): string {
  const document = load(builtIn) as { components: { schemas: Record<string, unknown> } };
  document.components.schemas.Long = { type: 'string', description: 'x'.repeat(length) };
  document.components.schemas.Many = { allOf: Array(refs).fill({ $ref: '#/components/schemas/Long' }) };
  return dump(document, { lineWidth: -1 });
}

/** A chatbot's name that is any of `width` schemas: accepted, and costly to compile, since every operation's
 * validators hold it; the server's thread runs the validators its checking thread compiled. */
export function wideAnyOf(width: number): string {
  const document = load(builtIn) as { components: { schemas: Record<string, unknown> } };
  document.components.schemas.ChatbotName = {
    anyOf: Array.from({ length: width }, (_, index) => ({ type: 'string', maxLength: 200 + index })),
  };
  return dump(document, { lineWidth: -1 });
}

/**
 * The /chatbots operations copied `copies` times under other paths: what costs most to check, since each
 * operation's validators are compiled with its schemas expanded. `broken`: the last copy's body schema does not
 * compile, so that the file is refused only at the end of the check.
 */
export function manyOperations(copies: number, broken = false): string {
  type Operation = { operationId?: string; requestBody?: unknown };
  const document = load(builtIn) as { paths: Record<string, Record<string, Operation>> };
  const original = document.paths['/chatbots'] ?? {};
  for (let copy = 0; copy < copies; copy++) {
    const item = structuredClone(original);
    for (const operation of Object.values(item)) if (operation.operationId) operation.operationId += copy;
    if (broken && copy === copies - 1 && item.post)
      // A pattern JavaScript reads, but not with the u flag the validators compile patterns with.
      item.post.requestBody = { content: { 'application/json': { schema: { type: 'string', pattern: '\\-' } } } };
    document.paths[`/copy${copy}`] = item;
  }
  return dump(document, { lineWidth: -1 });
}

/** Just under the size limit, of small values the document keeps. */
function manyValues(bytes: number): string {
  const values = Array.from({ length: Math.floor(bytes / 12) }, (_, index) => index);
  return builtIn.replace(/^info:/m, `x-values: [${values.join(',')}]\ninfo:`);
}

function deep(levels: number): string {
  return builtIn.replace(/^info:/m, `x-deep: ${'['.repeat(levels)}${']'.repeat(levels)}\ninfo:`);
}

const READ = `
const { readContractFile } = await import(${JSON.stringify(join(root, 'dist/contract/load.js'))});
const started = performance.now();
let outcome = 'accepted';
try {
  readContractFile(process.argv[1], { checked: true });
} catch (error) {
  outcome = error.message.replace(/^contract \\S+ /, '');
}
console.log(JSON.stringify({ ms: performance.now() - started, rssMb: process.resourceUsage().maxRSS / 1024, outcome }));
`;

function readIn(file: string): Omit<Reading, 'kind'> {
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', READ, file], {
    encoding: 'utf8',
    timeout: 60_000,
  });
  return JSON.parse(out) as Omit<Reading, 'kind'>;
}

export function measureHostile(): Reading[] {
  const dir = mkdtempSync(join(tmpdir(), 'bench-hostile-'));
  const files: [string, string | (() => string)][] = [
    ['the built-in contract (for comparison)', builtIn],
    ['an alias bomb, 9^9 values', aliasBomb(9)],
    ['an alias bomb, 9^12 values', aliasBomb(12)],
    ['a $ref bomb, 9^12 values', refBomb(12)],
    ['a 900,000-character string named by 1,000 aliases', longStringAliases(900_000, 1_000)],
    ['a 900,000-character description named by 1,000 $refs', longStringRefs(900_000, 1_000)],
    ['1 MiB of small values (under the size limit, over the values limit)', manyValues(1_000_000)],
    ['the operations copied 33 times (near the values limit)', manyOperations(33)],
    ['the same, the last copy broken (refused at the end of the check)', manyOperations(33, true)],
    ['nesting 99 levels deep', deep(99)],
    ['nesting 101 levels deep', deep(101)],
    ['1 MiB and one byte', `${builtIn}\n#${'x'.repeat(1_048_576 - builtIn.length)}`],
    ['a symlink to /dev/zero', () => (symlinkSync('/dev/zero', join(dir, 'zero.yaml')), join(dir, 'zero.yaml'))],
  ];
  return files.map(([kind, content], index) => {
    let file: string;
    if (typeof content === 'function') file = content();
    else writeFileSync((file = join(dir, `${index}.yaml`)), content);
    const reading = { kind, ...readIn(file) };
    console.log(
      `  ${kind}: ${reading.ms.toFixed(0)} ms, ${reading.rssMb.toFixed(0)} MB: ${reading.outcome.slice(0, 90)}`,
    );
    return reading;
  });
}

export function hostileTable(readings: readonly Reading[]): string {
  return [
    '## Hostile contract files (BENCH_ONLY=hostile)',
    '',
    'Each read as `serve --contract` reads it, in a fresh process: the time to refuse (or accept) it, ' +
      'and the peak RSS of that process.',
    '',
    '| file | time | peak RSS | outcome |',
    '|---|---|---|---|',
    ...readings.map(
      (r) =>
        `| ${r.kind} | ${r.ms.toFixed(0)} ms | ${r.rssMb.toFixed(0)} MB | ` +
        `${r.outcome.replace(/\|/g, '\\|').slice(0, 120)} |`,
    ),
  ].join('\n');
}

// BENCH_ONLY=generator: one client's generated list on `mock` (GET /api/chatbots with Prefer: dynamic=true, one
// request after another), alone, then while three other clients ask, one request after another, for a static
// answer (the cost of their load alone), then for a generation bomb on another operation of the same contract
// (GET /api/bombs: 50,000,000 chatbots). The mock has one generator for every client; a bomb that met a bound is
// refused at once for a while (decisions/0010), so that the victim waits on it once, not once per request.
// BENCH_GENERATOR_BIN runs another build's bin (a commit before the cool-down, say) for a figure to compare with.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dump, load } from 'js-yaml';
import { HOST, KEY, config } from './config.js';
import { fmt, table } from './markdown.js';
import { BIN, startProgram } from './processes.js';
import { quantile as at } from './quantile.js';

const PHASE_MS = config.quick ? 3_000 : 10_000;
const ATTACKERS = 3;
const KEYED = { authorization: `Bearer ${KEY}` };
const DYNAMIC = { ...KEYED, prefer: 'dynamic=true' };

export interface GeneratorFigures {
  /** The victim's latencies, in ms: alone, beside clients asking a static answer, beside clients asking a bomb. */
  alone: number[];
  busy: number[];
  attacked: number[];
  /** The attackers' answers: bombs made (each failed at a bound), and bombs refused at once. */
  made: number;
  refused: number;
}

/** The built-in contract and GET /bombs, a list of 50,000,000 chatbots with no example to serve instead. */
function bombContract(): string {
  const document = load(readFileSync(new URL('../../../openapi.yaml', import.meta.url), 'utf8')) as {
    paths: Record<string, { get: { operationId: string; responses: Record<string, unknown> } }>;
  };
  const list = structuredClone(document.paths['/chatbots']?.get);
  if (!list) throw new Error('openapi.yaml has no GET /chatbots');
  const data = { type: 'array', minItems: 50_000_000, items: { $ref: '#/components/schemas/Chatbot' } };
  const schema = { type: 'object', required: ['data'], properties: { data } };
  list.operationId = 'listBombs';
  list.responses['200'] = { description: 'Too many', content: { 'application/json': { schema } } };
  document.paths['/bombs'] = { get: list };
  const file = join(mkdtempSync(join(tmpdir(), 'bench-generator-')), 'openapi.yaml');
  writeFileSync(file, dump(document));
  return file;
}

/** Requests one after another until `until`, each of which must answer `status`: their latencies, in ms. */
async function oneAfterAnother(
  url: string,
  headers: Record<string, string>,
  status: number,
  until: number,
  onAnswer: (text: string) => void = () => {},
): Promise<number[]> {
  const times: number[] = [];
  while (performance.now() < until) {
    const sent = performance.now();
    const response = await fetch(url, { headers });
    const text = await response.text();
    if (response.status !== status) throw new Error(`${url} answered ${response.status}, not ${status}`);
    times.push(performance.now() - sent);
    onAnswer(text);
  }
  return times;
}

export async function measureGenerator(): Promise<GeneratorFigures> {
  const bin = process.env.BENCH_GENERATOR_BIN ?? BIN;
  const file = bombContract();
  const server = await startProgram(
    (port) => [bin, 'mock', '--contract', file, '--port', String(port), '--quiet'],
    (port) => `http://${HOST}:${port}/api`,
    { headers: DYNAMIC },
  );
  const list = `${server.url}/chatbots`;
  const victim = () => oneAfterAnother(list, DYNAMIC, 200, performance.now() + PHASE_MS);
  /** The victim's latencies while ATTACKERS clients ask for `url` with `headers`. */
  const beside = async (
    url: string,
    headers: Record<string, string>,
    status: number,
    onAnswer?: (t: string) => void,
  ) => {
    const until = performance.now() + PHASE_MS;
    const others = Array.from({ length: ATTACKERS }, () => oneAfterAnother(url, headers, status, until, onAnswer));
    const times = await oneAfterAnother(list, DYNAMIC, 200, until);
    await Promise.all(others);
    return times;
  };
  try {
    const figures: GeneratorFigures = { alone: [], busy: [], attacked: [], made: 0, refused: 0 };
    figures.alone = await victim();
    figures.busy = await beside(list, KEYED, 200);
    figures.attacked = await beside(`${server.url}/bombs`, DYNAMIC, 501, (text) => {
      if (text.includes('not made again')) figures.refused++;
      else figures.made++;
    });
    console.log(`  ${ratios(figures)}`);
    return figures;
  } finally {
    await server.close();
  }
}

/** The victim's latency beside the bombs over its latency alone, and over it beside as many static requests. */
function ratios({ alone, busy, attacked }: GeneratorFigures): string {
  const ratio = (over: number[], q: number) => fmt(at(attacked, q) / at(over, q), 2);
  return (
    `with the bombs / alone: p50 × ${ratio(alone, 0.5)}, max × ${ratio(alone, 1)}; ` +
    `with the bombs / beside static requests: p50 × ${ratio(busy, 0.5)}, max × ${ratio(busy, 1)}`
  );
}

export function generatorTable(figures: GeneratorFigures): string {
  const { alone, busy, attacked, made, refused } = figures;
  const row = (label: string, times: number[]) => [
    label,
    String(times.length),
    fmt(at(times, 0.5), 1),
    fmt(at(times, 1), 1),
  ];
  return [
    "## One client's generated list while three others ask for a generation bomb (BENCH_ONLY=generator)",
    '',
    `\`mock\`, GET /api/chatbots with \`Prefer: dynamic=true\`, one request after another for ${PHASE_MS / 1000} s ` +
      `each: alone, while ${ATTACKERS} clients ask for the static list one after another, and while they ask for ` +
      `GET /api/bombs (50,000,000 chatbots, generated). The bombs: ${made} made (each met a bound), ` +
      `${refused} refused at once.`,
    '',
    table(
      ['the victim', 'requests', 'p50 ms', 'max ms'],
      [
        row('alone', alone),
        row(`beside ${ATTACKERS} clients asking a static answer`, busy),
        row(`beside ${ATTACKERS} clients asking a bomb`, attacked),
      ],
    ),
    '',
    ratios(figures),
  ].join('\n');
}

// BENCH_ONLY=caps: `serve`'s answers while its admin views are read at the caps a client can fill (issue 32): 100
// overrides holding 1 MiB of bodies in all, and 1,000 tenants. GET /api/chatbots one request after another, first
// with the admin API empty, then filled, then filled while one client reads /__admin/overrides, /state and /requests
// one after another (the admin page reads them once a second).
import { HOST, KEY, config } from './config.js';
import { fmt, table } from './markdown.js';
import { BIN, startProgram } from './processes.js';
import { quantile as at } from './quantile.js';

const PHASE_MS = config.quick ? 2_000 : 5_000;
const KEYED = { authorization: `Bearer ${KEY}` };
const VIEWS = ['/overrides', '/state', '/requests'];

export interface CapsFigures {
  /** GET /api/chatbots latencies, ms. */
  empty: number[];
  filled: number[];
  polled: number[];
  /** Each admin view's latency at the caps, ms, and its size in bytes. */
  views: { path: string; times: number[]; bytes: number }[];
}

async function timed(url: string, headers: Record<string, string> = {}): Promise<[number, number]> {
  const sent = performance.now();
  const response = await fetch(url, { headers });
  const bytes = (await response.arrayBuffer()).byteLength;
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  return [performance.now() - sent, bytes];
}

async function during(url: string, until: number, headers: Record<string, string> = {}): Promise<number[]> {
  const times: number[] = [];
  while (performance.now() < until) times.push((await timed(url, headers))[0]);
  return times;
}

async function fill(admin: string): Promise<void> {
  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${admin}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (response.status !== 201) throw new Error(`POST ${path} answered ${response.status}: ${await response.text()}`);
  };
  // Sixteen bodies of 64,000 characters fill the megabyte; the rest of the hundred only delay.
  for (let index = 0; index < 100; index++) {
    const override =
      index < 16
        ? { status: 201, unchecked: true, body: { data: 'x'.repeat(64_000) } }
        : { delay: index, account: `nobody-${index}` };
    await post('/overrides', { operationId: 'createChatbot', ...override });
  }
  for (let index = 0; index < 1_000; index++) await post('/tenants', {});
}

export async function measureCaps(): Promise<CapsFigures> {
  const server = await startProgram(
    (port) => [BIN, 'serve', '--port', String(port), '--quiet'],
    (port) => `http://${HOST}:${port}/api`,
    { headers: KEYED },
  );
  const list = `${server.url}/chatbots`;
  const admin = `${new URL(server.url).origin}/__admin`;
  try {
    const empty = await during(list, performance.now() + PHASE_MS, KEYED);
    await fill(admin);
    const filled = await during(list, performance.now() + PHASE_MS, KEYED);
    const until = performance.now() + PHASE_MS;
    const reader = (async () => {
      while (performance.now() < until) for (const path of VIEWS) await timed(`${admin}${path}`);
    })();
    const polled = await during(list, until, KEYED);
    await reader;
    const views = [];
    for (const path of VIEWS) {
      const readings = [];
      for (let index = 0; index < 20; index++) readings.push(await timed(`${admin}${path}`));
      views.push({ path, times: readings.map(([ms]) => ms), bytes: readings[0]?.[1] ?? 0 });
    }
    const figures = { empty, filled, polled, views };
    console.log(`  GET list p50 ${fmt(at(empty, 0.5), 1)} ms empty, ${fmt(at(polled, 0.5), 1)} ms at the caps, read`);
    return figures;
  } finally {
    await server.close();
  }
}

export function capsTable({ empty, filled, polled, views }: CapsFigures): string {
  const row = (label: string, times: number[]) => [
    label,
    String(times.length),
    fmt(at(times, 0.5), 1),
    fmt(at(times, 0.99), 1),
    fmt(at(times, 1), 1),
  ];
  return [
    '## Answers at the caps a client can fill (BENCH_ONLY=caps)',
    '',
    `\`serve\`, GET /api/chatbots one after another for ${PHASE_MS / 1000} s: with nothing added, with 100 ` +
      'overrides (1 MiB of bodies) and 1,000 tenants, and so while one client reads the admin views one after ' +
      `another; then each view read 20 times at the caps. p50 at the caps, read, over p50 empty: × ` +
      `${fmt(at(polled, 0.5) / at(empty, 0.5), 2)}.`,
    '',
    table(
      ['GET /api/chatbots', 'requests', 'p50 ms', 'p99 ms', 'max ms'],
      [row('nothing added', empty), row('at the caps', filled), row('at the caps, admin views read', polled)],
    ),
    '',
    table(
      ['admin view at the caps', 'bytes', 'p50 ms', 'max ms'],
      views.map(({ path, times, bytes }) => [
        `GET /__admin${path}`,
        String(bytes),
        fmt(at(times, 0.5), 1),
        fmt(at(times, 1), 1),
      ]),
    ),
  ].join('\n');
}

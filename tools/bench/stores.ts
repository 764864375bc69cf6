// The stores side by side: create latency with 0 and with 100,000 chatbots
// stored (one connection, so it is latency and not queueing), a GET of a
// 10,000-chatbot account, and creates per second with one and two replicas on
// one PostgreSQL. PostgreSQL runs when BENCH_DATABASE_URL names a server
// (`tools/postgres.sh start` prints one), each target in a schema of its own.
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { Agent, request } from 'node:http';
import { Worker } from 'node:worker_threads';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import pg from 'pg';
import { config, KEY } from './config.js';
import { startTarget, type Running } from './processes.js';
import type { TargetKind } from './target.js';

export interface StoreFigures {
  store: string;
  /** Median create latency in ms (one client, one request at a time), with 0 and with `large` chatbots stored. */
  createMs: [number, number];
  large: number;
  /** GET of a 10,000-chatbot account: req/s and p99 ms. */
  getLarge: { rps: number; p99: number };
}

/** Another account's list while one account of `large` chatbots alternates creates and lists. */
export interface FairnessFigures {
  large: number;
  otherP99: number;
  otherRps: number;
  busyRounds: number;
}

export interface ReplicaFigures {
  one: number;
  two: number;
}

const KINDS: Record<string, TargetKind> = { memory: 'server', SQLite: 'server-sqlite', PostgreSQL: 'server-postgres' };
const BODY = JSON.stringify({ name: 'Bench', settings: { theme: 'dark' } });

function load(url: string, method: 'GET' | 'POST', connections: number, seconds: number): Promise<autocannon.Result> {
  const headers: Record<string, string> = {
    authorization: `Bearer ${KEY}`,
    ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
  };
  return autocannon({
    url: `${url}/chatbots`,
    method,
    headers,
    connections,
    duration: seconds,
    ...(method === 'POST' ? { body: BODY } : {}),
  });
}

/** The median time of `count` creates sent one after another on one kept-alive connection, in ms. */
async function createLatency(url: string, count: number): Promise<number> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    await new Promise<void>((resolve, reject) => {
      const sent = request(
        `${url}/chatbots`,
        {
          method: 'POST',
          agent,
          headers: {
            authorization: `Bearer ${KEY}`,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(BODY),
          },
        },
        (response) => {
          response.resume();
          response.on('end', () =>
            response.statusCode === 201 ? resolve() : reject(new Error(`create answered ${response.statusCode}`)),
          );
        },
      );
      sent.on('error', reject);
      sent.end(BODY);
    });
    times.push(performance.now() - started);
  }
  agent.destroy();
  return times.sort((a, b) => a - b)[Math.floor(count / 2)] ?? NaN;
}

/** A fresh schema in the benchmark's PostgreSQL, as a URL. */
async function freshSchema(base: string): Promise<string> {
  const schema = `bench_${randomBytes(5).toString('hex')}`;
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  await client.query(`CREATE SCHEMA ${schema}`);
  await client.end();
  const url = new URL(base);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return url.toString();
}

async function withTarget<T>(
  kind: TargetKind,
  count: number,
  env: Record<string, string>,
  work: (running: Running) => Promise<T>,
): Promise<T> {
  Object.assign(process.env, env);
  const running = await startTarget(kind, count);
  try {
    await load(running.url, 'GET', 2, config.warmup); // warm up the hot path
    return await work(running);
  } finally {
    await running.close();
    await sleep(config.pauseMs);
  }
}

/**
 * One account of `large` chatbots creates and lists in turn, from a worker thread of
 * its own (receiving its lists must not hold up the client that times the other
 * account); another account's lists are timed meanwhile.
 */
async function fairness(large: number, seconds: number): Promise<FairnessFigures> {
  console.log(`stores: fairness, another account's list while one of ${large} creates and lists`);
  return withTarget('server', large, {}, async ({ url }) => {
    const heavy = new Worker(
      `const { parentPort, workerData: { url, key, body } } = require('node:worker_threads');
       let busy = true, rounds = 0;
       parentPort.on('message', () => { busy = false; });
       (async () => {
         const headers = { authorization: 'Bearer ' + key, 'content-type': 'application/json' };
         while (busy) {
           await (await fetch(url + '/chatbots', { method: 'POST', headers, body })).arrayBuffer();
           await (await fetch(url + '/chatbots', { headers })).arrayBuffer();
           rounds++;
         }
         parentPort.postMessage(rounds);
       })();`,
      { eval: true, workerData: { url, key: KEY, body: BODY } },
    );
    const finished = once(heavy, 'message');
    const other = await autocannon({
      url: `${url}/chatbots`,
      headers: { authorization: 'Bearer sk_live_globex_0001' },
      connections: 2,
      duration: seconds,
    });
    heavy.postMessage('stop');
    const [busyRounds] = (await finished) as [number];
    await heavy.terminate();
    return { large, otherP99: other.latency.p99, otherRps: other.requests.average, busyRounds };
  });
}

export async function measureStores(): Promise<{
  stores: StoreFigures[];
  fairness: FairnessFigures;
  replicas?: ReplicaFigures;
  note?: string;
}> {
  const base = process.env.BENCH_DATABASE_URL;
  const seconds = config.quick ? 2 : 5;
  const large = config.quick ? 10_000 : 100_000;
  const stores: StoreFigures[] = [];
  for (const [store, kind] of Object.entries(KINDS)) {
    if (kind === 'server-postgres' && !base) continue;
    const env = async (): Promise<Record<string, string>> =>
      kind === 'server-postgres' && base ? { BENCH_DATABASE_URL: await freshSchema(base) } : {};
    const measured: number[] = [];
    for (const count of [0, large]) {
      console.log(`stores: ${store}, create latency with ${count} stored`);
      measured.push(
        await withTarget(kind, count, await env(), ({ url }) => createLatency(url, config.quick ? 300 : 2_000)),
      );
    }
    console.log(`stores: ${store}, GET of 10,000`);
    const getLarge = await withTarget(kind, 10_000, await env(), async ({ url }): Promise<StoreFigures['getLarge']> => {
      const result = await load(url, 'GET', 10, seconds);
      return { rps: result.requests.average, p99: result.latency.p99 };
    });
    const [empty = NaN, full = NaN] = measured;
    stores.push({ store, createMs: [empty, full], large, getLarge });
  }
  const fair = await fairness(large, seconds);
  if (!base)
    return {
      stores,
      fairness: fair,
      note: 'PostgreSQL skipped: set BENCH_DATABASE_URL (tools/postgres.sh start prints one).',
    };

  console.log('stores: PostgreSQL, one replica and two');
  const shared = { BENCH_DATABASE_URL: await freshSchema(base) };
  const one = await withTarget(
    'server-postgres',
    0,
    shared,
    async ({ url }) => (await load(url, 'POST', 10, seconds)).requests.average,
  );
  const two = await withTarget('server-postgres', 0, shared, (first) =>
    withTarget('server-postgres', 0, shared, async (second) => {
      const results = await Promise.all([load(first.url, 'POST', 5, seconds), load(second.url, 'POST', 5, seconds)]);
      return results.reduce((sum, result) => sum + result.requests.average, 0);
    }),
  );
  return { stores, fairness: fair, replicas: { one, two } };
}

// Two sections of the benchmark report: the stores, and how fast a watched contract is followed.
import { fmt, median, table } from './markdown.js';
import type { Follower } from './reload.js';
import type { measureStores } from './stores.js';

export type StoresResult = Awaited<ReturnType<typeof measureStores>>;

/** The stores' figures: create latency flat as the store grows, a large GET, and two replicas. */
export function storesReport({ stores, fairness, replicas, note }: StoresResult): string {
  const rows = stores.map(({ store, createMs: [empty, full], large, getLarge }) => [
    store,
    fmt(empty, 2),
    `${fmt(full, 2)} (${fmt(large)} stored)`,
    `${fmt(full / empty, 2)} ${full / empty <= 1.5 ? '✓' : '✗'}`,
    fmt(getLarge.rps),
    fmt(getLarge.p99, 1),
  ]);
  const lines = [
    table(
      ['store', 'create ms, empty', 'create ms, full', 'full ÷ empty (target ≤ 1.5)', 'GET 10,000: req/s', 'p99 ms'],
      rows,
    ),
  ];
  lines.push(
    `Another account's list while one account of ${fmt(fairness.large)} chatbots creates and lists in turn ` +
      `(${fmt(fairness.busyRounds)} rounds of a create and a ${fmt(fairness.large)}-chatbot list): p99 ` +
      `${fmt(fairness.otherP99, 1)} ms ` +
      `(target < 50 ms ${fairness.otherP99 < 50 ? '✓' : '✗'}), ${fmt(fairness.otherRps)} req/s.`,
  );
  if (replicas) {
    lines.push(
      `Creates per second on one PostgreSQL, 10 connections: one replica ${fmt(replicas.one)}, two replicas ` +
        `${fmt(replicas.two)} ` +
        `(${fmt(replicas.two / replicas.one, 2)} ×).`,
    );
  }
  if (note) lines.push(note);
  return lines.join('\n\n');
}

/** From the write of a watched contract to the first /openapi.json that holds it. */
export function reloadReport(reload: Map<Follower, number[]>): string {
  const sorted = (times: number[]) => [...times].sort((a, b) => a - b);
  return [
    'From the write of the contract file (one limit changed, saved in place) ' +
      'to the first `/openapi.json` that holds the edit, ' +
      'polled every 5 ms; the edits 300 ms apart. The watcher waits 60 ms for a burst of file events to settle ' +
      'before it reads.',
    '',
    table(
      ['command', 'edits', 'median ms', 'p95 ms', 'slowest ms'],
      [...reload].map(([command, times]) => [
        `${command} --contract FILE --watch`,
        String(times.length),
        fmt(median(times)),
        fmt(sorted(times)[Math.ceil(times.length * 0.95) - 1] ?? NaN),
        fmt(Math.max(...times)),
      ]),
    ),
  ].join('\n');
}

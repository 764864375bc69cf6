// BENCH_ONLY=coverage: what counting coverage costs each exchange (src/coverage/recorder.ts), which serve, the mock,
// MSW and createMiddleware do for every request. The recorder alone, in this process, so that the figure is its
// own and not the load's: a create (a body traced, an enum value read from its answer) and a list of 10 chatbots
// (its items are an optional property of the answer), each observed 200,000 times, median of 5 rounds. Each answer
// is parsed from its text, as the engine parses the bytes a handler or a store encoded.
import type * as Load from '../../dist/contract/load.js';
import type { CoverageRecorder, Exchange } from '../../dist/coverage/recorder.js';
import type * as Recorder from '../../dist/coverage/recorder.js';
import { quantile } from './quantile.js';

// The built modules, from where this file is once compiled (tools/dist/bench/): the recorder is no package export.
const built = (path: string) => new URL(`../../../dist/${path}`, import.meta.url).href;
const { loadContract } = (await import(built('contract/load.js'))) as typeof Load;
const { CoverageRecorder: Counting } = (await import(built('coverage/recorder.js'))) as typeof Recorder;

const ROUNDS = 5;
const TIMES = 200_000;

export interface CoverageFigures {
  /** µs per observe, the median of the rounds. */
  create: number;
  list: number;
}

const chatbot = (index: number) => ({
  id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
  name: `Chatbot ${index}`,
  settings: { theme: 'dark', prompt: 'You are a helpful assistant.' },
  is_active: true,
  created_at: '2026-11-28T09:00:00.000Z',
});

function perObserve(recorder: CoverageRecorder, exchange: Exchange): number {
  const rounds: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const started = performance.now();
    for (let i = 0; i < TIMES; i++) recorder.observe(exchange);
    rounds.push(((performance.now() - started) * 1000) / TIMES);
  }
  return quantile(rounds, 0.5);
}

const created = JSON.stringify({ data: chatbot(1) });
const listed = JSON.stringify({ data: Array.from({ length: 10 }, (_, index) => chatbot(index)) });

export function measureCoverage(): CoverageFigures {
  const recorder = new Counting(loadContract(), 'bench');
  const headers = { authorization: 'Bearer sk_live_acme_web_0001', 'content-type': 'application/json' };
  const mediaType = 'application/json; charset=utf-8';
  const create: Exchange = {
    operationId: 'createChatbot',
    headers,
    body: { name: 'Support Assistant', settings: { theme: 'dark' } },
    status: 201,
    mediaType,
    answer: () => JSON.parse(created) as unknown,
  };
  const list: Exchange = {
    operationId: 'listChatbots',
    headers,
    status: 200,
    mediaType,
    answer: () => JSON.parse(listed) as unknown,
  };
  return { create: perObserve(recorder, create), list: perObserve(recorder, list) };
}

export function coverageTable(figures: CoverageFigures): string {
  return [
    'Counting coverage, per exchange (the recorder alone, in process; median of 5 rounds of 200,000):',
    '',
    '| exchange | µs per exchange |',
    '| --- | --- |',
    `| a create: its body traced, its answer parsed for its enum value | ${figures.create.toFixed(2)} |`,
    `| a list of 10 chatbots: its answer parsed for its optional items | ${figures.list.toFixed(2)} |`,
  ].join('\n');
}

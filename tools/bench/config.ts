// The benchmark's parameters: BENCH_QUICK=1 for a short run; each can be set on its own.
export const HOST = '127.0.0.1';
/** The key of the account (acme) that holds the preloaded chatbots. */
export const KEY = 'sk_live_acme_web_0001';

const quick = process.env.BENCH_QUICK === '1';

export const config = {
  quick,
  duration: envNumber('BENCH_DURATION', quick ? 1 : 10),
  runs: Math.round(envNumber('BENCH_RUNS', quick ? 1 : 3)),
  connections: Math.round(envNumber('BENCH_CONNECTIONS', 10)),
  // Long enough for V8 to optimize the server's hot path: shorter warm-ups
  // left the first measured run of a target well below the others.
  warmup: envNumber('BENCH_WARMUP', quick ? 0.5 : 5),
  // Each run is made of this many slices, interleaved with the other targets' (see measureAll).
  slices: Math.round(envNumber('BENCH_SLICES', quick ? 1 : 5)),
  pauseMs: envNumber('BENCH_PAUSE_MS', quick ? 200 : 500),
  spawns: quick ? 2 : 5,
  memoryChatbots: quick ? 10_000 : 100_000,
};

function envNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!(value > 0)) throw new Error(`${name} must be a positive number, not "${raw}"`);
  return value;
}

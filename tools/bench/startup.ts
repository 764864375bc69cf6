// Startup (spawn to the first 200) and memory per stored chatbot, each measured
// in fresh processes.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { config, HOST, KEY } from './config.js';
import { freePort } from './freePort.js';
import { BIN, script, stopChild } from './processes.js';

/** What is started for the startup figures: our command line, Prism, and two floors. */
export const STARTERS = {
  serve: { label: 'node dist/bin.cjs serve', args: [BIN, 'serve'] },
  'serve-no-cache': {
    label: 'the same, NODE_DISABLE_COMPILE_CACHE=1',
    args: [BIN, 'serve'],
    env: { NODE_DISABLE_COMPILE_CACHE: '1' },
  },
  mock: { label: 'node dist/bin.cjs mock', args: [BIN, 'mock'] },
  'bare-node-http': { label: 'floor: node:http alone', args: [script('./bareStart.js'), 'node-http'] },
  'bare-express': { label: 'floor: Express loaded', args: [script('./bareStart.js'), 'express'] },
} satisfies Record<string, { label: string; args: string[]; env?: Record<string, string> }>;
export type Starter = keyof typeof STARTERS;

/** Milliseconds from spawn to the first 200 of GET /api/chatbots. */
async function startupMs(starter: Starter): Promise<number> {
  const port = await freePort(HOST);
  const started = performance.now();
  const { args, env } = STARTERS[starter] as { args: string[]; env?: Record<string, string> };
  const child = spawn(process.execPath, [...args, '--port', String(port)], {
    stdio: 'ignore',
    env: { ...process.env, ...env },
  });
  try {
    const deadline = started + 60_000;
    while (performance.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`${starter} exited with code ${child.exitCode}`);
      try {
        const response = await fetch(`http://${HOST}:${port}/api/chatbots`, {
          headers: { authorization: `Bearer ${KEY}` },
          signal: AbortSignal.timeout(2_000),
        });
        await response.arrayBuffer();
        if (response.status === 200) return performance.now() - started;
      } catch {
        // not listening yet
      }
      await sleep(10);
    }
    throw new Error(`${starter} gave no 200 within 60 s`);
  } finally {
    await stopChild(child);
  }
}

/** The spawns of each starter are interleaved, for the reason the load runs are. */
export async function startupSeries(starters: Starter[]): Promise<Map<Starter, number[]>> {
  const times = new Map<Starter, number[]>(starters.map((starter) => [starter, []]));
  for (const starter of starters.slice(0, 1)) await startupMs(starter); // one spawn first: disk caches warm for all
  for (let i = 0; i < config.spawns; i++) {
    for (const starter of starters) times.set(starter, [...(times.get(starter) ?? []), await startupMs(starter)]);
  }
  return times;
}

export interface Memory {
  count: number;
  rssBytesPerChatbot: number;
  heapBytesPerChatbot: number;
}

export async function memoryPerChatbot(): Promise<Memory> {
  const child = spawn(process.execPath, ['--expose-gc', script('./memory.js'), String(config.memoryChatbots)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const [code] = await once(child, 'exit');
  if (code !== 0) throw new Error(`memory.js exited with code ${code}`);
  return JSON.parse(output) as Memory;
}

// Checks an edited contract file in a worker thread (contractCheckThread.ts),
// so that a save under --watch, a hostile one included, never holds up the
// server's answers: the server thread only parses the text the check proved,
// and compiles each validator when it is first used. A check that takes
// longer than CHECK_TIMEOUT_MS ends the thread, and the edit is refused.
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { packageRoot } from '../contract/load.js';
import type { CheckAnswer, CheckRequest } from './contractCheckThread.js';

/** Far longer than the check of the largest contract accepted takes (BENCH_ONLY=hostile). */
const CHECK_TIMEOUT_MS = 10_000;
/** Twice what checking the largest contract accepted needs. */
const CHECK_HEAP_MB = 256;

export interface ContractChecker {
  /** The file's text once proven a contract this server can run; rejects with one line saying why not. */
  check(file: string, maxBytes?: number): Promise<string>;
  close(): void;
}

export function contractChecker(): ContractChecker {
  let worker: Worker | undefined;
  let nextId = 1;
  const waiting = new Map<number, { resolve: (text: string) => void; reject: (error: Error) => void }>();

  const end = (error: Error) => {
    void worker?.terminate();
    worker = undefined;
    for (const { reject } of waiting.values()) reject(error);
    waiting.clear();
  };
  const started = () => {
    if (worker) return worker;
    const thread = new Worker(join(packageRoot, 'dist', 'server', 'contractCheckThread.js'), {
      resourceLimits: { maxOldGenerationSizeMb: CHECK_HEAP_MB },
    });
    thread.on('message', (answer: CheckAnswer) => {
      const pending = waiting.get(answer.id);
      waiting.delete(answer.id);
      if ('text' in answer) pending?.resolve(answer.text);
      else pending?.reject(new Error(answer.error));
    });
    thread.on('error', (error) => thread === worker && end(error));
    thread.on('exit', () => thread === worker && end(new Error('the check stopped')));
    // The thread never keeps the process alive (after the listeners, which ref it).
    thread.unref();
    return (worker = thread);
  };

  return {
    check(file, maxBytes) {
      const id = nextId++;
      return new Promise<string>((resolve, reject) => {
        const timer = setTimeout(
          () => end(new Error(`contract ${file} took more than ${CHECK_TIMEOUT_MS} ms to check`)),
          CHECK_TIMEOUT_MS,
        );
        const settled =
          <T>(then: (value: T) => void) =>
          (value: T) => {
            clearTimeout(timer);
            then(value);
          };
        waiting.set(id, { resolve: settled(resolve), reject: settled(reject) });
        started().postMessage({ id, file, ...(maxBytes === undefined ? {} : { maxBytes }) } satisfies CheckRequest);
      });
    },
    close: () => end(new Error('the watch has ended')),
  };
}

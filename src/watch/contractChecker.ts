// Checks an edited contract file in a worker thread (contractCheckThread.ts),
// so that a save under --watch, a hostile one included, never holds up the
// server's answers: the server thread only parses the text the check proved,
// and runs the validators the check wrote as a script, with V8's code cache. A check that takes
// longer than CHECK_TIMEOUT_MS ends the thread, and the edit is refused.
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { packageRoot } from '../contract/load.js';
import type { ValidatorScript } from '../contract/precompiled.js';
import { AwaitedReplies } from './awaitedReplies.js';
import type { CheckAnswer, CheckRequest } from './contractCheckThread.js';

/** Far longer than the check of the largest contract accepted takes (BENCH_ONLY=hostile). */
const CHECK_TIMEOUT_MS = 10_000;
/** Twice what checking the largest contract accepted needs. */
const CHECK_HEAP_MB = 256;

export interface ContractChecker {
  /** The file's text once proven a contract this server can run, and its validators as a script; rejects with one
   * line saying why not. */
  check(file: string, maxBytes?: number): Promise<{ text: string; files: string[]; script: ValidatorScript }>;
  close(): void;
}

export function contractChecker(): ContractChecker {
  let worker: Worker | undefined;
  const replies = new AwaitedReplies<CheckAnswer>();

  const end = (error: Error) => {
    void worker?.terminate();
    worker = undefined;
    replies.failAll(error);
  };
  const started = () => {
    if (worker) return worker;
    const thread = new Worker(join(packageRoot, 'dist', 'watch', 'contractCheckThread.js'), {
      resourceLimits: { maxOldGenerationSizeMb: CHECK_HEAP_MB },
    });
    thread.on('message', (answer: CheckAnswer) => replies.receive(answer));
    thread.on('error', (error) => thread === worker && end(error));
    thread.on('exit', () => thread === worker && end(new Error('the check stopped')));
    // The thread never keeps the process alive (after the listeners, which ref it).
    thread.unref();
    return (worker = thread);
  };

  return {
    async check(file, maxBytes) {
      const id = replies.newId();
      const request: CheckRequest = { id, file, maxBytes };
      const answer = await replies.await(
        id,
        () => started().postMessage(request),
        CHECK_TIMEOUT_MS,
        () => end(new Error(`contract ${file} took more than ${CHECK_TIMEOUT_MS} ms to check`)),
      );
      if ('error' in answer) throw new Error(answer.error);
      return { text: answer.text, files: answer.files, script: answer.script };
    },
    close: () => end(new Error('the watch has ended')),
  };
}

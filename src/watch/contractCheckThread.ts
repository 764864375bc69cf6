// The thread that checks an edited contract file for --watch (contractChecker.ts):
// it reads the file and proves the text a contract this server can run, as
// readContractFile does, and answers with the text and its validators written
// as a script, or with why not. Compiling every validator takes up to seconds
// for a hostile schema: here, it never holds up the server's answers.
import { parentPort } from 'node:worker_threads';
import { checkContractFile } from '../contract/load.js';
import { withCodeCache, type ValidatorScript } from '../contract/precompiled.js';

export interface CheckRequest {
  id: number;
  file: string;
  maxBytes?: number;
}

/** The proven text, with its validators as a script and V8's code cache of it (precompiled.ts); or why the text
 * cannot be run. */
export type CheckAnswer =
  { id: number; text: string; files: string[]; script: Required<ValidatorScript> } | { id: number; error: string };

parentPort?.on('message', ({ id, file, maxBytes }: CheckRequest) => {
  let answer: CheckAnswer;
  try {
    const { text, files, script } = checkContractFile(file, maxBytes);
    answer = { id, text, files, script: withCodeCache(script) };
  } catch (error) {
    answer = { id, error: (error as Error).message };
  }
  // The code cache is handed over, not copied.
  parentPort?.postMessage(answer, 'script' in answer ? [answer.script.cache.buffer as ArrayBuffer] : []);
});

// The thread that checks an edited contract file for --watch (contractChecker.ts):
// it reads the file and proves the text a contract this server can run, as
// readContractFile does, and answers with the text or with why not. The
// check compiles every validator, which takes up to about half a second for
// the largest contract accepted: here, it never holds up the server's answers.
import { parentPort } from 'node:worker_threads';
import { readContractFile } from '../contract/load.js';

export interface CheckRequest {
  id: number;
  file: string;
  maxBytes?: number;
}

export type CheckAnswer = { id: number; text: string } | { id: number; error: string };

parentPort?.on('message', ({ id, file, maxBytes }: CheckRequest) => {
  let answer: CheckAnswer;
  try {
    answer = {
      id,
      text: readContractFile(file, { checked: true, ...(maxBytes === undefined ? {} : { maxBytes }) }).text,
    };
  } catch (error) {
    answer = { id, error: (error as Error).message };
  }
  parentPort?.postMessage(answer);
});

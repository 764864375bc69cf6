// Follows a contract file as it is edited (--watch): each change is read again
// and, once it proves a contract this server can run, handed on; a change that
// does not (YAML that does not parse, a document that is not OpenAPI, or one
// the server cannot run) keeps the last good contract, and the log says why in
// one line. Editors save in place or by writing another file and renaming it,
// so the file's folder is watched, and a burst of events read once. The check
// runs in another thread (contractChecker.ts): the server answers on meanwhile.
import { watch, type FSWatcher } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import type { Logger } from 'pino';
import { contractFromText, type ContractFile } from '../contract/load.js';
import { contractChecker } from './contractChecker.js';

/** The contract as last read, and a way to stop following the file. */
export interface WatchedContract {
  readonly current: ContractFile;
  close(): void;
}

/** How long a burst of file events is awaited before the file is read: well under the second an edit may take. */
const SETTLE_MS = 60;
/** A file a contract may be written in. */
const CONTRACT_TEXT = /\.(?:ya?ml|json)$/i;

/**
 * Reads `path` again whenever it changes, and calls `apply` with each good contract; `current` changes
 * once `apply` has run, and the log says so, with what `apply` returns (how the contract is served).
 * A failure of `apply` (it may build what serves the contract) is one log line too.
 */
export function watchContract(
  path: string,
  first: ContractFile,
  maxBytes: number | undefined,
  apply: (next: ContractFile) => string | undefined | Promise<string | undefined>,
  logger: Logger,
): WatchedContract {
  const file = resolve(path);
  let current = first;
  let timer: NodeJS.Timeout | undefined;
  let reading = Promise.resolve();
  const checker = contractChecker();
  // Whether the last line said a broken edit was ignored: the next good one says so, so that a warning is never
  // the last word on a file that has since been repaired.
  let broken = false;
  const refuse = (message: string) => {
    broken = true;
    logger.warn(`${message}; still serving the last good contract`);
  };

  const reload = async () => {
    let next: ContractFile;
    try {
      // Proven in the checker's thread, which compiled its validators too; this one parses the same text.
      const { text, files, script } = await checker.check(file, maxBytes);
      next = contractFromText(file, text, files, script);
    } catch (error) {
      return refuse((error as Error).message);
    }
    follow(next.files);
    if (next.text === current.text) {
      if (broken) logger.info(`contract ${file} restored: it is the last good contract again, served as it was`);
      broken = false;
      return;
    }
    let served: string | undefined;
    try {
      served = await apply(next);
    } catch (error) {
      return refuse(`contract ${file} cannot be served: ${(error as Error).message}`);
    }
    current = next;
    logger.info(`contract ${file} ${broken ? 'restored and reloaded' : 'reloaded'}${served ? `: ${served}` : ''}`);
    broken = false;
  };

  const edited = () => {
    clearTimeout(timer);
    // One reload at a time, in the order of the edits.
    timer = setTimeout(() => {
      reading = reading
        .then(reload)
        .catch((error: unknown) => logger.warn(`contract ${file} was not reloaded: ${(error as Error).message}`));
    }, SETTLE_MS);
  };
  // The folders of the contract's files, each watched for any YAML or JSON file saved in it (the root's name
  // whatever it is): a file a split contract names, or one an edit is about to name.
  const watchers = new Map<string, FSWatcher>();
  const watchFolder = (folder: string): FSWatcher => {
    const watcher = watch(folder, (_event, name) => {
      if (name === null || name === basename(file) || CONTRACT_TEXT.test(name)) edited();
    });
    watcher.on('error', (error) => logger.warn(`contract ${file} can no longer be watched: ${error.message}`));
    return watcher;
  };
  const follow = (files: readonly string[]) => {
    const folders = new Set([dirname(file), ...files.map((path) => dirname(path))]);
    for (const [folder, watcher] of watchers)
      if (!folders.has(folder)) {
        watcher.close();
        watchers.delete(folder);
      }
    for (const folder of folders) if (!watchers.has(folder)) watchers.set(folder, watchFolder(folder));
  };
  follow(first.files);
  return {
    get current() {
      return current;
    },
    close() {
      clearTimeout(timer);
      for (const watcher of watchers.values()) watcher.close();
      checker.close();
    },
  };
}

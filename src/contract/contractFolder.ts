// The files of a contract split into files, read from the root file's folder as untrusted input: a path must stay
// inside that folder once every symlink is resolved (realpath), each is read within bounds as the root is
// (boundedRead.ts), and all of them together, the root included, hold at most the contract size limit.
import { realpathSync } from 'node:fs';
import { basename, dirname, join, sep } from 'node:path';
import { readBoundedText } from './boundedRead.js';
import type { ContractFiles } from './bundle.js';
import { parseYaml } from './parseDocument.js';

export interface FolderFiles extends ContractFiles {
  /** The files read, by their real paths: what --watch follows. */
  readonly paths: string[];
  /** The text of each file read, by its path from the folder: where a diff finds a change's line. */
  readonly texts: Map<string, string>;
}

/**
 * The text of a contract's root file (or of a file read beside one, as a rules file), read as boundedRead.ts reads.
 * A pull request may commit it as a link: a link must name a file in the folder it is in, as its $refs must.
 */
export function readRootText(path: string, maxBytes: number): string {
  if (!realpathSync(path).startsWith(realpathSync(dirname(path)) + sep))
    throw new Error('it is a link to a file outside its own folder, which no file read from a pull request leaves');
  return readBoundedText(path, maxBytes);
}

/** The files beside `rootFile`, whose own text held `rootBytes`, within `maxBytes` in all. */
export function contractFolder(rootFile: string, rootBytes: number, maxBytes: number): FolderFiles {
  const folder = realpathSync(dirname(rootFile));
  let total = rootBytes;
  const paths: string[] = [];
  const texts = new Map<string, string>();
  return {
    root: basename(rootFile),
    paths,
    texts,
    read(path) {
      let real: string;
      try {
        real = realpathSync(join(folder, path));
      } catch (error) {
        throw new Error(`names ${JSON.stringify(path)}, which is no file in the contract's folder`, { cause: error });
      }
      if (!real.startsWith(folder + sep))
        throw new Error(`leaves the contract's folder once its links are followed (${JSON.stringify(path)})`);
      let text: string;
      try {
        text = readBoundedText(real, Math.max(0, maxBytes - total));
      } catch (error) {
        throw new Error(
          `names ${JSON.stringify(path)}, which cannot be read: ${(error as Error).message} (a contract's files hold ` +
            `at most ${maxBytes} bytes in all)`,
          { cause: error },
        );
      }
      total += Buffer.byteLength(text);
      paths.push(real);
      texts.set(path, text);
      try {
        return parseYaml(text);
      } catch (error) {
        throw new Error(`names ${JSON.stringify(path)}: ${(error as Error).message}`, { cause: error });
      }
    },
  };
}

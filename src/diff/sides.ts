// The two contracts a diff compares, read as untrusted data: files within the size limit, or the contract's file at
// a git commit, each with the files of its folder a split contract names (as they are on that side). Without a base,
// the base is where the branch left the main line: the merge base of HEAD with the remote's default branch
// (origin/HEAD), else origin/main, origin/master, main or master.
import { posix, relative, resolve } from 'node:path';
import type { ContractFiles } from '../contract/bundle.js';
import { contractFolder, readRootText } from '../contract/contractFolder.js';
import { parseYaml } from '../contract/parseDocument.js';
import { commitOf, mergeBase, repositoryRoot, showFile } from './git.js';

/** A side that cannot be read, or options that do not fit; `option` names the option that would help. */
export class DiffUsageError extends Error {
  override name = 'DiffUsageError';
  constructor(
    message: string,
    readonly option?: 'baseRef' | 'allowMissingBase',
    cause?: unknown,
  ) {
    super(message, cause === undefined ? undefined : { cause });
  }
}

export interface Side {
  label: string;
  text: string;
  /** The files of its folder its $refs may name (a contract split into files), as they are on that side. */
  files?: ContractFiles & { texts?: ReadonlyMap<string, string> };
}

const MAIN_LINES = ['origin/HEAD', 'origin/main', 'origin/master', 'main', 'master'];

export function readFileSide(file: string, cwd: string, maxBytes: number): Side {
  const path = resolve(cwd, file);
  try {
    const text = readRootText(path, maxBytes);
    return { label: file, text, files: contractFolder(path, Buffer.byteLength(text), maxBytes) };
  } catch (error) {
    throw new DiffUsageError(`cannot read ${file}: ${(error as Error).message}`);
  }
}

/** The head file as it is at a commit (`git show REF:path`), or undefined when the commit or the file is missing. */
export function readGitSide(ref: string, headFile: string, cwd: string, maxBytes: number): Side | undefined {
  // A ref is the caller's word, never an option of git's.
  if (ref.startsWith('-')) throw new DiffUsageError(`"${ref}" is not a git ref`, 'baseRef');
  const root = repositoryRoot(cwd);
  if (!root) throw new DiffUsageError(`a git ref needs a git repository, and ${cwd} is not inside one`, 'baseRef');
  const path = relative(root, resolve(cwd, headFile)).split('\\').join('/');
  const commit = commitOf(ref, root);
  if (!commit) return undefined;
  try {
    const text = showFile(commit, path, root, maxBytes);
    const files = committedFiles(commit, path, root, maxBytes - Buffer.byteLength(text));
    return { label: `${ref} (${commit.slice(0, 7)})`, text, files };
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOBUFS')
      throw new DiffUsageError(`${path} at ${ref} is larger than ${maxBytes} bytes`);
    return undefined;
  }
}

/** The merge base of HEAD with the main line, named; undefined outside a repository or without a main line. */
export function defaultBase(cwd: string): { ref: string; name: string } | undefined {
  for (const line of MAIN_LINES) {
    const base = mergeBase(line, cwd);
    if (base) return { ref: base, name: `the merge base with ${line}` };
  }
  return undefined;
}

/**
 * The files beside a contract at a commit, as `git show` has them (a path from the contract's folder, which the
 * bundler keeps inside it), within what is left of the size limit.
 */
function committedFiles(commit: string, rootPath: string, root: string, bytesLeft: number): ContractFiles {
  let left = bytesLeft;
  return {
    root: posix.basename(rootPath),
    read(path) {
      let text: string;
      try {
        text = showFile(commit, posix.join(posix.dirname(rootPath), path), root, Math.max(0, left));
      } catch (error) {
        throw new Error(`names ${JSON.stringify(path)}, which is no file of that commit within the size limit`, {
          cause: error,
        });
      }
      left -= Buffer.byteLength(text);
      return parseYaml(text);
    },
  };
}

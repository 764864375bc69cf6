// The few questions the diff asks git, each a git command run without a shell; a ref is the caller's word and never
// starts with "-" (src/diff/sides.ts checks), so it is never read as an option.
import { execFileSync } from 'node:child_process';

function git(args: string[], cwd: string, maxBytes = 1_048_576): string {
  return execFileSync('git', args, {
    cwd,
    encoding: 'utf8',
    maxBuffer: maxBytes + 1,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** The top folder of the repository that holds cwd, or undefined outside one. */
export function repositoryRoot(cwd: string): string | undefined {
  try {
    return git(['rev-parse', '--show-toplevel'], cwd).trim();
  } catch {
    return undefined;
  }
}

/** The commit a ref names, or undefined when it names none. */
export function commitOf(ref: string, root: string): string | undefined {
  try {
    return git(['rev-parse', '--verify', '--quiet', `${ref}^{commit}`], root).trim() || undefined;
  } catch {
    return undefined;
  }
}

/** A file as it is at a commit; throws when it is missing, or (ENOBUFS) larger than maxBytes. */
export function showFile(commit: string, path: string, root: string, maxBytes: number): string {
  return git(['show', `${commit}:${path}`], root, maxBytes);
}

/** The merge base of HEAD with a branch, or undefined when there is none. */
export function mergeBase(branch: string, cwd: string): string | undefined {
  try {
    return git(['merge-base', 'HEAD', branch], cwd).trim() || undefined;
  } catch {
    return undefined;
  }
}

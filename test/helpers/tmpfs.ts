// A small tmpfs, to fill a disk for real: mounting one needs root (or
// CAP_SYS_ADMIN); where that is refused, the caller uses its stand-in.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface Tmpfs {
  dir: string;
  remount(options: string): void;
  unmount(): void;
}

/** A mounted tmpfs of `size` (e.g. "1m"), or undefined when this machine refuses to mount one. */
export function mountTmpfs(size: string): Tmpfs | undefined {
  const dir = mkdtempSync(join(tmpdir(), 'tmpfs-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', dir], { stdio: 'pipe' });
  } catch {
    rmSync(dir, { recursive: true, force: true });
    return undefined;
  }
  return {
    dir,
    remount: (options) => execFileSync('mount', ['-o', `remount,${options}`, dir], { stdio: 'pipe' }),
    unmount: () => {
      execFileSync('umount', ['-l', dir], { stdio: 'pipe' });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

// `npm start` and `npm run mock` build only when dist/ is older than what it is
// built from (a second start answers in a second or two instead of 15–20 s).
// `node tools/build-if-stale.mjs` builds when stale; `--stamp` marks a build
// done (the last step of `npm run build`, so that a failed build leaves none).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const STAMP = 'dist/.build-stamp';
const INPUTS = [
  'src',
  'generated',
  'openapi.yaml',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'tsconfig.build.json',
  'tools/build-bin.mjs',
  'tools/build-msw.mjs',
  'packages/msw/package.json',
  'packages/msw/tsconfig.types.json',
];

/** The first input newer than the last build (or why there is no last build); undefined when dist/ is up to date. */
export function staleInput(root) {
  if (!existsSync(join(root, STAMP))) return `${STAMP} is missing`;
  const built = statSync(join(root, STAMP)).mtimeMs;
  for (const input of INPUTS) {
    const path = join(root, input);
    if (!existsSync(path)) continue;
    const files = statSync(path).isDirectory()
      ? readdirSync(path, { recursive: true }).map((name) => join(path, String(name)))
      : [path];
    // Files only: a folder's time changes when a file is added, and an added file is itself newer.
    const newer = files.find((file) => {
      const stats = statSync(file);
      // A unit test beside the code (src/**/x.test.ts) is not built.
      return stats.isFile() && !file.endsWith('.test.ts') && stats.mtimeMs > built;
    });
    if (newer) return newer;
  }
  return undefined;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  if (process.argv[2] === '--stamp') {
    writeFileSync(join(root, STAMP), '');
  } else if (staleInput(root)) {
    // npm's own CLI, as npm runs this script (npm_execpath), with the Node it runs on.
    const npm = process.env.npm_execpath ? [process.execPath, [process.env.npm_execpath]] : ['npm', []];
    const build = spawnSync(npm[0], [...npm[1], 'run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
    process.exitCode = build.status ?? 1;
  }
}

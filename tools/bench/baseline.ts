// A target of another commit, measured beside today's in the same run: BENCH_BASE (by default the commit before
// issue 28's overrides) is exported into a directory of its own, built there with this checkout's node_modules,
// and its own target.js started. Built once per commit, then reused.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startTarget, type Running } from './processes.js';
import type { TargetKind } from './target.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** The reference point of issue 28's figures: the engine before overrides were added to it. */
export const BASE = process.env.BENCH_BASE ?? '1cc9201~1';

function built(ref: string): string {
  const sha = execFileSync('git', ['-C', ROOT, 'rev-parse', '--short=12', ref], { encoding: 'utf8' }).trim();
  const dir = join(tmpdir(), `chatbot-api-mock-bench-${sha}`);
  if (existsSync(join(dir, 'tools', 'dist', 'bench', 'target.js'))) return dir;
  console.log(`building ${ref} (${sha}) in ${dir}`);
  mkdirSync(dir, { recursive: true });
  execFileSync('sh', ['-c', `git -C "${ROOT}" archive ${sha} | tar -x -C "${dir}"`]);
  if (!existsSync(join(dir, 'node_modules'))) symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
  const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
  for (const args of [[tsc, '-p', 'tsconfig.build.json'], ['tools/build-bin.mjs'], [tsc, '-p', 'tools/tsconfig.json']])
    execFileSync(process.execPath, args, { cwd: dir, stdio: 'inherit' });
  return dir;
}

export function startBaseline(kind: TargetKind, chatbots: number): Promise<Running> {
  return startTarget(kind, chatbots, join(built(BASE), 'tools', 'dist', 'bench', 'target.js'));
}

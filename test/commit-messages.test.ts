// The commit habit (docs/development.md), as a contributor meets it: `npm install` points git at .githooks, and
// the commit-msg hook refuses a subject line over 72 characters; CI checks the commits since the last landed one.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
let clone: string;
const git = (...args: string[]) =>
  spawnSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', ...args], {
    cwd: clone,
    encoding: 'utf8',
  });
const commit = (message: string, ...flags: string[]) => git('commit', '--allow-empty', '-q', ...flags, '-m', message);
const since = (rev: string) =>
  spawnSync(process.execPath, ['tools/commit-messages.mjs', '--since', rev], { cwd: clone, encoding: 'utf8' });

beforeAll(() => {
  clone = mkdtempSync(join(tmpdir(), 'commit-habit-'));
  git('init', '-q');
  mkdirSync(join(clone, 'tools'));
  for (const file of ['.githooks', 'tools/commit-messages.mjs', 'tools/install-hooks.mjs'])
    cpSync(join(root, file), join(clone, file), { recursive: true });
  execFileSync(process.execPath, ['tools/install-hooks.mjs'], { cwd: clone });
  expect(commit('First commit').status).toBe(0);
});
afterAll(() => rmSync(clone, { recursive: true, force: true }));

it('points the clone at the hooks of .githooks', () => {
  expect(git('config', 'core.hooksPath').stdout.trim()).toBe('.githooks');
});

it('accepts a subject of 72 characters, and refuses one of 73', () => {
  expect(commit('s'.repeat(72)).status).toBe(0);
  const refused = commit('s'.repeat(73));
  expect(refused.status).not.toBe(0);
  expect(refused.stderr).toContain('the subject line has 73 characters; at most 72');
});

it('refuses a body that does not start after a blank line', () => {
  const refused = commit('Subject\nbody on the second line');
  expect(refused.status).not.toBe(0);
  expect(refused.stderr).toContain('not followed by a blank line');
  expect(commit('Subject\n\nThe detail, in a body of any length. '.repeat(5)).status).toBe(0);
});

it('finds, after the last landed commit, a subject that skipped the hook', () => {
  const landed = git('rev-parse', 'HEAD').stdout.trim();
  expect(commit('A short subject').status).toBe(0);
  expect(since(landed).status).toBe(0);
  expect(commit('x'.repeat(100), '--no-verify').status).toBe(0);
  const found = since(landed);
  expect(found.status).toBe(1);
  expect(found.stderr).toMatch(/commit [0-9a-f]{12}: the subject line has 100 characters/);
});

// Docs that cannot go stale: every repository path the README and docs/ name
// (in code, as `src/…`, `test/…` and the like, or as a relative link) exists.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const PAGES = [
  'README.md',
  ...readdirSync(join(root, 'docs'), { recursive: true })
    .map((name) => join('docs', String(name)))
    .filter((name) => name.endsWith('.md')),
];
/** A path in code that names a place in this repository. */
const REPOSITORY_PATH = /^(?:src|test|tools|docs|packages|bench|generated|\.ci)\/[\w./*{}-]*$/;
/** Built or written by a run, not kept in the repository. */
const MADE = /^(?:dist|tools\/dist|packages\/msw\/dist|test-results|bench\/results\.md)(?:\/|$)/;

/** Whether a path, which may end in a glob (`test/stores/*.test.ts`), names something that exists. */
function exists(path: string): boolean {
  const plain = path.split(/[*{]/)[0]!;
  return existsSync(join(root, plain.endsWith('/') || plain === path ? plain : dirname(plain)));
}

it.each(PAGES)('%s names only paths that exist', (page) => {
  const text = readFileSync(join(root, page), 'utf8');
  const named = [...text.matchAll(/`([^`\n]+)`/g)]
    .map(([, code]) => code!.trim())
    .filter((code) => REPOSITORY_PATH.test(code) && !MADE.test(code));
  const linked = [...text.matchAll(/\]\(([^)\s#]+)(?:#[^)]*)?\)/g)]
    .map(([, target]) => target!)
    .filter((target) => !/^[a-z]+:/i.test(target))
    .map((target) => join(dirname(page), target));
  const missing = [...named, ...linked].filter((path) => !exists(path));
  expect(missing).toEqual([]);
});

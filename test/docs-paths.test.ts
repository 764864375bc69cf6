// Docs and comments that cannot go stale: every repository path the README and docs/ name (in code, as `src/…`,
// `test/…` and the like, or as a relative link), and every one a comment of the code names, exists.
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

/** The code whose comments name repository paths. */
const CODE = [
  ...['src', 'test', 'tools', 'bench'].flatMap((folder) =>
    readdirSync(join(root, folder), { recursive: true })
      .map((name) => join(folder, String(name)))
      .filter((name) => /\.(?:ts|cts|mts|mjs|js|sh)$/.test(name) && !name.startsWith('tools/dist')),
  ),
  '.ci/run',
  '.githooks/commit-msg',
];
/** A repository path inside a comment's words, not part of a longer path or a URL. */
const PATH_IN_WORDS = /(?<![\w./-])((?:src|test|tools|docs|packages|bench|generated|\.ci)\/[\w./*{}-]*[\w*}])/g;

it.each(CODE)('the comments of %s name only paths that exist', (file) => {
  const comments = readFileSync(join(root, file), 'utf8')
    .split('\n')
    .map((line) => /(?:\/\/|^\s*\*|^\s*#)(.*)$/.exec(line)?.[1] ?? '');
  const named = comments.flatMap((words) => [...words.matchAll(PATH_IN_WORDS)].map(([, path]) => path!));
  expect(named.filter((path) => !MADE.test(path) && !exists(path))).toEqual([]);
});

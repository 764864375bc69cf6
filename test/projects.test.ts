// The test layers of vitest.config.ts: every test file is in exactly one, and
// the unit layer stays fast and self-contained: no file of it spawns a process,
// reads the build (dist/, the packed packages) or imports a helper that does.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

import { expect, it } from 'vitest';
import { BROWSER, PACK, ROBUSTNESS, UNIT } from '../vitest.config.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const TESTS = ['test', 'src'].flatMap((folder) =>
  readdirSync(join(root, folder), { recursive: true })
    .map((name) => `${folder}/${String(name)}`)
    .filter((name) => name.endsWith('.test.ts')),
);
/** The few glob forms the config uses: `**\/` any folders, `*` any name part. */
const matches = (file: string, glob: string) =>
  new RegExp(
    `^${glob
      .split('**/')
      .map((part) =>
        part
          .split('*')
          .map((text) => text.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
          .join('[^/]*'),
      )
      .join('(?:.*/)?')}$`,
  ).test(file);
/** A file's code, without its comment lines (which may name dist/ or a helper). */
const codeOf = (file: string) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => !/^\s*(\/\/|\*|\/\*\*)/.test(line))
    .join('\n');
const layersOf = (file: string) =>
  Object.entries({ unit: UNIT, browser: BROWSER, pack: PACK, robustness: ROBUSTNESS })
    .filter(([, globs]) => globs.some((glob) => matches(file, glob)))
    .map(([name]) => name);

it('puts every test file in at most one named layer (the rest of test/ are integration)', () => {
  expect(TESTS.filter((file) => layersOf(file).length > 1)).toEqual([]);
  // Only test/ holds integration tests: a test file in src/ is a unit test.
  expect(TESTS.filter((file) => file.startsWith('src/') && !layersOf(file).includes('unit'))).toEqual([]);
  expect(TESTS.filter((file) => layersOf(file).includes('unit')).length).toBeGreaterThan(0);
});

it('keeps the unit layer from spawning processes or reading the build', () => {
  const forbidden =
    /node:child_process|helpers\/(run|packed|browser)\.js|from 'chatbot-api-mock|from '@chatbot-api-mock|\bdist\//;
  const offenders = TESTS.filter(
    (file) => layersOf(file).includes('unit') && forbidden.test(codeOf(join(root, file))),
  ).map((file) => relative(root, join(root, file)));
  expect(offenders).toEqual([]);
});

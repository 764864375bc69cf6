// `npm start` builds only when dist/ is older than what it is built from
// (tools/build-if-stale.mjs): which input makes it stale. test/process.test.ts
// runs the real chain, and checks that a second start does not build.
import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { STAMP, staleInput } from '../tools/build-if-stale.mjs';

function project(): string {
  const root = mkdtempSync(join(tmpdir(), 'build-stale-'));
  for (const dir of ['src/engine', 'dist']) mkdirSync(join(root, dir), { recursive: true });
  for (const file of ['src/engine/pipeline.ts', 'openapi.yaml', 'package.json']) writeFileSync(join(root, file), '');
  return root;
}
const at = (root: string, file: string, seconds: number) => utimesSync(join(root, file), seconds, seconds);

it('is stale without a finished build, fresh after one, and stale again once a source or the contract changes', () => {
  const root = project();
  expect(staleInput(root)).toBe(`${STAMP} is missing`);
  writeFileSync(join(root, STAMP), '');
  for (const file of ['src/engine/pipeline.ts', 'openapi.yaml', 'package.json']) at(root, file, 1_000);
  at(root, STAMP, 2_000);
  expect(staleInput(root)).toBeUndefined();
  at(root, 'src/engine/pipeline.ts', 3_000);
  expect(staleInput(root)).toBe(join(root, 'src/engine/pipeline.ts'));
  at(root, 'src/engine/pipeline.ts', 1_000);
  at(root, 'openapi.yaml', 3_000);
  expect(staleInput(root)).toBe(join(root, 'openapi.yaml'));
});

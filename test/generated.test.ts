// generated/ must be exactly what openapi-typescript makes of openapi.yaml now.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { readContractFile } from '../src/contract/load.js';

const root = fileURLToPath(new URL('..', import.meta.url));

it('generated/openapi.d.ts is fresh (run "npm run generate" after changing openapi.yaml)', () => {
  // openapi-typescript follows $refs: the contract (a pull request's) must first prove one document.
  readContractFile(join(root, 'openapi.yaml'), { checked: true });
  const fresh = join(mkdtempSync(join(tmpdir(), 'chatbot-generated-')), 'openapi.d.ts');
  execFileSync(join(root, 'node_modules/.bin/openapi-typescript'), ['openapi.yaml', '-o', fresh], {
    cwd: root,
    stdio: 'pipe',
  });
  const committed = readFileSync(join(root, 'generated/openapi.d.ts'), 'utf8');
  expect(committed === readFileSync(fresh, 'utf8'), 'generated/openapi.d.ts is stale: run "npm run generate"').toBe(
    true,
  );
});

// generated/ must be exactly what openapi-typescript makes of openapi.yaml and
// of the admin APIs' contracts (admin/) now.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { readContractFile } from '../src/contract/load.js';

const root = fileURLToPath(new URL('..', import.meta.url));

it.each([
  ['openapi.yaml', 'generated/openapi.d.ts'],
  ['admin/openapi.yaml', 'generated/admin.d.ts'],
  ['admin/proxy.openapi.yaml', 'generated/proxy-admin.d.ts'],
])('%s: %s is fresh (run "npm run generate" after changing it)', (contract, types) => {
  // openapi-typescript follows $refs: the contract (a pull request's) must first prove one document.
  if (contract === 'openapi.yaml') readContractFile(join(root, contract), { checked: true });
  const dir = mkdtempSync(join(tmpdir(), 'chatbot-generated-'));
  try {
    const fresh = join(dir, 'types.d.ts');
    execFileSync(join(root, 'node_modules/.bin/openapi-typescript'), [contract, '-o', fresh], {
      cwd: root,
      stdio: 'pipe',
    });
    const committed = readFileSync(join(root, types), 'utf8');
    expect(committed === readFileSync(fresh, 'utf8'), `${types} is stale: run "npm run generate"`).toBe(true);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

// Refuses a contract that is not one bounded, self-contained document before
// a tool that follows $refs (Spectral, Redocly, openapi-typescript) reads it:
// a contract under review is untrusted input (docs/security.md). Exit 2 with
// one line when it is refused.
import { existsSync } from 'node:fs';

const file = process.argv[2] ?? 'openapi.yaml';
if (!existsSync(new URL('../dist/contract/load.js', import.meta.url))) {
  console.error('check-contract: dist/ is missing: run "npm run build" first (npm test does)');
  process.exit(2);
}
const { readContractFile } = await import('../dist/contract/load.js');
try {
  readContractFile(file, { checked: true });
} catch (error) {
  console.error(`check-contract: ${error.message}`);
  process.exit(2);
}

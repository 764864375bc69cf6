// Refuses a contract that is not one bounded, self-contained document (exit 2,
// one line), and hands a tool that follows $refs (Redocly's bundler,
// openapi-typescript) the document the check built, never the file: a
// contract under review is untrusted input (docs/security.md), and each tool
// reads a $ref its own way.
//
//   node tools/check-contract.mjs FILE [-- COMMAND ARG...]
//
// With a command, it runs once on a copy of the document alone in a fresh
// folder ({} in an ARG is the copy's path), and this exits as it does.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const [file = 'openapi.yaml', separator, command, ...args] = process.argv.slice(2);
if (separator !== undefined && (separator !== '--' || command === undefined)) {
  console.error('check-contract: usage: node tools/check-contract.mjs FILE [-- COMMAND ARG...]');
  process.exit(2);
}
if (!existsSync(new URL('../dist/contract/load.js', import.meta.url))) {
  console.error('check-contract: dist/ is missing: run "npm run build" first (npm test does)');
  process.exit(2);
}
const { readContractFile } = await import('../dist/contract/load.js');
let checked;
try {
  checked = readContractFile(file, { checked: true });
} catch (error) {
  console.error(`check-contract: ${error.message}`);
  process.exit(2);
}
if (command === undefined) process.exit(0);

const { bundledCopy } = await import('../dist/contract/bundledCopy.js');
const copy = bundledCopy(checked.json, file);
try {
  const ran = spawnSync(
    command,
    args.map((arg) => arg.replaceAll('{}', () => copy.path)),
    { stdio: 'inherit' },
  );
  if (ran.error) console.error(`check-contract: ${command} did not run: ${ran.error.message}`);
  process.exitCode = ran.status ?? 1;
} finally {
  copy.remove();
}

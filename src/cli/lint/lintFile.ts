// One contract file through both linters: each is handed the document the contract check built, in a fresh folder
// of its own (contract/bundledCopy.ts), and what it finds there is placed back where it is written in the files the
// user has (a split contract's part included). Prints one line per finding and the file's closing line.
import { bundledCopy } from '../../contract/bundledCopy.js';
import type { ContractFile } from '../../contract/load.js';
import { sourceLocator } from '../../diff/sourcePositions.js';
import { printable } from '../../untrusted/printable.js';
import { findingLine } from './findings.js';
import { installHint, runLinter } from './linters.js';

/** Lints the checked contract `file`, read from `path`; true when it has findings or a linter failed. */
export async function lintFile(path: string, file: ContractFile): Promise<boolean> {
  const copy = bundledCopy(file.json, path);
  const place = sourceLocator({ file: path, text: file.sources.text, files: file.sources.files });
  const target = { copy: copy.path, shown: path, place };
  let results;
  try {
    results = await Promise.all([runLinter('spectral', target), runLinter('redocly', target)]);
  } finally {
    copy.remove();
  }
  let count = 0;
  let failed = false;
  for (const result of results) {
    if ('findings' in result) {
      for (const finding of result.findings) console.log(findingLine(finding));
      count += result.findings.length;
    } else if ('failed' in result) {
      failed = true;
      console.error(`chatbot-api-mock: ${result.linter} failed: ${printable(result.failed)}`);
    }
  }
  const missing = results.filter((result) => 'missing' in result);
  for (const result of missing) console.error(`${result.linter}: skipped: ${printable(result.missing)}`);
  if (missing.length > 0) console.error(`  to run it: ${installHint()}`);
  const ran = results.filter((result) => !('missing' in result)).map((result) => result.linter);
  console.error(
    `lint: ${printable(path)}: the contract check passed; ` +
      `${count} ${count === 1 ? 'finding' : 'findings'}` +
      (ran.length > 0 ? ` by ${ran.join(' and ')}` : ' (Spectral and Redocly not run)'),
  );
  return count > 0 || failed;
}

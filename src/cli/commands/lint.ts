// `lint [FILE...]`: lints contract files (default: the built-in openapi.yaml)
// as `npm run lint:spec` lints this project's: first the check `serve
// --contract` makes (one bounded, self-contained document every validator
// compiles for; refused in one line with exit 2), then Spectral and Redocly
// with the project's rulesets when they are installed, each handed the
// document that check built, never the file (contract/bundledCopy.ts), and
// each finding placed back at its line of the file it is written in
// (docs/decisions/0013-lint-command.md). Exit 0 clean, 1 findings (or a
// linter that failed), 2 not a contract.
import type { Command } from 'commander';
import type { ContractFile } from '../../contract/load.js';
import { LINT_SETTINGS } from '../commandSettings.js';
import { addToolSettings } from '../toolSettings.js';
import { usageError } from '../usage.js';

export function addLintCommand(program: Command): void {
  const command = program
    .command('lint')
    .description(
      'lint contract files: the check serve --contract makes, then Spectral (spectral:oas, OWASP) and Redocly ' +
        'with the project rulesets, when installed',
    )
    .argument('[FILE...]', 'the contracts (default: the built-in openapi.yaml)');
  const settingsOf = addToolSettings(command, LINT_SETTINGS);
  command.action(async (given: string[], flags: Record<string, unknown>, self: Command) => {
    const { maxContractBytes } = settingsOf(flags, self);
    const { readContractFile, specPath } = await import('../../contract/load.js');
    const paths = given.length > 0 ? given : [specPath];
    // Every file is checked before any linter runs: a refused one stops the run, exit 2.
    const read: [string, ContractFile][] = paths.map((path) => {
      try {
        return [path, readContractFile(path, { checked: true, maxBytes: maxContractBytes })];
      } catch (error) {
        return usageError((error as Error).message);
      }
    });
    const { lintFile } = await import('../lint/lintFile.js');
    let failed = false;
    for (const [path, file] of read) failed = (await lintFile(path, file)) || failed;
    process.exitCode = failed ? 1 : 0;
  });
}

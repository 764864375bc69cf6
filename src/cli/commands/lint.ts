// `lint [FILE]`: lints a contract file (default: the built-in openapi.yaml) as
// `npm run lint:spec` lints this project's: first the check `serve --contract`
// makes (one bounded, self-contained document every validator compiles for;
// refused in one line with exit 2), then Spectral and Redocly with the
// project's rulesets when they are installed (docs/decisions/0013-lint-command.md).
// Exit 0 clean, 1 findings (or a linter that failed), 2 not a contract.
import type { Command } from 'commander';
import { printable } from '../../untrusted/printable.js';
import { LINT_SETTINGS } from '../commandSettings.js';
import { addToolSettings } from '../toolSettings.js';
import { usageError } from '../usage.js';

export function addLintCommand(program: Command): void {
  const command = program
    .command('lint')
    .description(
      'lint a contract file: the check serve --contract makes, then Spectral (spectral:oas, OWASP) and Redocly ' +
        'with the project rulesets, when installed',
    )
    .argument('[FILE]', 'the contract (default: the built-in openapi.yaml)');
  const settingsOf = addToolSettings(command, LINT_SETTINGS);
  command.action(async (file: string | undefined, flags: Record<string, unknown>, self: Command) => {
    const { maxContractBytes } = settingsOf(flags, self);
    const { readContractFile, specPath } = await import('../../contract/load.js');
    const path = file ?? specPath;
    try {
      readContractFile(path, { checked: true, maxBytes: maxContractBytes });
    } catch (error) {
      usageError((error as Error).message);
    }
    const { installHint, runLinter } = await import('../lint/linters.js');
    const { findingLine } = await import('../lint/findings.js');
    const results = await Promise.all([runLinter('spectral', path), runLinter('redocly', path)]);
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
    process.exitCode = count > 0 || failed ? 1 : 0;
  });
}

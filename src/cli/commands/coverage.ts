// `coverage FILE…`: merges saved coverage journals (of verify, the proxy, a
// server's GET /__admin/coverage, MSW's or createMiddleware's coverage()),
// measures them against the contract, prints the result, writes reports, and
// with --fail-under exits 1 when any kind is below its threshold.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Option, type Command } from 'commander';
import type { Thresholds } from '../../coverage/gate.js';
import { FORMATS, type CoverageFormat } from '../../coverage/formats/names.js';
import { givenContract } from '../givenContract.js';
import { failUnderOption } from '../failUnder.js';
import { COVERAGE_SETTINGS } from '../commandSettings.js';
import { addToolSettings } from '../toolSettings.js';
import { usageError } from '../usage.js';

/** A journal holds counts, not traffic: a file this large is not one. */
const MAX_JOURNAL_BYTES = 64 * 1024 * 1024;

interface CoverageFlags {
  format: CoverageFormat;
  report?: string[];
  save?: string;
  failUnder?: Thresholds;
}

export function addCoverageCommand(program: Command): void {
  const command = program
    .command('coverage')
    .description('merge coverage journals, report what of the contract they exercised, and gate on it')
    .argument('<journals...>', 'journal files (JSON), or folders whose *.json files are journals')
    .addOption(new Option('--format <format>', 'what to print').choices(FORMATS).default('text'))
    .option(
      '--report <file>',
      'also write a report; its ending says its format: .md, .html, .xml (JUnit), .json (CTRF) (repeatable)',
      (value: string, previous: string[] = []) => [...previous, value],
    )
    .option('--save <file>', 'also write the merged journal, to merge again later')
    .addOption(failUnderOption());
  const settingsOf = addToolSettings(command, COVERAGE_SETTINGS);
  command.action(async (paths: string[], flags: CoverageFlags & Record<string, unknown>, self: Command) => {
    const started = Date.now();
    const settings = settingsOf(flags, self);
    // Loaded here, so that starting a server does not pay for them.
    const { readRootText } = await import('../../contract/contractFolder.js');
    const { parseJournal } = await import('../../coverage/readJournal.js');
    const { mergeJournals } = await import('../../coverage/journal.js');
    const { render, writeCoverage } = await import('../coverageOutput.js');
    const journals = journalFiles(paths).map((file) => {
      let text: string;
      try {
        // A journal committed as a link names a file in its own folder, as a contract's root file does.
        text = readRootText(file, MAX_JOURNAL_BYTES);
      } catch (error) {
        return usageError(`${file}: ${(error as Error).message}`);
      }
      try {
        return parseJournal(text, file);
      } catch (error) {
        return usageError((error as Error).message);
      }
    });
    const contract =
      (await givenContract(settings))?.contract ?? (await import('../../contract/load.js')).loadContract();
    const times = { start: started, stop: Date.now() };
    const measured = writeCoverage(
      contract,
      mergeJournals(journals),
      {
        journalFile: flags.save,
        reports: flags.report,
        failUnder: flags.failUnder,
      },
      times,
    );
    process.stdout.write(render(flags.format, measured, times));
    process.exitCode = measured.gate && !measured.gate.passed ? 1 : 0;
  });
}

/** The files named, each folder's *.json files in name order in its place. */
function journalFiles(paths: readonly string[]): string[] {
  return paths.flatMap((path) => {
    const folder = statSync(path, { throwIfNoEntry: false })?.isDirectory();
    if (folder === undefined) return usageError(`${path}: no such file or folder`);
    if (!folder) return [path];
    const files = readdirSync(path)
      .filter((name) => name.endsWith('.json'))
      .sort()
      .map((name) => join(path, name));
    return files.length > 0 ? files : usageError(`${path}: a folder with no .json journal in it`);
  });
}

// `verify`: derives cases from the contract (the built-in one, or a branch's
// with --contract) and runs them against any running implementation (this
// server, the mock, or your own), in four phases. The contract file and the cap
// on what it reads of an answer come from the settings table (src/cli/settings.ts).
import { InvalidArgumentError, Option, type Command } from 'commander';
import { PHASES, type Phase } from '../../verify/cases.js';
import type { Progress } from '../../verify/runVerify.js';
import type { Thresholds } from '../../coverage/gate.js';
import { failUnderOption } from '../failUnder.js';
import { givenContract } from '../givenContract.js';
import { VERIFY_SETTINGS } from '../commandSettings.js';
import { addToolSettings } from '../toolSettings.js';
import { bounded, httpUrl, reportFile } from './options.js';
import { jsonText } from '../../untrusted/json.js';
import { usageError } from '../usage.js';

interface VerifyFlags {
  baseUrl: string;
  key: string;
  keySameAccount?: string;
  keyOtherAccount?: string;
  stateless: boolean;
  phases?: Phase[];
  seed?: number;
  maxExamples: number;
  maxResponseTime?: number;
  json: boolean;
  junit?: string;
  report?: string;
  timeout: number;
  maxTime: number;
  markdown?: string;
  journal?: string;
  failUnder?: Thresholds;
}

/** The variables verify reads its keys from (an empty one is unset, as for every setting). */
export const VERIFY_KEY_ENVS = {
  key: 'VERIFY_KEY',
  sameAccount: 'VERIFY_KEY_SAME_ACCOUNT',
  otherAccount: 'VERIFY_KEY_OTHER_ACCOUNT',
} as const;

function phaseList(value: string): Phase[] {
  const phases = value
    .split(',')
    .map((phase) => phase.trim())
    .filter(Boolean) as Phase[];
  const unknown = phases.filter((phase) => !PHASES.includes(phase));
  if (phases.length === 0 || unknown.length > 0)
    throw new InvalidArgumentError(`--phases: expected a comma-separated list of ${PHASES.join(', ')}, not "${value}"`);
  return phases;
}

export function addVerifyCommand(program: Command): void {
  const command = program
    .command('verify')
    .description(
      'check a running implementation against the contract: examples, boundary cases, fuzzing, and stateful sequences',
    )
    .requiredOption('--base-url <url>', 'the service address, ending in /api', httpUrl)
    // Keys from the environment too: a CI secret stays out of the command line, which any process may read.
    .addOption(new Option('--key <key>', 'an API key of the service').env(VERIFY_KEY_ENVS.key).makeOptionMandatory())
    .addOption(
      new Option('--key-same-account <key>', 'a key of another project of the same account (checks account scope)').env(
        VERIFY_KEY_ENVS.sameAccount,
      ),
    )
    .addOption(
      new Option('--key-other-account <key>', 'a key of another account (checks tenant isolation)').env(
        VERIFY_KEY_ENVS.otherAccount,
      ),
    )
    .option(
      '--stateless',
      'the target keeps no state (the Prism mock): no stateful phase, no checks that need state',
      false,
    )
    .addOption(new Option('--phases <list>', `the phases to run, in order: ${PHASES.join(',')}`).argParser(phaseList))
    .addOption(
      new Option('--seed <number>', 'replay the generated cases of an earlier run').argParser(
        bounded('--seed', 'an integer', 0, 2 ** 31 - 1, true),
      ),
    )
    .addOption(
      new Option(
        '--max-examples <number>',
        'cases per fuzz property (the stateful phase runs a fifth as many sequences)',
      )
        .default(100)
        .argParser(bounded('--max-examples', 'a number', 1, 100_000, true)),
    )
    .addOption(
      new Option(
        '--max-response-time <ms>',
        'also fail any answer slower than this (the max_response_time check)',
      ).argParser(bounded('--max-response-time', 'milliseconds', 1, 600_000)),
    )
    .option('--json', 'print the report as JSON instead of text', false)
    .option('--junit <file>', 'also write the report as JUnit XML (one test case per check and operation)')
    .addOption(
      new Option('--report <file>', 'also write a coverage report, as Markdown (.md) or HTML (.html)').argParser(
        reportFile,
      ),
    )
    .option(
      '--markdown <file>',
      'also write a short Markdown summary: the verdict, the counts, each violation with a curl replay ' +
        '($GITHUB_STEP_SUMMARY, a PR comment)',
    )
    .option('--journal <file>', 'also write what the run exercised as a coverage journal (chatbot-api-mock coverage)')
    .addOption(failUnderOption())
    .addOption(
      new Option('--timeout <seconds>', 'give up a request after this long')
        .default(10)
        .argParser(bounded('--timeout', 'seconds', 0.001, 86_400)),
    )
    .addOption(
      new Option('--max-time <seconds>', 'bound the whole run; fuzzing and sequences stop in time')
        .default(120)
        .argParser(bounded('--max-time', 'seconds', 1, 86_400)),
    );
  const settingsOf = addToolSettings(command, VERIFY_SETTINGS);
  command.action(async (flags: VerifyFlags & Record<string, unknown>, self: Command) => {
    const started = Date.now();
    const settings = settingsOf(flags, self);
    const { maxResponseBytes, configFile } = settings;
    // stdout holds the report (JSON with --json): where the settings came from goes to stderr.
    if (configFile && !flags.json) process.stderr.write(`Settings from ${configFile}\n`);
    const given = await givenContract(settings);
    // Loaded here, so that starting a server does not pay for the kit.
    const { formatHeader, formatReport, progressLine } = await import('../../verify/report/text.js');
    const { runVerify } = await import('../../verify/runVerify.js');
    const live = process.stderr.isTTY === true;
    // A terminal gets one line rewritten in place; a CI log one line per phase, once it is done, with its count.
    let last: Progress | undefined;
    const running = runVerify({
      ...flags,
      requestTimeoutMs: flags.timeout * 1000,
      maxTimeMs: flags.maxTime * 1000,
      maxResponseBytes,
      contract: given?.contract,
      contractFile: given?.file,
      maxResponseTimeMs: flags.maxResponseTime,
      onProgress: flags.json
        ? undefined
        : (progress) => {
            if (live) process.stderr.write(`\r\x1b[K${progressLine(progress)}`);
            else if (last && progress.phase !== last.phase) process.stderr.write(`${progressLine(last)}\n`);
            last = progress;
          },
    });
    // A fault of verify itself is no finding of the target: it could not run (exit 2), as lint and diff say.
    const ran = await running.catch((error: unknown) =>
      usageError(`verify could not run: ${(error as Error).message}`),
    );
    if (live && !flags.json) process.stderr.write('\r\x1b[K');
    else if (last) process.stderr.write(`${progressLine(last)}\n`);
    // The gate is part of the verdict: every report below says a run that missed it failed, and why.
    const gate = await (await import('../coverageOutput.js')).judgeRun(given?.contract, ran.journal, flags, started);
    const report = gate ? { ...ran, gate: gate.summary, passed: ran.passed && gate.summary.passed } : ran;
    if (flags.json) console.log(jsonText(report));
    else console.log(`${formatHeader(report)}\n${formatReport(report)}`);
    if (flags.junit) (await import('../../verify/report/junit.js')).writeJUnit(report, flags.junit);
    if (flags.report) (await import('../../verify/report/coverageReport.js')).writeCoverageReport(report, flags.report);
    if (flags.markdown) (await import('../../verify/report/summary.js')).writeSummaryMarkdown(report, flags.markdown);
    if (gate) (flags.json ? process.stderr : process.stdout).write(`\n${gate.text}`);
    // 0 passed, 1 findings (a failure, or the coverage gate missed), 2 the run could not go on (nothing answers, the
    // time limit) with nothing found.
    const found = report.failures.length > 0 || report.unlistedFailures > 0 || gate?.summary.passed === false;
    process.exitCode = report.passed ? 0 : found ? 1 : 2;
  });
}

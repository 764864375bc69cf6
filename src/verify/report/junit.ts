// The report as JUnit XML: one test case per check and operation, failed with
// every distinct failure of that pair, skipped when the check could not run.
// A check of the client's own requests (the proxy's) never fails the suite: the
// client's mistakes are reported in a skipped case, for the team to read.
import { judgesTheClient } from '../checks/catalogue.js';
import { junit, junitText } from '../../untrusted/junit.js';
import { formatFinding, gateMissed, plural, unlistedPhrase } from './text.js';
import type { VerifyReport } from '../runVerify.js';
import { writeReport } from './write.js';

/** What a JUnit report is made of: `verify`'s report, or the proxy's. */
export type JUnitSource = Pick<
  VerifyReport,
  'baseUrl' | 'contract' | 'seconds' | 'checks' | 'tallies' | 'failures' | 'unlistedFailures' | 'gate'
> &
  Partial<Pick<VerifyReport, 'skipped'>> & {
    error?: string;
  };

export function writeJUnit(
  report: JUnitSource,
  file: string,
  suiteName = `Chatbot API contract: ${report.baseUrl}`,
): void {
  const builder = junit.newBuilder();
  const suite = builder.testSuite().name(suiteName).time(report.seconds);
  for (const check of report.checks) {
    const operations = report.tallies.filter((tally) => tally.check === check.name);
    if (check.skipped || operations.length === 0) {
      suite
        .testCase()
        .className(`contract.${check.name}`)
        .name(`${check.name}: ${check.title}`)
        .skipped()
        .standardOutput(check.skipped ?? 'not exercised by this run');
      continue;
    }
    for (const tally of operations) {
      const checked = judgesTheClient(check.name) ? 'request' : 'answer';
      const testCase = suite
        .testCase()
        .className(`contract.${check.name}`)
        .name(`${check.name} · ${junitText(tally.operation)}`)
        .standardOutput(`${tally.ran} ${plural(tally.ran, checked)} checked`);
      const failures = report.failures.filter(
        (finding) => finding.check === check.name && finding.operation === tally.operation,
      );
      // A pair can have failed with none of its causes listed, when they came past those kept.
      const unlisted = failures.length === 0 && tally.failed > 0 ? unlistedPhrase(report) : undefined;
      if (failures.length === 0 && !unlisted) continue;
      const summary = junitText(
        (unlisted ? [`${tally.failed} failed: ${unlisted}`] : failures.map((finding) => finding.message))
          .join('; ')
          .slice(0, 500),
      );
      if (judgesTheClient(check.name))
        testCase
          .skipped()
          .standardOutput(`the client's own requests broke the contract (not a fault of the target): ${summary}`);
      else testCase.failure(summary);
      testCase.standardError(
        junitText(failures.map((finding, index) => formatFinding(finding, index + 1, report.contract)).join('\n\n')),
      );
    }
  }
  // A case verify could not make: skipped, with why, so that a CI page names it.
  for (const skip of report.skipped ?? [])
    suite
      .testCase()
      .className('contract.skipped')
      .name(junitText(`${skip.operation} · ${skip.phase} phase · ${skip.what}`))
      .skipped()
      .standardOutput(junitText(skip.reason));
  if (report.error) suite.testCase().className('contract.run').name('the run').failure(junitText(report.error));
  // The coverage gate: a case of its own, so that a CI page shows why a run without a failed check failed.
  if (report.gate) {
    const gate = suite.testCase().className('contract.coverage').name('coverage gate');
    const missed = gateMissed(report);
    if (missed) gate.failure(junitText(missed));
  }
  writeReport(file, builder.build(), report.failures);
}

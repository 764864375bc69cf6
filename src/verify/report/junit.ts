// The report as JUnit XML: one test case per check and operation, failed with
// every distinct failure of that pair, skipped when the check could not run.
// A check of the client's own requests (the proxy's) never fails the suite: the
// client's mistakes are reported in a skipped case, for the team to read.
import { createRequire } from 'node:module';
import type { Builder } from 'junit-report-builder';
import { judgesTheClient } from '../checks/catalogue.js';
import { printable } from '../../untrusted/printable.js';
import { formatFinding, plural } from './text.js';
import type { VerifyReport } from '../runVerify.js';
import { writeReport } from './write.js';

/**
 * Text from the traffic as JUnit can hold it: control characters escaped (XML 1.0 forbids most of them), and
 * `]]>` written `]]\u003e`, since the builder splits only the first one out of a CDATA section.
 */
const junitText = (text: string) =>
  text
    .split('\n')
    .map((line) => printable(line).replace(/]]>/g, ']]\\u003e'))
    .join('\n');

// The package is CommonJS whose typings claim an ES default export; require it as it is.
const junit = createRequire(import.meta.url)('junit-report-builder') as Builder;

/** What a JUnit report is made of: `verify`'s report, or the proxy's. */
export type JUnitSource = Pick<VerifyReport, 'baseUrl' | 'contract' | 'seconds' | 'checks' | 'tallies' | 'failures'> & {
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
        .name(`${check.name} · ${tally.operation}`)
        .standardOutput(`${tally.ran} ${plural(tally.ran, checked)} checked`);
      const failures = report.failures.filter(
        (finding) => finding.check === check.name && finding.operation === tally.operation,
      );
      if (failures.length === 0) continue;
      const summary = junitText(
        failures
          .map((finding) => finding.message)
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
  if (report.error) suite.testCase().className('contract.run').name('the run').failure(junitText(report.error));
  writeReport(file, builder.build(), report.failures);
}

// Coverage as JUnit XML: a suite per kind with a case per item (skipped when
// never exercised, so a CI test page lists the gaps), and a suite for the gate
// whose cases fail below their threshold.
import { junit, junitText } from '../../untrusted/junit.js';
import type { GateVerdict } from '../gate.js';
import { KINDS } from '../kinds.js';
import type { CoverageResult } from '../measure.js';
import { faultNote } from './lines.js';

export function coverageJUnit(result: CoverageResult, gate?: GateVerdict): string {
  const builder = junit.newBuilder();
  for (const kind of KINDS) {
    const suite = builder.testSuite().name(`contract coverage: ${kind}`);
    for (const item of result.items.filter((entry) => entry.kind === kind)) {
      const test = suite
        .testCase()
        .className(`coverage.${junitText(item.operation)}`)
        .name(junitText(item.label));
      if (item.count === 0) test.skipped().standardOutput(`never exercised${faultNote(item)}`);
    }
  }
  if (gate) {
    const suite = builder.testSuite().name('contract coverage: gate');
    for (const entry of gate.results) {
      const test = suite.testCase().className('coverage.gate').name(`${entry.kind} at least ${entry.required} %`);
      if (!entry.passed)
        test.failure(
          `${entry.kind}: ${entry.covered}/${entry.total} (${entry.percent.toFixed(1)} %) < ${entry.required} %`,
        );
    }
  }
  return builder.build();
}

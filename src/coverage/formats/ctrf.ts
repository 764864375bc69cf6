// Coverage as a CTRF report (Common Test Report Format, as Specmatic writes):
// a test per item, skipped when never exercised, and a test per threshold of
// the gate, failed below it.
import { jsonText } from '../../untrusted/json.js';
import type { GateVerdict } from '../gate.js';
import type { CoverageResult } from '../measure.js';
import { faultNote } from './lines.js';

type Status = 'passed' | 'failed' | 'skipped';

interface CtrfTest {
  name: string;
  status: Status;
  duration: 0;
  suite: [string, ...string[]];
  message?: string;
}

export function coverageCtrf(
  result: CoverageResult,
  gate: GateVerdict | undefined,
  times: { start: number; stop: number },
  version: string,
): string {
  const tests: CtrfTest[] = result.items.map((item) => ({
    name: `${item.operation}: ${item.label}`,
    status: item.count > 0 ? 'passed' : 'skipped',
    duration: 0,
    suite: ['contract coverage', item.kind],
    ...(item.count > 0 ? {} : { message: `never exercised${faultNote(item)}` }),
  }));
  for (const entry of gate?.results ?? [])
    tests.push({
      name: `${entry.kind} at least ${entry.required} %`,
      status: entry.passed ? 'passed' : 'failed',
      duration: 0,
      suite: ['contract coverage', 'gate'],
      message: `${entry.covered}/${entry.total} (${entry.percent.toFixed(1)} %)`,
    });
  const count = (status: Status) => tests.filter((test) => test.status === status).length;
  const report = {
    reportFormat: 'CTRF',
    specVersion: '0.0.0',
    generatedBy: 'chatbot-api-mock coverage',
    results: {
      tool: { name: 'chatbot-api-mock', version },
      summary: {
        tests: tests.length,
        passed: count('passed'),
        failed: count('failed'),
        skipped: count('skipped'),
        pending: 0,
        other: 0,
        ...times,
      },
      tests,
    },
  };
  return `${jsonText(report)}\n`;
}

// The verification report: readable text, JSON, and JUnit XML for CI systems.
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import type { Builder } from 'junit-report-builder';
import type { CheckResult, VerifyReport } from './runner.js';

// The package is CommonJS whose typings claim an ES default export; require it as it is.
const junit = createRequire(import.meta.url)('junit-report-builder') as Builder;

const MARKS = { passed: '✓', failed: '✗', skipped: '–' } as const;

export function formatHeader(baseUrl: string, stateless: boolean): string {
  return `Contract verification of ${baseUrl}${stateless ? ' (stateless target)' : ''}\n`;
}

export function formatResult(result: CheckResult): string {
  const lines = [`  ${MARKS[result.outcome]} ${result.id}  ${result.title}`];
  if (result.outcome === 'failed') {
    for (const exchange of result.exchanges) {
      lines.push(`      ${exchange.method} ${exchange.path} → ${exchange.status}`);
    }
    lines.push(`      reason: ${result.reason}`);
  } else if (result.outcome === 'skipped') {
    lines.push(`      ${result.reason}`);
  }
  return lines.join('\n');
}

export function formatSummary(report: VerifyReport): string {
  const total = report.results.length;
  return `\n${total} checks: ${report.passed} passed, ${report.failed} failed, ${report.skipped} skipped`;
}

export function writeJUnit(report: VerifyReport, file: string): void {
  const builder = junit.newBuilder();
  const suite = builder.testSuite().name(`Chatbot API contract: ${report.baseUrl}`);
  for (const result of report.results) {
    const testCase = suite
      .testCase()
      .className('chatbot-api.contract')
      .name(`${result.id}: ${result.title}`)
      .time(result.seconds);
    const exchanges = result.exchanges.map((e) => `${e.method} ${e.path} -> ${e.status}`).join('\n');
    if (exchanges) testCase.standardOutput(exchanges);
    if (result.outcome === 'failed') testCase.failure(result.reason);
    if (result.outcome === 'skipped') testCase.skipped().standardOutput(result.reason);
  }
  mkdirSync(dirname(file), { recursive: true });
  builder.writeTo(file);
}

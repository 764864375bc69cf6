// The Markdown summary (--markdown FILE) of `verify` and `proxy`, for a CI job's
// page ($GITHUB_STEP_SUMMARY) or a pull request comment: the verdict, the counts,
// and each distinct violation with its check and a curl command to replay it.
// The coverage report (--report) holds the rest.
import { htmlText, markdownCode, markdownCodeBlock } from '../../untrusted/markdown.js';
import { judgesTheClient } from '../checks/catalogue.js';
import type { Finding } from '../findings.js';
import { summaryLines, type AnyReport } from './coverageReport.js';
import { replayBodiesNote, writeReport } from './write.js';

const shortened = (text: string) => (text.length > 300 ? `${text.slice(0, 300)}…` : text);

function findingsTable(findings: readonly Finding[]): string[] {
  if (findings.length === 0) return [];
  // What the traffic brought is a code span in a cell, entities inside HTML: text, never a link, an image or HTML.
  const rows = findings.map(
    (finding, index) =>
      `| ${index + 1} | \`${finding.check}\` | ${markdownCode(finding.operation)} | ${finding.occurrences} | ` +
      `${markdownCode(shortened(finding.message))} |`,
  );
  const replays = findings.flatMap((finding, index) => [
    `<details><summary>${index + 1}. ${finding.check} · ${htmlText(finding.operation)}: expected ` +
      `${htmlText(shortened(finding.expected))}, and how to replay it</summary>`,
    '',
    ...markdownCodeBlock(finding.curl, 'sh'),
    '',
    '</details>',
    '',
  ]);
  const note = replayBodiesNote(findings);
  return [
    '| # | check | operation | seen | problem |',
    '|---|---|---|---|---|',
    ...rows,
    '',
    ...(note ? [note, ''] : []),
    ...replays,
  ];
}

export function summaryMarkdown(report: AnyReport): string {
  const lines = summaryLines(report, markdownCode);
  const [, verdict = ''] = lines;
  const passed = verdict.startsWith('Verdict: passed');
  const title = 'upstream' in report ? 'Contract proxy' : 'Contract verification';
  const own = report.failures.filter((finding) => !judgesTheClient(finding.check));
  const clients = report.failures.filter((finding) => judgesTheClient(finding.check));
  return [
    `## ${passed ? '✅' : '❌'} ${title}: ${passed ? 'passed' : 'failed'}`,
    '',
    ...lines.map((line) => `- ${line}`),
    '',
    ...(own.length > 0 ? ['### Violations', '', ...findingsTable(own)] : []),
    ...(clients.length > 0
      ? ["### Requests that broke the contract (the client's, not a failure)", '', ...findingsTable(clients)]
      : []),
  ].join('\n');
}

export function writeSummaryMarkdown(report: AnyReport, file: string): void {
  writeReport(file, `${summaryMarkdown(report)}\n`, report.failures);
}

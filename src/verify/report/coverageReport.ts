// The coverage report (--report FILE.md or FILE.html) of `verify` and of
// `proxy`: for each operation, which documented statuses, request examples and
// checks a run (or the proxied traffic) exercised, and which it did not; then
// every failure with its replay command.
import { htmlEscape } from '../../untrusted/html.js';
import { markdownCode, markdownCodeBlock } from '../../untrusted/markdown.js';
import { CATALOGUE, judgesTheClient } from '../checks/catalogue.js';
import type { Finding } from '../findings.js';
import type { VerifyReport } from '../runVerify.js';
import { createdPhrase, gateMissed, plural, unlistedPhrase } from './text.js';
import { replayBodiesNote, writeReport } from './write.js';

/** What the proxy's report holds (src/proxy/violations.ts), as the reports read it. */
interface ProxiedReport extends Pick<
  VerifyReport,
  | 'baseUrl'
  | 'contract'
  | 'seconds'
  | 'requests'
  | 'failures'
  | 'unlistedFailures'
  | 'checks'
  | 'tallies'
  | 'coverage'
  | 'gate'
> {
  upstream: string;
  violations: number;
  requestViolations: number;
}

/** What the reports are made of: `verify`'s report, or the proxy's. */
export type AnyReport = VerifyReport | ProxiedReport;

function isProxyReport(report: AnyReport): report is ProxiedReport {
  return 'upstream' in report;
}

interface Table {
  caption: string;
  head: string[];
  rows: string[][];
}

const YES = '✓';
const NO = '✗ not exercised';

/** How a format writes text it did not write (an operationId, a path, a pointer, an error); the target, the upstream
 * and the contract's file are the command line's. */
type Show = (text: string) => string;
const asIs: Show = (text) => text;

function tables(report: AnyReport, show: Show): Table[] {
  return report.coverage.flatMap((operation) => {
    const checks = report.checks
      .filter((check) => CATALOGUE[check.name].on?.includes(operation.operation as never) ?? true)
      .map((check) => {
        const tally = report.tallies.find(
          (candidate) => candidate.check === check.name && candidate.operation === operation.operation,
        );
        const state = check.skipped
          ? `– skipped: ${check.skipped}`
          : !tally
            ? NO
            : tally.failed > 0
              ? `✗ ${tally.failed} of ${tally.ran} failed`
              : `${YES} ${tally.ran}`;
        return [check.name, CATALOGUE[check.name].title, state];
      });
    const title =
      operation.operation === 'unmatched'
        ? `Requests no operation matches (${show(operation.path)}) · ${operation.requests} requests`
        : `${show(operation.operation)} (${show(`${operation.method} ${operation.path}`)}) · ` +
          `${operation.requests} requests`;
    return [
      {
        caption: `${title}: documented statuses`,
        head: ['status', 'exercised'],
        rows: [
          ...operation.statuses.map(({ status, exercised, unprovoked }) => [
            show(status),
            exercised ? YES : unprovoked ? `– not provoked: ${unprovoked}` : NO,
          ]),
          ...operation.undocumented.map((status) => [String(status), '✗ answered, but not documented']),
        ],
      },
      ...(operation.examples.length > 0
        ? [
            {
              caption: `${title}: request examples`,
              head: ['example', 'sent'],
              rows: operation.examples.map(({ pointer, sent }) => [show(pointer), sent ? YES : NO]),
            },
          ]
        : []),
      { caption: `${title}: checks`, head: ['check', 'asserts', 'answers checked'], rows: checks },
    ];
  });
}

/** The lines that sum a report up: the target, the verdict, and what was run. */
export function summaryLines(report: AnyReport, show: Show): string[] {
  return [...targetLines(report, show), ...(report.contract === undefined ? [] : [`Contract: ${report.contract}`])];
}

function targetLines(report: AnyReport, show: Show): string[] {
  if (isProxyReport(report)) {
    const upstream = report.failures.filter((finding) => !judgesTheClient(finding.check)).length;
    const passed = report.violations === 0 && report.gate?.passed !== false;
    return [
      `Upstream: ${report.upstream}, proxied at ${report.baseUrl}`,
      `Verdict: ${passed ? 'passed' : 'failed'}, ${counted(upstream, 'distinct violation')} by the upstream` +
        unlisted(report) +
        belowTheGate(report),
      `${counted(report.requests, 'request')} in ${report.seconds.toFixed(1)} s; ` +
        `${counted(report.violations, 'contract violation')} by the upstream's answers, ` +
        `${counted(report.requestViolations, 'request')} that broke the contract themselves`,
    ];
  }
  return [
    `Target: ${report.baseUrl}${report.stateless ? ' (stateless)' : ''}`,
    `Verdict: ${report.passed ? 'passed' : 'failed'}, ${counted(report.failures.length, 'distinct failure')}` +
      `${unlisted(report)}${report.error ? `; the run stopped: ${show(report.error)}` : ''}${belowTheGate(report)}`,
    `Phases: ${report.phases.join(', ')}; seed ${report.seed}; ${report.maxExamples} examples per fuzz property`,
    `${counted(report.requests, 'request')} in ${report.seconds.toFixed(1)} s; ${createdPhrase(report)}`,
    ...report.skipped.map(
      (skip) => `Skipped: ${show(`${skip.operation} · ${skip.phase} phase · ${skip.what}: ${skip.reason}`)}`,
    ),
    ...(report.unlistedSkips > 0 ? [`Skipped: ${counted(report.unlistedSkips, 'more case')}, not listed`] : []),
  ];
}

const counted = (count: number, words: string) => `${count} ${plural(count, words)}`;

const unlisted = (report: Pick<VerifyReport, 'unlistedFailures'>) => {
  const phrase = unlistedPhrase(report);
  return phrase ? `; ${phrase}` : '';
};

const belowTheGate = (report: Pick<VerifyReport, 'gate'>) => {
  const missed = gateMissed(report);
  return missed ? `; ${missed}` : '';
};

export function coverageMarkdown(report: AnyReport): string {
  const out = ['# Contract coverage', '', ...summaryLines(report, markdownCode).map((line) => `- ${line}`), ''];
  for (const table of tables(report, markdownCode)) {
    out.push(`## ${table.caption}`, '', `| ${table.head.join(' | ')} |`, `|${table.head.map(() => '---').join('|')}|`);
    for (const row of table.rows) out.push(`| ${row.join(' | ')} |`);
    out.push('');
  }
  const note = replayBodiesNote(report.failures);
  if (note) out.push(note, '');
  for (const [heading, findings] of failureSections(report)) {
    out.push(`## ${heading}`, '');
    // What the traffic brought is shown as code: text, never a link, an image or HTML.
    for (const finding of findings) {
      out.push(
        `### ${finding.check} · ${markdownCode(finding.operation)}`,
        '',
        `- case: ${markdownCode(finding.label)}`,
        `- problem: ${markdownCode(finding.message)}`,
        `- expected: ${markdownCode(finding.expected)} (${markdownCode(finding.pointer)})`,
        '',
        ...markdownCodeBlock(finding.curl, 'sh'),
        '',
      );
    }
  }
  return out.join('\n');
}

/** The target's failures, and apart from them the requests that broke the contract themselves (a proxied
 * client's, which the verdict does not count): each under its own heading. */
function failureSections(report: AnyReport): [string, Finding[]][] {
  const own = report.failures.filter((finding) => !judgesTheClient(finding.check));
  const clients = report.failures.filter((finding) => judgesTheClient(finding.check));
  return [
    ...(own.length > 0 ? [[isProxyReport(report) ? 'Violations' : 'Failures', own] as [string, Finding[]]] : []),
    ...(clients.length > 0
      ? [["Requests that broke the contract (the client's, not a failure)", clients] as [string, Finding[]]]
      : []),
  ];
}

/** Our own words' `code` spans as <code>, once the text is escaped: a reader sees no literal backticks. */
const prose = (text: string) => htmlEscape(text).replace(/`([^`]+)`/g, '<code>$1</code>');

export function coverageHtml(report: AnyReport): string {
  const mark = (text: string) =>
    `<td class="${text.startsWith(YES) ? 'yes' : text.startsWith('✗') ? 'no' : 'skip'}">${prose(text)}</td>`;
  // A caption, a cell and a line are escaped whole, what came from outside with our own words.
  const body = tables(report, asIs).map(
    (table) =>
      `<table><caption>${htmlEscape(table.caption)}</caption>` +
      `<tr>${table.head.map((h) => `<th>${htmlEscape(h)}</th>`).join('')}</tr>${table.rows
        .map(
          (row) =>
            `<tr>${row
              .slice(0, -1)
              .map((c) => `<td>${prose(c)}</td>`)
              .join('')}${mark(row.at(-1) ?? '')}</tr>`,
        )
        .join('')}</table>`,
  );
  const note = replayBodiesNote(report.failures);
  const section = (finding: Finding) =>
    `<section class="${judgesTheClient(finding.check) ? 'client' : 'failure'}"><h3>${htmlEscape(finding.check)} · ` +
    `${htmlEscape(finding.operation)}</h3><p>${htmlEscape(finding.label)}</p><p><b>Problem:</b> ` +
    `${htmlEscape(finding.message)}</p><p><b>Expected:</b> ${htmlEscape(finding.expected)} ` +
    `<code>${htmlEscape(finding.pointer)}</code></p><pre>${finding.curl.map(htmlEscape).join('\n')}</pre></section>`;
  const failures = failureSections(report).map(
    ([heading, findings]) => `<h2>${htmlEscape(heading)}</h2>${findings.map(section).join('\n')}`,
  );
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>Contract coverage: ${htmlEscape(report.baseUrl)}</title>
<style>
body{font:14px/1.45 system-ui,sans-serif;margin:2rem;max-width:70rem;color:#1d2330}
h1{font-size:1.5rem}table{border-collapse:collapse;margin:1rem 0;width:100%}
caption{text-align:left;font-weight:600;padding:.3rem 0}
th,td{border:1px solid #d5d9e2;padding:.3rem .5rem;text-align:left;vertical-align:top}th{background:#f3f5f9}
.yes{color:#17703a}.no{color:#b3261e;font-weight:600}.skip{color:#6b7280}.verdict{font-size:1.1rem;font-weight:600}
pre{background:#f6f8fa;padding:.6rem;overflow-x:auto;white-space:pre-wrap}
.failure{border-left:4px solid #b3261e;padding-left:1rem}.client{border-left:4px solid #9aa1ad;padding-left:1rem}
</style></head><body>
<h1>Contract coverage</h1>
<ul>${summaryLines(report, asIs)
    .map((line, index) => `<li${index === 1 ? ' class="verdict"' : ''}>${htmlEscape(line)}</li>`)
    .join('')}</ul>
${body.join('\n')}
${note ? `<p>${htmlEscape(note)}</p>` : ''}${failures.join('\n')}
</body></html>
`;
}

export function writeCoverageReport(report: AnyReport, file: string): void {
  writeReport(file, /\.html?$/i.test(file) ? coverageHtml(report) : coverageMarkdown(report), report.failures);
}

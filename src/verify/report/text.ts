// The report as text for a terminal or a CI log: each failure once, with the
// request to replay it, then every check with how often it ran, then totals.
import { joinedLines } from '../../untrusted/joinedLines.js';
import { printable } from '../../untrusted/printable.js';
import { KEPT_CAUSES, type Finding } from '../findings.js';
import type { Progress, VerifyReport } from '../runVerify.js';

export function formatHeader(
  report: Pick<VerifyReport, 'baseUrl' | 'stateless' | 'seed' | 'runId' | 'phases' | 'contract'>,
): string {
  return [
    `Contract verification of ${report.baseUrl}${report.stateless ? ' (stateless target)' : ''}`,
    ...(report.contract === undefined ? [] : [`  contract: ${printable(report.contract)}`]),
    `  phases: ${report.phases.join(', ')} · seed ${report.seed} (the same seed replays the same cases) · names ` +
      `start verify-${report.runId}`,
  ].join('\n');
}

/** `contract`: the file the pointer is in (default: the built-in openapi.yaml). */
export function formatFinding(finding: Finding, index: number, contract = 'openapi.yaml'): string {
  const { status, contentType, body } = finding.answer;
  const answer = [String(status), ...(contentType ? [contentType] : []), ...(body ? [oneLine(body, 200)] : [])].join(
    ' ',
  );
  const lines = [
    `${index}. ${finding.check} · ${printable(finding.operation)} · ${finding.phase} ` +
      `phase${finding.occurrences > 1 ? ` · seen ${finding.occurrences} times` : ''}`,
    `   case:     ${oneLine(finding.label, 400)}`,
    `   problem:  ${oneLine(finding.message, 400)}`,
    `   got:      ${finding.answer.status === 0 ? '(no answer)' : answer}`,
    `   expected: ${oneLine(finding.expected, 300)} (${printable(contract)} ${printable(finding.pointer)})`,
    `   replay:${finding.curl.length > 1 ? ' (in this order)' : ''}`,
    // A command is quoted for sh; a newline inside its quotes is the traffic's, shown escaped on a terminal.
    ...finding.curl.map((command) => `     ${printable(command)}`),
  ];
  return lines.join('\n');
}

export function formatReport(report: VerifyReport): string {
  const out: string[] = [''];
  if (report.error) out.push(`✗ the run stopped: ${printable(report.error)}`, '');
  for (const hint of report.hints) out.push(`hint: ${printable(hint)}`, '');
  if (report.failures.length > 0) {
    out.push(`✗ ${report.failures.length} ${plural(report.failures.length, 'failure')}`, '');
    report.failures.forEach((finding, index) => out.push(formatFinding(finding, index + 1, report.contract), ''));
  }
  const unlisted = unlistedPhrase(report);
  if (unlisted) out.push(`✗ ${unlisted}`, '');
  out.push(...formatSkips(report));
  out.push('Checks');
  const width = Math.max(...report.checks.map((check) => check.name.length));
  for (const check of report.checks) {
    const mark = check.skipped ? '–' : check.failed > 0 ? '✗' : check.ran > 0 ? '✓' : '·';
    const detail = check.skipped
      ? `skipped: ${check.skipped}`
      : check.ran === 0
        ? 'not exercised'
        : `${check.ran} ${plural(check.ran, 'answer')}${check.failed ? `, ${check.failed} failed` : ''}`;
    out.push(`  ${mark} ${check.name.padEnd(width)}  ${detail}`);
  }
  out.push('', formatSummary(report));
  return out.join('\n');
}

export function formatSummary(report: VerifyReport): string {
  const verdict = report.passed ? '✓ passed' : '✗ failed';
  const requests = `${report.requests} ${plural(report.requests, 'request')} in ${report.seconds.toFixed(1)} s`;
  // A run that stopped found no failures of the contract: it says why it stopped instead of "0 failures".
  const outcome = report.error
    ? `the run stopped (${oneLine(report.error, 200)})`
    : `${report.failures.length} ${plural(report.failures.length, 'failure')}`;
  const missed = gateMissed(report);
  const gate = missed ? ` · ${missed}` : '';
  const skips = report.skipped.length + report.unlistedSkips;
  const skipped = skips > 0 ? ` · ${skips} ${plural(skips, 'case')} skipped` : '';
  return `${verdict}: ${outcome}${gate}${skipped} · ${requests} · ${createdPhrase(report)} · seed ${report.seed}`;
}

/** `coverage below the gate: answers 64.2 % < 70 %` when --fail-under failed the run. */
export function gateMissed(report: Pick<VerifyReport, 'gate'>): string | undefined {
  return report.gate && !report.gate.passed ? `coverage below the gate: ${report.gate.below}` : undefined;
}

/** The cases the run could not make, one line each, and a blank line; nothing when it made them all. */
export function formatSkips(report: Pick<VerifyReport, 'skipped' | 'unlistedSkips'>): string[] {
  const count = report.skipped.length + report.unlistedSkips;
  if (count === 0) return [];
  return [
    `– ${count} ${plural(count, 'case')} skipped: verify cannot make ${count === 1 ? 'it' : 'them'}`,
    ...report.skipped.map(
      (skip) => `  – ${printable(skip.operation)} · ${skip.phase} phase · ${skip.what}: ${oneLine(skip.reason, 400)}`,
    ),
    ...(report.unlistedSkips > 0 ? [`  – and ${report.unlistedSkips} more, not listed`] : []),
    '',
  ];
}

/** `3 more failures, of causes past the first 200, not listed`, when there are any. */
export function unlistedPhrase(report: Pick<VerifyReport, 'unlistedFailures'>): string | undefined {
  const count = report.unlistedFailures;
  return count > 0
    ? `${count} more ${plural(count, 'failure')}, of causes past the first ${KEPT_CAUSES}, not listed`
    : undefined;
}

/** What the creates left behind: chatbots kept by a stateful target, nothing by a stateless one (a mock). */
export function createdPhrase(report: Pick<VerifyReport, 'stateless' | 'chatbotsCreated' | 'runId'>): string {
  const { chatbotsCreated: made } = report;
  return report.stateless
    ? `${made} ${plural(made, 'create')} answered, none kept (a stateless target)`
    : `${made} ${plural(made, 'chatbot')} created (named verify-${report.runId} …)`;
}

/** One line that a terminal rewrites in place while the run goes on. */
export function progressLine(progress: Progress): string {
  const { phase, requests, total, failures } = progress;
  return (
    `  … ${phase} phase · ${requests} ${plural(requests, 'request')} (${total} in all) · ${failures} ` +
    `${plural(failures, 'failure')}`
  );
}

/** On one line, control characters escaped: the traffic can neither forge a line nor drive the terminal. */
function oneLine(text: string, limit: number): string {
  const flat = printable(joinedLines(text));
  return flat.length > limit ? `${flat.slice(0, limit)}…` : flat;
}

export function plural(count: number, word: string): string {
  return count === 1 ? word : `${word}s`;
}

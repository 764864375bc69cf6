// What every command that measures coverage writes (`coverage`, and `verify`
// and `proxy` with --fail-under or --journal): the merged journal, report
// files in the format their names imply, and the gate's verdict.
import type { Contract } from '../contract/contract.js';
import {
  belowThresholds,
  judgeCoverage,
  type GateSummary,
  type GateVerdict,
  type Thresholds,
} from '../coverage/gate.js';
import type { CoverageJournal } from '../coverage/journal.js';
import { measureCoverage, type CoverageResult } from '../coverage/measure.js';
import type { CoverageFormat } from '../coverage/formats/names.js';
import { formatOfFile, renderCoverage } from '../coverage/formats/render.js';
import { jsonText } from '../untrusted/json.js';
import { writeReport } from '../verify/report/write.js';
import { packageVersion } from './version.js';

export interface CoverageOutput {
  /** The journal written as it is, to merge later. */
  journalFile?: string | undefined;
  /** Report files; each one's ending says its format (formatOfFile). */
  reports?: readonly string[] | undefined;
  failUnder?: Thresholds | undefined;
}

export interface Measured {
  result: CoverageResult;
  gate: GateVerdict | undefined;
}

export function writeCoverage(
  contract: Contract,
  journal: CoverageJournal,
  output: CoverageOutput,
  times: { start: number; stop: number },
): Measured {
  const result = measureCoverage(contract, journal);
  const gate = output.failUnder ? judgeCoverage(result, output.failUnder) : undefined;
  // No replay bodies beside them: coverage reports hold no finding.
  if (output.journalFile) writeReport(output.journalFile, `${jsonText(journal)}\n`, []);
  for (const file of output.reports ?? []) writeReport(file, render(formatOfFile(file), { result, gate }, times), []);
  return { result, gate };
}

export function render(format: CoverageFormat, measured: Measured, times: { start: number; stop: number }): string {
  return renderCoverage(format, measured.result, { gate: measured.gate, times, version: packageVersion });
}

/** What --fail-under made of a run of verify or the proxy: part of its verdict, in every report it writes. */
export interface RunGate {
  summary: GateSummary;
  /** The coverage report as text, for the terminal. */
  text: string;
}

/** --journal and --fail-under of verify and proxy: the journal saved and the gate judged, before the reports. */
export async function judgeRun(
  contract: Contract | undefined,
  journal: CoverageJournal,
  flags: { journal?: string | undefined; failUnder?: Thresholds | undefined },
  started: number,
): Promise<RunGate | undefined> {
  if (!flags.journal && !flags.failUnder) return undefined;
  const judged = contract ?? (await import('../contract/load.js')).loadContract();
  const times = { start: started, stop: Date.now() };
  const measured = writeCoverage(judged, journal, { journalFile: flags.journal, failUnder: flags.failUnder }, times);
  const { gate } = measured;
  if (!gate) return undefined;
  return { summary: { passed: gate.passed, below: belowThresholds(gate) }, text: render('text', measured, times) };
}

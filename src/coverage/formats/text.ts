// Coverage as a terminal reads it: the counts per kind, the gate, and what was
// never exercised, most important first.
import type { GateVerdict } from '../gate.js';
import { KINDS } from '../kinds.js';
import type { CoverageResult } from '../measure.js';
import { printable } from '../../untrusted/printable.js';
import { foreignLine, headline, itemLine, kindRow, verdictLine } from './lines.js';

/** A terminal shows this many missing items; the other formats list them all. */
const SHOWN = 25;

export function coverageText(result: CoverageResult, gate?: GateVerdict): string {
  const rows = KINDS.map((kind) => kindRow(result, kind, gate));
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => row[column]?.length ?? 0))) ?? [];
  const out = [headline(result, printable), ''];
  for (const row of rows)
    out.push(`  ${row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ')}`.trimEnd());
  const verdict = verdictLine(gate);
  if (verdict) out.push('', verdict);
  if (result.missing.length > 0) {
    out.push('', `Never exercised (${result.missing.length}), most important first:`);
    for (const item of result.missing.slice(0, SHOWN)) out.push(`  ${itemLine(item, printable)}`);
    if (result.missing.length > SHOWN)
      out.push(`  … and ${result.missing.length - SHOWN} more (the Markdown and HTML reports list them all)`);
  }
  if (result.undocumented.length > 0) {
    out.push('', 'Answered, but not documented by the contract:');
    for (const { answer, count } of result.undocumented) out.push(`  ${printable(answer)} × ${count}`);
  }
  const foreign = foreignLine(result);
  if (foreign) out.push('', foreign);
  return out.join('\n');
}

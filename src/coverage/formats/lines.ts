// The words every coverage format shares: how an item, a kind and the gate read. What a contract or a journal
// brought is written by the format's `show` (src/untrusted/), never as it came.
import type { CoverageItem } from '../items.js';
import type { CoverageKind } from '../kinds.js';
import { belowThresholds, type GateVerdict } from '../gate.js';
import { providedByFaults, type CoverageResult } from '../measure.js';

const NOUN: Record<CoverageKind, string> = {
  operations: 'operation',
  answers: 'answer',
  problems: 'problem type',
  parameters: 'parameter',
  properties: 'body property',
  'answer-properties': 'answer property',
  enums: 'enum value',
};

/** How a format writes text it did not write: printable, markdownCode… */
export type Show = (text: string) => string;

/** `createChatbot: answer 409 application/problem+json`, with why it may be missing. */
export function itemLine(item: CoverageItem, show: Show): string {
  const label = show(item.label);
  const what = item.kind === 'operations' ? `never called (${label})` : `${NOUN[item.kind]} ${label}`;
  return `${show(item.operation)}: ${what}${faultNote(item)}`;
}

export function faultNote(item: CoverageItem): string {
  return providedByFaults(item)
    ? ' (a server fault: no client request provokes it; force it with a fault or an override)'
    : '';
}

export function headline(result: CoverageResult, show: Show): string {
  const { title, version } = result.contract;
  const unmatched = result.unmatched > 0 ? `, ${result.unmatched} matched no operation` : '';
  const sources = result.sources.map(show).join(', ') || 'no run';
  return (
    `Contract coverage of ${show(title)} ${show(version)}, from ${sources}: ` +
    `${result.requests} ${result.requests === 1 ? 'request' : 'requests'}${unmatched}`
  );
}

export function kindRow(result: CoverageResult, kind: CoverageKind, gate?: GateVerdict): string[] {
  const measured = result.kinds.find((entry) => entry.kind === kind);
  const threshold = gate?.results.find((entry) => entry.kind === kind);
  return [
    kind,
    `${measured?.covered ?? 0}/${measured?.total ?? 0}`,
    `${(measured?.percent ?? 100).toFixed(1)} %`,
    threshold ? `${threshold.passed ? '✓' : '✗'} at least ${threshold.required} %` : '',
  ];
}

export function verdictLine(gate: GateVerdict | undefined): string | undefined {
  if (!gate) return undefined;
  return gate.passed ? 'Gate: passed' : `Gate: failed: ${belowThresholds(gate)}`;
}

/** Keys of the journals that no item of this contract has: said, so that a journal of another version shows. */
export function foreignLine(result: CoverageResult): string | undefined {
  const { length } = result.foreign;
  return length === 0
    ? undefined
    : `${length} counted ${length === 1 ? 'item names' : 'items name'} nothing in this contract ` +
        '(a journal of another version?)';
}

// A journal measured against a contract's items: per kind, how many were
// exercised; and what was not, most important first (an operation never
// called, then error answers, problem types, other answers, parameters, body
// properties sent, optional answer properties received, and enum values).
import type { Contract } from '../contract/contract.js';
import { coveragePlan, type CoverageItem } from './items.js';
import { KINDS, type CoverageKind } from './kinds.js';
import type { CoverageJournal } from './journal.js';

export interface KindCoverage {
  kind: CoverageKind;
  covered: number;
  total: number;
  /** covered / total × 100, one decimal; 100 when there is nothing of the kind. */
  percent: number;
}

export interface CoverageResult {
  contract: CoverageJournal['contract'];
  sources: string[];
  requests: number;
  unmatched: number;
  kinds: KindCoverage[];
  /** Every item, with how many exchanges exercised it. */
  items: (CoverageItem & { count: number })[];
  /** The items never exercised, most important first. */
  missing: CoverageItem[];
  /** Answers the contract does not document, most frequent first. */
  undocumented: { answer: string; count: number }[];
  /** Keys of the journals that name no item of this contract (a journal of another version of it). */
  foreign: string[];
}

/** Server faults: a client cannot provoke them from outside; a test forces them (a fault, an override). */
export const providedByFaults = (item: CoverageItem) => item.status !== undefined && /^5/.test(item.status);

export function measureCoverage(contract: Contract, journal: CoverageJournal): CoverageResult {
  const { items } = coveragePlan(contract);
  const counted = items.map((item) => ({ ...item, count: journal.seen[item.key] ?? 0 }));
  const known = new Set(items.map((item) => item.key));
  const kinds = KINDS.map((kind) => {
    const ofKind = counted.filter((item) => item.kind === kind);
    const covered = ofKind.filter((item) => item.count > 0).length;
    const total = ofKind.length;
    return { kind, covered, total, percent: total === 0 ? 100 : Math.floor((covered / total) * 1000) / 10 };
  });
  const missing = counted
    .filter((item) => item.count === 0)
    .map(({ count: _count, ...item }) => item)
    .sort((a, b) => rank(a) - rank(b));
  return {
    contract: journal.contract,
    sources: journal.sources,
    requests: journal.requests,
    unmatched: journal.unmatched,
    kinds,
    items: counted,
    missing,
    undocumented: Object.entries(journal.undocumented)
      .map(([answer, count]) => ({ answer, count }))
      .sort((a, b) => b.count - a.count),
    foreign: Object.keys(journal.seen).filter((key) => !known.has(key)),
  };
}

/** Lower is more important. Sorting is stable: within a rank, the contract's order. */
function rank(item: CoverageItem): number {
  switch (item.kind) {
    case 'operations':
      return 0;
    case 'answers':
      return /^[45]/.test(item.status ?? '') || item.status === 'default' ? 1 : 3;
    case 'problems':
      return 2;
    case 'parameters':
      return 4;
    case 'properties':
      return 5;
    case 'answer-properties':
      return 6;
    case 'enums':
      return 7;
  }
}

// A coverage journal: what runs exercised, as counts per item key (items.ts).
// It is plain JSON, small whatever the traffic (its keys are the contract's
// items, and at most MAX_UNDOCUMENTED others), and journals of several
// processes or machines add up into one (mergeJournals).
import type { Contract } from '../contract/contract.js';

export const JOURNAL_FORMAT = 'chatbot-api-mock coverage journal';

export interface CoverageJournal {
  format: typeof JOURNAL_FORMAT;
  version: 1;
  /** The contract it was counted against: its title and version. */
  contract: { title: string; version: string };
  /** What recorded it: serve, mock, msw, middleware, verify or proxy; several once merged. */
  sources: string[];
  requests: number;
  /** Requests no operation of the contract matches. */
  unmatched: number;
  /** Item key → how many exchanges exercised it. */
  seen: Record<string, number>;
  /** Answers the contract does not document (`createChatbot 418`, a problem type it does not name) → count. */
  undocumented: Record<string, number>;
}

/** Distinct undocumented answers kept: a misbehaving service cannot grow a journal without bound. */
export const MAX_UNDOCUMENTED = 200;

export function contractName(contract: Pick<Contract, 'document'>): CoverageJournal['contract'] {
  const { title, version } = contract.document.info;
  return { title: String(title), version: String(version) };
}

export function emptyJournal(contract: CoverageJournal['contract'], sources: string[] = []): CoverageJournal {
  return {
    format: JOURNAL_FORMAT,
    version: 1,
    contract,
    sources,
    requests: 0,
    unmatched: 0,
    seen: {},
    undocumented: {},
  };
}

/** The journals added up: counts summed, sources joined. The first names the contract. */
export function mergeJournals(journals: readonly CoverageJournal[]): CoverageJournal {
  const first = journals[0];
  const merged = emptyJournal(first?.contract ?? { title: '', version: '' });
  for (const journal of journals) {
    merged.sources = [...new Set([...merged.sources, ...journal.sources])];
    merged.requests += journal.requests;
    merged.unmatched += journal.unmatched;
    addCounts(merged.seen, journal.seen, Infinity);
    addCounts(merged.undocumented, journal.undocumented, MAX_UNDOCUMENTED);
  }
  return merged;
}

function addCounts(into: Record<string, number>, from: Readonly<Record<string, number>>, cap: number): void {
  // Counted once, not per key: a journal may hold a million keys.
  let keys = Object.keys(into).length;
  for (const [key, count] of Object.entries(from)) {
    const known = Object.hasOwn(into, key);
    if (!known && keys >= cap) continue;
    if (!known) keys++;
    into[key] = (known ? (into[key] ?? 0) : 0) + count;
  }
}

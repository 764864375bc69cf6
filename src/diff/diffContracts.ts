// The diff of two contracts: every change a client of the API can notice, each with its rule and level.
import { changesOf, type Change } from './changes.js';
import { compareOperations, contractOf } from './compareOperations.js';
import { compareSecuritySchemes } from './compareSecurity.js';
import { compareLimits, compareServers } from './compareServers.js';
import type { Document } from './document.js';
import type { Finding } from './finding.js';
import { Work } from './schema/work.js';

export function diffContracts(before: Document, after: Document): Change[] {
  const found: Finding[] = [];
  compareServers(before, after, found);
  compareLimits(before, after, found);
  compareSecuritySchemes(before, after, found);
  const work = new Work();
  compareOperations(contractOf(before, work), contractOf(after, work), found);
  return changesOf(found);
}

/** The major version of info.version went up: the breaking changes are announced. */
export function majorRaised(before: Document, after: Document): boolean {
  const major = (document: Document) => {
    const info = document.info as { version?: unknown } | undefined;
    const match = /^v?(\d+)/.exec(String(info?.version ?? ''));
    return match ? Number(match[1]) : undefined;
  };
  const [was, is] = [major(before), major(after)];
  return was !== undefined && is !== undefined && is > was;
}

// Two lists of security requirements (any one lets a request in; each names the schemes it needs together, with
// their scopes) matched one to one: the same requirement, the same schemes with other scopes, more schemes, fewer
// schemes, or none. The lists come from the pull request under review and the document's own list applies to every
// operation without one, so each pair of lists is matched once, by keys rather than by comparing every pair, and the
// search for a requirement with more or fewer schemes, the one part that compares pairs, stops after a bound: past
// it, an old requirement not yet matched is taken as removed (a breaking change: the gate fails closed).

import type { RuleId } from './catalogue.js';

export type Requirement = Map<string, string[]>;

export interface SecurityChange {
  kind: RuleId;
  before?: string;
  after?: string;
}

/** Pairs of requirements the search for more or fewer schemes compares, for each pair of lists. */
export const MAX_REQUIREMENT_PAIRS = 1_000_000;

/** `bearerAuth + apiKey[read]`: a requirement as a reviewer reads it. */
export function describe(requirement: Requirement): string {
  return [...requirement]
    .map(([scheme, scopes]) => (scopes.length > 0 ? `${scheme}[${scopes.join(', ')}]` : scheme))
    .join(' + ');
}

const normal = (requirement: Requirement) =>
  JSON.stringify(
    [...requirement]
      .map(([scheme, scopes]) => [scheme, [...scopes].sort()] as const)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  );
const schemesKey = (requirement: Requirement) => JSON.stringify([...requirement.keys()].sort());
const within = (inner: Requirement, outer: Requirement) => [...inner.keys()].every((scheme) => outer.has(scheme));

/** The changes from one list to the other, each old requirement matched with at most one new one. */
export function compareRequirements(oldList: Requirement[], newList: Requirement[]): SecurityChange[] {
  const changes: SecurityChange[] = [];
  const used = new Set<Requirement>();
  const byNormal = new Map<string, Requirement>();
  // The new requirements by their schemes, each list read from its first one not yet used.
  const bySchemes = new Map<string, { list: Requirement[]; next: number }>();
  for (const candidate of newList) {
    const key = normal(candidate);
    if (!byNormal.has(key)) byNormal.set(key, candidate);
    const schemes = bySchemes.get(schemesKey(candidate));
    if (schemes) schemes.list.push(candidate);
    else bySchemes.set(schemesKey(candidate), { list: [candidate], next: 0 });
  }
  const firstUnused = (requirement: Requirement) => {
    const schemes = bySchemes.get(schemesKey(requirement));
    if (!schemes) return undefined;
    while (schemes.next < schemes.list.length && used.has(schemes.list[schemes.next] as Requirement)) schemes.next++;
    return schemes.list[schemes.next];
  };
  let pairsLeft = MAX_REQUIREMENT_PAIRS;
  const unusedWhere = (fits: (candidate: Requirement) => boolean) => {
    for (const candidate of newList) {
      pairsLeft -= 1;
      if (pairsLeft < 0) return undefined;
      if (!used.has(candidate) && fits(candidate)) return candidate;
    }
    return undefined;
  };
  for (const requirement of oldList) {
    const same = byNormal.get(normal(requirement));
    if (same) {
      used.add(same);
      continue;
    }
    const values = { before: describe(requirement) };
    const sameSchemes = firstUnused(requirement);
    if (sameSchemes) {
      used.add(sameSchemes);
      const added = [...sameSchemes].some(([scheme, scopes]) =>
        scopes.some((scope) => !requirement.get(scheme)?.includes(scope)),
      );
      const removed = [...requirement].some(([scheme, scopes]) =>
        scopes.some((scope) => !sameSchemes.get(scheme)?.includes(scope)),
      );
      const after = describe(sameSchemes);
      if (added) changes.push({ kind: 'api-security-scope-added', ...values, after });
      if (removed) changes.push({ kind: 'api-security-scope-removed', ...values, after });
      continue;
    }
    const more = unusedWhere((candidate) => within(requirement, candidate));
    const fewer = more ? undefined : unusedWhere((candidate) => within(candidate, requirement));
    const matched = more ?? fewer;
    if (matched) used.add(matched);
    const kind = more
      ? 'api-security-scheme-added-to-requirement'
      : fewer
        ? 'api-security-scheme-removed-from-requirement'
        : 'api-security-alternative-removed';
    changes.push({ kind, ...values, ...(matched ? { after: describe(matched) } : {}) });
  }
  for (const requirement of newList) {
    if (!used.has(requirement)) changes.push({ kind: 'api-security-alternative-added', after: describe(requirement) });
  }
  return changes;
}

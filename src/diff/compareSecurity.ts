// Security as OpenAPI means it: a list of requirements, any one of which lets a request in (OR), each naming the
// schemes it needs together (AND) with their scopes. An operation's own list replaces the document's. A change breaks
// a client when a way in that it used is no longer enough.
import { isDeepStrictEqual } from 'node:util';
import type { Document } from './document.js';
import type { Finding } from './finding.js';
import { isSchema, type Schema } from './schema/schema.js';

type Requirement = Map<string, string[]>;

function requirementsOf(document: Document, operation: Schema): { list: Requirement[]; origin: string } | undefined {
  const own = operation.security;
  const list = Array.isArray(own) ? own : Array.isArray(document.security) ? document.security : undefined;
  if (!list) return undefined;
  return {
    list: list
      .filter(isSchema)
      .map(
        (requirement) =>
          new Map(
            Object.entries(requirement).map(([scheme, scopes]) => [
              scheme,
              Array.isArray(scopes) ? scopes.map(String) : [],
            ]),
          ),
      ),
    origin: Array.isArray(own) ? 'security' : '#/security',
  };
}

const isOpen = (list: Requirement[] | undefined) => !list || list.length === 0 || list.some((r) => r.size === 0);
const schemesOf = (requirement: Requirement) => new Set(requirement.keys());
const within = (inner: Set<string>, outer: Set<string>) => [...inner].every((item) => outer.has(item));

export function compareSecurity(
  operation: string,
  before: Document,
  after: Document,
  old: Schema,
  now: Schema,
  found: Finding[],
  at: string,
): void {
  const was = requirementsOf(before, old);
  const is = requirementsOf(after, now);
  const origin = is?.origin === 'security' ? `${at}/security` : '#/security';
  const push = (kind: string, values: { before?: unknown; after?: unknown } = {}): void => {
    found.push({ kind, where: `${operation} security`, origin, ...values });
  };
  if (isOpen(was?.list) && isOpen(is?.list)) return;
  if (isOpen(was?.list)) return push('api-security-added', { after: is?.list.map(describe) });
  if (isOpen(is?.list)) return push('api-security-removed', { before: was?.list.map(describe) });
  const oldList = was?.list ?? [];
  const newList = is?.list ?? [];
  const used = new Set<Requirement>();
  for (const requirement of oldList) {
    const same = newList.find((candidate) => isDeepStrictEqual(normal(candidate), normal(requirement)));
    if (same) {
      used.add(same);
      continue;
    }
    const schemes = schemesOf(requirement);
    const sameSchemes = newList.find(
      (candidate) => !used.has(candidate) && isDeepStrictEqual(schemesOf(candidate), schemes),
    );
    const values = { before: describe(requirement) };
    if (sameSchemes) {
      used.add(sameSchemes);
      const added = [...sameSchemes].some(([scheme, scopes]) =>
        scopes.some((scope) => !requirement.get(scheme)?.includes(scope)),
      );
      const removed = [...requirement].some(([scheme, scopes]) =>
        scopes.some((scope) => !sameSchemes.get(scheme)?.includes(scope)),
      );
      if (added) push('api-security-scope-added', { ...values, after: describe(sameSchemes) });
      if (removed) push('api-security-scope-removed', { ...values, after: describe(sameSchemes) });
      continue;
    }
    const more = newList.find((candidate) => !used.has(candidate) && within(schemes, schemesOf(candidate)));
    if (more) {
      used.add(more);
      push('api-security-scheme-added-to-requirement', { ...values, after: describe(more) });
      continue;
    }
    const fewer = newList.find((candidate) => !used.has(candidate) && within(schemesOf(candidate), schemes));
    if (fewer) {
      used.add(fewer);
      push('api-security-scheme-removed-from-requirement', { ...values, after: describe(fewer) });
      continue;
    }
    push('api-security-alternative-removed', values);
  }
  for (const requirement of newList) {
    if (!used.has(requirement)) push('api-security-alternative-added', { after: describe(requirement) });
  }
}

const normal = (requirement: Requirement) =>
  [...requirement]
    .map(([scheme, scopes]) => [scheme, [...scopes].sort()] as const)
    .sort(([a], [b]) => a.localeCompare(b));

/** `bearerAuth + apiKey[read]`: a requirement as a reviewer reads it. */
function describe(requirement: Requirement): string {
  return [...requirement]
    .map(([scheme, scopes]) => (scopes.length > 0 ? `${scheme}[${scopes.join(', ')}]` : scheme))
    .join(' + ');
}

/** The security schemes under components: added, removed, or changed where a requirement uses them. */
export function compareSecuritySchemes(before: Document, after: Document, found: Finding[]): void {
  const schemes = (document: Document) => {
    const components = isSchema(document.components) ? document.components : {};
    return isSchema(components.securitySchemes) ? components.securitySchemes : {};
  };
  const [was, is] = [schemes(before), schemes(after)];
  const used = usedSchemes(after);
  for (const name of Object.keys(is)) {
    const where = `security scheme ${name}`;
    const origin = `#/components/securitySchemes/${name}`;
    if (!(name in was)) found.push({ kind: 'api-security-component-added', where, origin });
    else if (!isDeepStrictEqual(was[name], is[name])) {
      const kind = used.has(name) ? 'api-security-component-changed' : 'api-unused-security-component-changed';
      found.push({ kind, where, origin, before: was[name], after: is[name] });
    }
  }
  for (const name of Object.keys(was)) {
    if (!(name in is))
      found.push({
        kind: 'api-security-component-removed',
        where: `security scheme ${name}`,
        origin: `#/components/securitySchemes/${name}`,
      });
  }
}

function usedSchemes(document: Document): Set<string> {
  const names = new Set<string>();
  const collect = (list: unknown) => {
    if (Array.isArray(list))
      for (const requirement of list)
        if (isSchema(requirement)) for (const name of Object.keys(requirement)) names.add(name);
  };
  collect(document.security);
  for (const item of Object.values(isSchema(document.paths) ? document.paths : {})) {
    if (isSchema(item))
      for (const operation of Object.values(item)) if (isSchema(operation)) collect(operation.security);
  }
  return names;
}

// Security as OpenAPI means it: a list of requirements, any one of which lets a request in (OR), each naming the
// schemes it needs together (AND) with their scopes. An operation's own list replaces the document's. A change breaks
// a client when a way in that it used is no longer enough.
import type { Document } from './document.js';
import type { RuleId } from './catalogue.js';
import type { Finding } from './finding.js';
import { isSchema, type Schema } from './schema/schema.js';
import { schemeChange, scopesOf } from './securitySchemes.js';
import { compareRequirements, describe, type Requirement, type SecurityChange } from './securityRequirements.js';

interface Requirements {
  list: Requirement[];
  /** Each requirement as a reviewer reads it. */
  described: string[];
  /** No requirement, or one that needs nothing: anyone may call. */
  open: boolean;
  /** The list as the document holds it. */
  source: unknown[];
}

/** Each list read once: the document's list is every operation's that has none of its own. */
const read = new WeakMap<unknown[], Requirements>();

function requirementsOf(document: Document, operation: Schema): (Requirements & { origin: string }) | undefined {
  const own = operation.security;
  const source = Array.isArray(own) ? own : Array.isArray(document.security) ? document.security : undefined;
  if (!source) return undefined;
  let requirements = read.get(source);
  if (!requirements) {
    const list: Requirement[] = source
      .filter(isSchema)
      .map(
        (requirement) =>
          new Map(
            Object.entries(requirement).map(([scheme, scopes]) => [
              scheme,
              Array.isArray(scopes) ? scopes.map(String) : [],
            ]),
          ),
      );
    const open = list.length === 0 || list.some((requirement) => requirement.size === 0);
    requirements = { list, described: list.map(describe), open, source };
    read.set(source, requirements);
  }
  return { ...requirements, origin: Array.isArray(own) ? 'security' : '#/security' };
}

const isOpen = (requirements: Requirements | undefined) => !requirements || requirements.open;

/** Each pair of lists compared once: the document's list is every operation's that has none of its own. */
const compared = new WeakMap<object, WeakMap<object, SecurityChange[]>>();

function changesBetween(was: Requirements, is: Requirements): SecurityChange[] {
  const known = compared.get(was.source)?.get(is.source);
  if (known) return known;
  const changes = compareRequirements(was.list, is.list);
  const forOld = compared.get(was.source) ?? new WeakMap<object, SecurityChange[]>();
  compared.set(was.source, forOld.set(is.source, changes));
  return changes;
}

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
  const push = (kind: RuleId, values: { before?: unknown; after?: unknown } = {}): void => {
    found.push({ kind, where: `${operation} security`, origin, ...values });
  };
  if (isOpen(was) && isOpen(is)) return;
  if (isOpen(was)) return push('api-security-added', { after: is?.described });
  if (isOpen(is)) return push('api-security-removed', { before: was?.described });
  for (const { kind, ...values } of changesBetween(was as Requirements, is as Requirements)) push(kind, values);
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
    else {
      const change = schemeChange(was[name], is[name]);
      const kind =
        change === 'words'
          ? 'documentation-changed'
          : change === 'widened'
            ? 'api-security-component-widened'
            : change === 'flows-changed' && !losesUsedScope(was[name], is[name], used.get(name))
              ? 'api-security-component-flows-changed'
              : used.has(name)
                ? 'api-security-component-changed'
                : 'api-unused-security-component-changed';
      if (change !== 'same') found.push({ kind, where, origin, before: was[name], after: is[name] });
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

/** A flow lost a scope that a requirement names: no token with it can be had. */
function losesUsedScope(before: unknown, after: unknown, named: Set<string> | undefined): boolean {
  const kept = scopesOf(after);
  return [...scopesOf(before)].some((scope) => !kept.has(scope) && named?.has(scope));
}

/** The schemes the requirements name, each with the scopes they name. */
function usedSchemes(document: Document): Map<string, Set<string>> {
  const names = new Map<string, Set<string>>();
  const collect = (list: unknown) => {
    if (!Array.isArray(list)) return;
    for (const requirement of list) {
      if (!isSchema(requirement)) continue;
      for (const [name, scopes] of Object.entries(requirement)) {
        const named = names.get(name) ?? new Set<string>();
        if (Array.isArray(scopes)) for (const scope of scopes) named.add(String(scope));
        names.set(name, named);
      }
    }
  };
  collect(document.security);
  for (const item of Object.values(isSchema(document.paths) ? document.paths : {})) {
    if (isSchema(item))
      for (const operation of Object.values(item)) if (isSchema(operation)) collect(operation.security);
  }
  return names;
}

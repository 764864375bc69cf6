// Two versions of one schema position (a request body, a parameter, a response body or header), walked side by side:
// each node's own keyword changes become findings, named by kind (src/diff/catalogue.ts) and by the place they are
// written (their origin) as well as the place they are used. Properties, items and matching alternatives are walked
// into; alternatives added or removed are judged as the schema they make together. A recursive schema is walked until
// the walk comes back to a pair it has compared: a change inside the cycle is found once, where it is first reached.
import { isDeepStrictEqual } from 'node:util';
import { MAX_DIFF_DEPTH, recursiveParts } from '../depth.js';
import { beside, follow, type Located } from '../document.js';
import type { Finding } from '../finding.js';
import { compareAlternatives } from './compareAlternatives.js';
import { comparePattern } from './comparePattern.js';
import { compareRefSiblings } from './refSiblings.js';
import { compareProperties } from './compareProperties.js';
import * as keywords from './keywordChanges.js';
import { compareLife } from './lifecycle.js';
import { canonical } from './canonical.js';
import { CONTENT, constraints, DOCUMENTATION } from './constraints.js';
import { covers } from './relation.js';
import { isSchema, type Schema } from './schema.js';
import type { SchemaSide, Site, Trail } from './walk.js';

export type { SchemaSide, Site } from './walk.js';

const compositionOf = (schema: Schema) => ['allOf', 'anyOf', 'oneOf'].filter((k) => Array.isArray(schema[k])).join();

/** Keywords judged by a kind of their own, or walked into; the rest are judged by the relation alone. */
const HANDLED = new Set([
  'type',
  'enum',
  'const',
  'nullable',
  'format',
  'pattern',
  'default',
  'properties',
  'required',
  'additionalProperties',
  'patternProperties',
  'items',
  'allOf',
  'anyOf',
  'oneOf',
  'readOnly',
  'writeOnly',
  'discriminator',
  ...keywords.BOUNDED,
  ...DOCUMENTATION,
]);

/** Keywords judged as one: each names its group. */
const TOGETHER: Record<string, string[]> = Object.fromEntries(
  [
    ['if', 'then', 'else'],
    ['contains', 'minContains', 'maxContains'],
  ].flatMap((group) => group.map((keyword) => [keyword, group])),
);

/** Keywords that only add a condition (JSON Schema 2020-12 validation): added, they narrow; removed, they widen. */
const CONDITIONS = new Set(['propertyNames', 'dependentSchemas', 'dependentRequired']);

/**
 * Which way a keyword's change goes by what it says, where the relation could neither prove nor refute it (the
 * schema may accept no value at all, say): a condition added narrows and removed widens; minContains raised or
 * maxContains lowered over the same contains narrows, the reverse widens, and both at once go both ways.
 */
type Way = 'narrowed' | 'widened' | 'both';

function byKeyword(keyword: string, o: Schema, n: Schema): Way | undefined {
  if (CONDITIONS.has(keyword)) {
    if (o[keyword] === undefined && n[keyword] !== undefined) return 'narrowed';
    if (o[keyword] !== undefined && n[keyword] === undefined) return 'widened';
    return undefined;
  }
  if (TOGETHER[keyword]?.[0] !== 'contains' || !isSchema(o.contains) || !isDeepStrictEqual(o.contains, n.contains))
    return undefined;
  const bound = (schema: Schema, name: string, otherwise: number) =>
    typeof schema[name] === 'number' ? schema[name] : otherwise;
  const [minBefore, minAfter] = [bound(o, 'minContains', 1), bound(n, 'minContains', 1)];
  const [maxBefore, maxAfter] = [bound(o, 'maxContains', Infinity), bound(n, 'maxContains', Infinity)];
  const narrows = minAfter > minBefore || maxAfter < maxBefore;
  const widens = minAfter < minBefore || maxAfter > maxBefore;
  return narrows && widens ? 'both' : narrows ? 'narrowed' : widens ? 'widened' : undefined;
}

const recursive = (side: SchemaSide, value: object) => recursiveParts(side.document).has(value);

/**
 * The walk's next place: where it comes back to a pair of recursive schemas it has compared (in a cycle, or by another
 * way in), it stops, their changes found once, at their first place; a walk deeper than the diff's depth goes no
 * further (only two recursive schemas can make one).
 */
function next(
  trail: Trail | undefined,
  old: object,
  now: object,
  bothRecursive: boolean,
): 'compared' | 'too-deep' | { trail: Trail; recursive: boolean } {
  const compared = trail?.compared ?? new Map<object, Set<object>>();
  if (bothRecursive) {
    const pairs = compared.get(old) ?? new Set<object>();
    if (pairs.has(now)) return 'compared';
    compared.set(old, pairs.add(now));
  }
  const depth = (trail?.depth ?? 0) + 1;
  if (depth > MAX_DIFF_DEPTH) return 'too-deep';
  return { trail: { depth, compared }, recursive: bothRecursive };
}

/**
 * Compares two versions of one schema position. Both come from the pull request under review: whatever fails while
 * they are judged (a validator's own code, say) leaves this pair undecided, never the whole diff unmade.
 */
export function compareSchemas(site: Site, side: SchemaSide, after: SchemaSide, found: Finding[], path = ''): void {
  try {
    compareSchemasOnce(site, side, after, found, path);
  } catch {
    const where = `${site.where}${path ? `: ${path}` : ''}`;
    found.push({
      kind: 'undecided',
      direction: site.direction,
      where,
      origin: follow(after.document, after.schema).at,
    });
  }
}

function compareSchemasOnce(site: Site, side: SchemaSide, after: SchemaSide, found: Finding[], path: string): void {
  compareRefSiblings(site, side, after, found, path);
  const old = follow(side.document, side.schema);
  const now = follow(after.document, after.schema);
  if (!isSchema(old.value) || !isSchema(now.value)) return;
  const trail = next(side.trail, old.value, now.value, recursive(side, old.value) && recursive(after, now.value));
  if (trail === 'compared') return;
  if (trail === 'too-deep' || (trail.recursive && side.work.budget.spent)) {
    // Two recursive schemas that come back to no pair they compared within the diff's depth or its steps.
    const where = `${site.where}${path ? `: ${path}` : ''}`;
    const bound = trail === 'too-deep' ? `the walk's ${MAX_DIFF_DEPTH} levels` : side.work.budget.diffSteps;
    found.push({ kind: 'undecided-over-budget', direction: site.direction, where, origin: now.at, bound });
    return;
  }
  side.work.spend(1);
  const before: SchemaSide = { ...side, trail: trail.trail };
  // Each node in one form, whichever OpenAPI version wrote it (canonical.ts).
  const o = canonical(old.value);
  const n = canonical(now.value);
  const finding = (
    kind: Finding['kind'],
    keyword: string,
    values: { before?: unknown; after?: unknown; bound?: string },
    origin = now.at,
    property?: string,
  ) => {
    const named = property === undefined ? path : path ? `${path}.${property}` : property;
    found.push({
      kind,
      direction: site.direction,
      where: `${site.where}${named ? `: ${named}` : ''}`,
      origin: `${origin}/${keyword}`,
      ...values,
    });
  };
  // The old schema with one keyword as the new one has it: judged by the relation, within the diff's step budget.
  const judged = (keyword: string) => {
    const { work } = before;
    const values = { before: o[keyword], after: n[keyword] };
    // Once the diff's steps are spent, each further judgement is undecided without building anything.
    if (work.budget.spent)
      return finding('undecided-over-budget', keyword, { ...values, bound: work.budget.diffSteps });
    const oldSchema = before.expand(o);
    work.spend(Object.keys(oldSchema).length);
    // Keywords that mean something only together are taken together (then without its if holds nothing).
    const hybrid: Schema = { ...oldSchema };
    const newSchema = after.expand(n);
    for (const member of TOGETHER[keyword] ?? [keyword]) {
      if (newSchema[member] === undefined) delete hybrid[member];
      else hybrid[member] = newSchema[member];
    }
    const [was, is] = [work.directed(oldSchema, site.direction), work.directed(hybrid, site.direction)];
    const [wider, narrower] = site.direction === 'request' ? [is, was] : [was, is];
    const verdict = covers(wider, narrower, work);
    if (verdict === 'yes' || verdict === 'no') {
      const tightened = (verdict === 'no') === (site.direction === 'request');
      return finding(tightened ? 'constraint-tightened' : 'constraint-loosened', keyword, values);
    }
    // Neither shown nor refuted: a keyword that only adds a condition, or a bound, is read by what it says; else it is
    // undecided, and fails closed where a bound of the diff cut the judgement short.
    const way = byKeyword(keyword, o, n);
    if (way !== undefined) return graded(way, keyword, values);
    if (verdict === 'unknown') return finding('undecided', keyword, values);
    finding('undecided-over-budget', keyword, { ...values, bound: work.budget.ranPast });
  };
  /** A change that narrows, widens or does both, graded on this side. */
  const graded = (way: Way, keyword: string, values: { before?: unknown; after?: unknown }) => {
    const breaks = way === 'both' || way === (site.direction === 'request' ? 'narrowed' : 'widened');
    const tightened = breaks === (site.direction === 'request');
    finding(tightened ? 'constraint-tightened' : 'constraint-loosened', keyword, values);
  };

  if (compositionOf(o) !== compositionOf(n)) {
    // Rewritten around allOf, anyOf or oneOf: its keywords moved, so it is judged as the schema it makes.
    compareAlternatives({ walk: compareSchemas, site, before, after, old, now, found, path, finding });
    return;
  }
  const typed = keywords.compareTypes(o, n, finding, site);
  keywords.compareEnums(o, n, finding);
  keywords.compareExtensibleEnums(o, n, finding);
  if (o.nullable !== n.nullable && (o.nullable === true || n.nullable === true))
    finding(n.nullable === true ? 'became-nullable' : 'became-not-nullable', 'nullable', {
      before: o.nullable,
      after: n.nullable,
    });
  keywords.compareAdded(o, n, 'format', finding);
  if (o.pattern !== n.pattern) {
    if (o.pattern === undefined || n.pattern === undefined) keywords.compareAdded(o, n, 'pattern', finding);
    else comparePattern(o, n, site.direction, before.work, finding);
  }
  keywords.compareBounds(o, n, finding);
  compareLife(o, n, finding);
  if (!isDeepStrictEqual(o.default, n.default))
    finding('default-value-changed', 'default', { before: o.default, after: n.default });
  const content = CONTENT.filter((keyword) => !isDeepStrictEqual(o[keyword], n[keyword]));
  if (content.length > 0) {
    // Set where there was none: narrowed; dropped: widened; changed: both (a base64 string is not a quoted one).
    const ways = new Set(
      content.map((k) => (o[k] === undefined ? 'narrowed' : n[k] === undefined ? 'widened' : 'both')),
    );
    const way: Way = ways.size > 1 || ways.has('both') ? 'both' : (ways.values().next().value as Way);
    graded(way, content[0] as string, { before: o[content[0] as string], after: n[content[0] as string] });
  }
  if (DOCUMENTATION.some((keyword) => !isDeepStrictEqual(o[keyword], n[keyword])))
    finding('documentation-changed', 'description', {});
  if (!isDeepStrictEqual(o.discriminator, n.discriminator)) finding('documentation-changed', 'discriminator', {});
  const groups = new Set<string>();
  for (const keyword of new Set([...Object.keys(constraints(o)), ...Object.keys(constraints(n))])) {
    if (HANDLED.has(keyword) || isDeepStrictEqual(o[keyword], n[keyword])) continue;
    const group = TOGETHER[keyword]?.[0] ?? keyword;
    if (groups.has(group)) continue;
    groups.add(group);
    judged(keyword);
  }
  const node = { walk: compareSchemas, site, before, after, old, now, found, path, finding };
  compareProperties(node, judged);
  const items = (side: SchemaSide, located: Located) => beside(side.document, located, 'items');
  if (isSchema(o.items) && isSchema(n.items)) {
    compareSchemas(
      site,
      { ...before, schema: items(before, old) },
      { ...after, schema: items(after, now) },
      found,
      `${path}[]`,
    );
  } else if (!isDeepStrictEqual(o.items, n.items) && !(typed === 'type-generalized' && o.items === undefined)) {
    // A value made a list of such is judged by its type (compareTypes): its items are that type.
    judged('items');
  }
  compareAlternatives(node);
}

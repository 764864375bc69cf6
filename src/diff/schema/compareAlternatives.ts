// allOf, anyOf and oneOf in two versions: the same alternatives are walked into; added or removed ones are judged as
// the schema they make together, and a rewrite that lets exactly the same values through is one change of words.
// Alternatives are matched by their shapes (src/diff/schema/shapes.ts), so that matching n of them takes n steps, not
// n² walks.
import { isSchemaKind, ruleOf, schemaRuleId } from '../catalogue.js';
import { beside } from '../document.js';
import type { Finding } from '../finding.js';
import { covers, type Verdict } from './relation.js';
import { branches, type Direction, type Schema } from './schema.js';
import type { Node, RecordFinding } from './walk.js';

/** allOf, anyOf, oneOf: alternatives matched by what they are; the unmatched ones are added or removed. */
export function compareAlternatives({ walk, site, before, after, old, now, found, path, finding }: Node): void {
  const o = old.value as Schema;
  const n = now.value as Schema;
  const { work } = before;
  const structural: Finding[] = [];
  /** Where the findings of an edited oneOf's alternatives start: an edit may make two of them match one value. */
  const exclusive: number[] = [];
  let changed = 'allOf';
  /** Alternatives named by $ref, added to or removed from a list of such on both sides. */
  const named: { kind: 'all-of' | 'any-of' | 'one-of'; keyword: string; added: number; removed: number }[] = [];
  for (const keyword of ['allOf', 'anyOf', 'oneOf'] as const) {
    const was = branches(o, keyword).map((branch) => work.shape(before.expand(branch)));
    const is = branches(n, keyword).map((branch) => work.shape(after.expand(branch)));
    const kind = keyword === 'allOf' ? 'all-of' : keyword === 'anyOf' ? ('any-of' as const) : 'one-of';
    const [wasNames, isNames] = [names(branches(o, keyword)), names(branches(n, keyword))];
    // In a request only: there the client builds the value from those types; in a response it reads the same values.
    // Counted where the list grew or shrank, or holds the same schemas under other names ([Dog, Cat] → [Dog, Rabbit]).
    const listed = wasNames && isNames && wasNames.length > 0 && isNames.length > 0;
    const all = new Set([...was, ...is]).size;
    const sameSchemas = was.length === is.length && new Set(was).size === all && new Set(is).size === all;
    if (site.direction === 'request' && listed && (was.length !== is.length || sameSchemas)) {
      const added = isNames.filter((name) => !wasNames.includes(name)).length;
      const removed = wasNames.filter((name) => !isNames.includes(name)).length;
      if (added + removed > 0) named.push({ kind, keyword, added, removed });
    }
    if (was.length === is.length && was.every((shape, index) => shape === is[index])) continue;
    if (was.length === is.length) {
      // The same number of alternatives: the same ones, edited where they differ.
      if (keyword === 'oneOf') exclusive.push(found.length);
      was.forEach((_, index) =>
        walk(
          site,
          { ...before, schema: beside(before.document, old, keyword, String(index)) },
          { ...after, schema: beside(after.document, now, keyword, String(index)) },
          found,
          path,
        ),
      );
      continue;
    }
    const [wasSet, isSet] = [new Set(was), new Set(is)];
    const added = is.filter((shape) => !wasSet.has(shape));
    const removed = was.filter((shape) => !isSet.has(shape));
    const record: RecordFinding = (kindName, key, values) => {
      finding(kindName, key, values);
      structural.push(found[found.length - 1] as Finding);
    };
    changed = keyword;
    if (added.length > 0) record(`${kind}-added`, keyword, { after: added.length });
    if (removed.length > 0) record(`${kind}-removed`, keyword, { before: removed.length });
  }
  if (exclusive.length > 0) judgeExclusive({ walk, site, before, after, old, now, found, path, finding }, exclusive);
  if (structural.length === 0 && named.length === 0) return;
  // Written differently but letting the same values through: one change of words, not of values.
  const oldSchema = work.directed(before.expand(o), site.direction);
  const newSchema = work.directed(after.expand(n), site.direction);
  const there = covers(oldSchema, newSchema, work);
  const back: Verdict = there === 'yes' ? covers(newSchema, oldSchema, work) : there;
  if (there === 'yes' && back === 'yes') {
    // They are among the last found: looked for from the end.
    for (const item of structural) found.splice(found.lastIndexOf(item), 1);
    // A named schema added to or removed from a request's list is a type a generated client must build or can no
    // longer build, though the values are the same: reported by its rule, as oasdiff does (ERR).
    for (const { kind, keyword, added, removed } of named) {
      if (added > 0) finding(`${kind}-added`, keyword, { after: added });
      if (removed > 0) finding(`${kind}-removed`, keyword, { before: removed });
    }
    if (named.length === 0) finding('rewritten', 'allOf', {});
  } else {
    // Whether nothing breaks on this side: the new schema within the old in an answer, the old within the new in a
    // request (worked out once, and only where it is needed).
    let safety: Verdict | undefined = site.direction === 'response' ? there : there === 'yes' ? back : undefined;
    const safe = () => (safety ??= covers(newSchema, oldSchema, work));
    dropUnfounded(site.direction, structural, found, safe);
    // No alternative added or removed breaks by its rule, yet the schema they make may: a request wrapped in a oneOf
    // whose alternatives overlap refuses a value that matches two of them (JSON Schema: exactly one). Not worked out
    // within the diff's bounds, it fails closed.
    const breaks = structural.some((item) => found.includes(item) && severe(site.direction, item.kind));
    const verdict = breaks ? undefined : safe();
    if (verdict === 'no')
      finding(site.direction === 'request' ? 'constraint-tightened' : 'constraint-loosened', changed, {});
    else if (verdict === 'over-budget') finding('undecided-over-budget', changed, { bound: work.budget.ranPast });
  }
}

/**
 * An alternative added or removed breaks by its rule, but the schema it makes may prove the change harmless on this
 * side (anyOf made oneOf sends fewer values, not more): then its breaking findings go, and the rest say what changed.
 */
function dropUnfounded(direction: Direction, structural: Finding[], found: Finding[], safe: () => Verdict): void {
  const breaking = structural.filter((item) => severe(direction, item.kind));
  if (breaking.length === 0 || breaking.length === structural.length || safe() !== 'yes') return;
  for (const item of breaking) found.splice(found.lastIndexOf(item), 1);
}

/**
 * A oneOf whose alternatives were edited in place, judged whole when no edit of one of them already breaks: an
 * alternative widened in a request may now match a value another matches too, which oneOf refuses.
 */
function judgeExclusive({ site, before, after, old, now, found, finding }: Node, starts: number[]): void {
  const edits = found.slice(Math.min(...starts));
  const breaks = edits.some((item) => item.kind !== 'documentation-changed' && severe(site.direction, item.kind));
  if (breaks || edits.length === 0) return;
  const { work } = before;
  const oldSchema = work.directed(before.expand(old.value), site.direction);
  const newSchema = work.directed(after.expand(now.value), site.direction);
  const [wider, narrower] = site.direction === 'request' ? [newSchema, oldSchema] : [oldSchema, newSchema];
  const verdict = covers(wider, narrower, work);
  if (verdict === 'no')
    finding(site.direction === 'request' ? 'constraint-tightened' : 'constraint-loosened', 'oneOf', {});
  else if (verdict === 'over-budget') finding('undecided-over-budget', 'oneOf', { bound: work.budget.ranPast });
}

/** Whether a schema change found on this side breaks a client. */
const severe = (direction: Direction, kind: Finding['kind']): boolean =>
  ruleOf(isSchemaKind(kind) ? schemaRuleId(direction, kind) : kind).level === 'breaking';

/** The $refs of a list of alternatives, when each is only a $ref; undefined otherwise. */
function names(list: Schema[]): string[] | undefined {
  const refs = list.map((branch) => (Object.keys(branch).length === 1 ? branch.$ref : undefined));
  return refs.every((ref): ref is string => typeof ref === 'string') ? refs : undefined;
}

// allOf, anyOf and oneOf in two versions: the same alternatives are walked into; added or removed ones are judged as
// the schema they make together, and a rewrite that lets exactly the same values through is one change of words.
import { isDeepStrictEqual } from 'node:util';
import { at } from '../document.js';
import type { Finding } from '../finding.js';
import { covers } from './relation.js';
import { branches, forDirection, type Schema } from './schema.js';
import type { Node, RecordFinding } from './walk.js';

/** allOf, anyOf, oneOf: alternatives matched by what they are; the unmatched ones are added or removed. */
export function compareAlternatives({ walk, site, before, after, old, now, found, path, finding }: Node): void {
  const o = old.value as Schema;
  const n = now.value as Schema;
  const structural: Finding[] = [];
  for (const keyword of ['allOf', 'anyOf', 'oneOf'] as const) {
    const was = branches(o, keyword).map((branch) => before.expand(branch));
    const is = branches(n, keyword).map((branch) => after.expand(branch));
    if (isDeepStrictEqual(was, is)) continue;
    const kind = keyword === 'allOf' ? 'all-of' : keyword === 'anyOf' ? 'any-of' : 'one-of';
    if (was.length === is.length) {
      // The same number of alternatives: the same ones, edited where they differ.
      was.forEach((_, index) =>
        walk(
          site,
          { ...before, schema: at(before.document, old, keyword, String(index)) },
          { ...after, schema: at(after.document, now, keyword, String(index)) },
          found,
          path,
        ),
      );
      continue;
    }
    const added = is.filter((branch) => !was.some((other) => isDeepStrictEqual(other, branch)));
    const removed = was.filter((branch) => !is.some((other) => isDeepStrictEqual(other, branch)));
    const record: RecordFinding = (kindName, key, values) => {
      finding(kindName, key, values);
      structural.push(found[found.length - 1] as Finding);
    };
    if (added.length > 0) record(`${kind}-added`, keyword, { after: added.length });
    if (removed.length > 0) record(`${kind}-removed`, keyword, { before: removed.length });
  }
  if (structural.length === 0) return;
  // Written differently but letting the same values through: one change of words, not of values.
  const oldSchema = forDirection(before.expand(o), site.direction);
  const newSchema = forDirection(after.expand(n), site.direction);
  if (covers(oldSchema, newSchema) === 'yes' && covers(newSchema, oldSchema) === 'yes') {
    for (const item of structural) found.splice(found.indexOf(item), 1);
    finding('rewritten', 'allOf', {});
  }
}

// Two different patterns of one schema node, compared as the languages they match (src/diff/pattern/: a bounded
// automaton of the diff's own, never the platform's RegExp). A request breaks when the new pattern refuses a string
// the old one matched; a response when the new one lets through a string the old one refused. A pattern the
// automaton does not read (a backreference, a lookaround) is undecided; a search past its bound, undecided over budget.
import type { Direction, Schema } from './schema.js';
import type { RecordFinding } from './walk.js';
import { patternWithin, type Work } from './work.js';

export function comparePattern(o: Schema, n: Schema, direction: Direction, work: Work, finding: RecordFinding): void {
  const [was, is] = [String(o.pattern), String(n.pattern)];
  const values = { before: was, after: is };
  if (work.budget.spent)
    return finding('undecided-over-budget', 'pattern', { ...values, bound: work.budget.diffSteps });
  // What this side cares about: a request that no string the old pattern matched is refused; a response the reverse.
  const [outer, inner] = direction === 'request' ? [is, was] : [was, is];
  const within = patternWithin(work, outer, inner);
  const verdict = within.verdict;
  // Past the search's bound, it fails closed; a pattern the automaton does not read is left to the reviewer.
  if (verdict === 'unknown' && within.bound)
    return finding('undecided-over-budget', 'pattern', { ...values, bound: within.bound });
  if (verdict === 'unknown') return finding('undecided', 'pattern', values);
  const other = patternWithin(work, inner, outer).verdict;
  if (verdict === 'yes' && other === 'yes') return finding('rewritten', 'pattern', values);
  const widened = (verdict === 'yes') === (direction === 'request');
  // A pattern that matches every string (`.*`, oasdiff's generalized) is one no longer there.
  if (widened && patternWithin(work, is, '').verdict === 'yes') return finding('pattern-removed', 'pattern', values);
  finding(widened ? 'pattern-widened' : 'pattern-narrowed', 'pattern', values);
}

// Whether one schema lets through every value another lets through: the judgement every schema change is graded by.
// "yes" is proved from the keywords; "no" is shown by a value the narrower schema accepts and the wider one refuses
// (src/diff/schema/samples.ts); anything else is "unknown", which the diff reports as undecided rather than guess.
// Both schemas come from the pull request under review: each judgement works within a step budget (budget.ts) and is
// "over-budget" when that runs out, or when it is unknown because a bound kept it from looking further (a schema too
// costly to validate, patterns too costly to compare): the diff fails closed on it, naming the bound. Each proof is
// kept by the shapes of its two schemas (work.ts), so a question reached by many paths is worked out once. The
// contract's patterns are never run (validators.ts). Recursive schemas are read coinductively: a question asked again
// inside its own proof holds unless the rest of the proof shows otherwise.
import { MAX_DIFF_DEPTH } from '../depth.js';
import { OutOfSteps } from './budget.js';
import { constraints } from './constraints.js';
import { provablyDisjoint } from './disjoint.js';
import { plainCovers } from './plainCovers.js';
import { samples } from './samples.js';
import { branches, isSchema, propertiesOf, requiredOf, type Schema } from './schema.js';
import { validator } from './validators.js';
import { patternMatches, patternWithin, Work, type Alternatives } from './work.js';

export type Verdict = 'yes' | 'no' | 'unknown' | 'over-budget';

/** Questions one proof may ask inside one another: twice the diff's depth (src/diff/depth.ts). */
const MAX_OPEN_PROOFS = 2 * MAX_DIFF_DEPTH;

/** Does `wider` let through every value `narrower` lets through? */
export function covers(wider: Schema, narrower: Schema, work = new Work()): Verdict {
  try {
    const verdict = work.budget.judge((): Verdict => {
      if (proves(wider, narrower, work)) return 'yes';
      return counterexample(wider, narrower, work) === undefined ? 'unknown' : 'no';
    });
    // Unknown only because a bound kept the samples from being tried is over budget too: more work might decide it.
    return verdict === undefined || (verdict === 'unknown' && work.budget.metBound) ? 'over-budget' : verdict;
  } catch (error) {
    // A judgement inside another: its steps are the outer one's, which ends it.
    if (error instanceof OutOfSteps) throw error;
    // Anything else that fails while judging (the schemas are the pull request's): neither shown nor refuted.
    return 'unknown';
  }
}

/** A value `narrower` lets through and `wider` refuses, if one of the samples of either is. */
export function counterexample(wider: Schema, narrower: Schema, work = new Work()): { value: unknown } | undefined {
  const inNarrower = validator(narrower, work);
  const inWider = validator(wider, work);
  if (!inNarrower || !inWider) return undefined;
  // What the wider's `not` refuses is where a narrower that lost it is most likely to differ.
  const refused = isSchema(wider.not) ? samples(wider.not, work) : [];
  for (const value of [...samples(narrower, work), ...samples(wider, work), ...refused]) {
    work.spend(1 + (JSON.stringify(value)?.length ?? 0) / 64);
    if (inNarrower(value) === true && inWider(value) === false) return { value };
  }
  return undefined;
}

/** Entries a proof step reads, for its cost: keywords, named properties, required names. */
const entries = (schema: Schema) =>
  Object.keys(schema).length + Object.keys(propertiesOf(schema)).length + requiredOf(schema).length;

function proves(wider: Schema, narrower: Schema, work: Work): boolean {
  work.spend(1 + entries(wider) + entries(narrower));
  const w = work.constraints(wider);
  const n = work.constraints(narrower);
  if (Object.keys(w).length === 0) return true;
  const [wShape, nShape] = [work.shape(w), work.shape(n)];
  if (wShape === nShape) return true;
  const key = `${wShape},${nShape}`;
  const known = work.proofs.get(key);
  if (known !== undefined) return known;
  // Recursive schemas (a tree within a tree): the same question again, inside its own proof, holds unless the rest
  // of the proof shows otherwise (the greatest fixed point). Sound for values, which are finite: it is asked again
  // only about a part of the value (src/diff/depth.ts refuses a cycle that does not descend into one).
  const open = work.open.get(key) ?? work.provisional.get(key);
  if (open !== undefined) {
    work.assumed = Math.min(work.assumed, open);
    return true;
  }
  // A path through two recursive schemas that comes back to no question it asked: not proved, never a deep stack.
  if (work.open.size >= MAX_OPEN_PROOFS) return false;
  const place = work.open.size;
  // What the proofs around this one assumed (none for the first: a proof the steps ended may have left a value).
  const outer = place === 0 ? Infinity : work.assumed;
  work.assumed = Infinity;
  work.open.set(key, place);
  work.pending.push([]);
  let proved: boolean | undefined;
  let made: string[];
  try {
    proved = provesAfresh(w, n, nShape, work);
  } finally {
    work.open.delete(key);
    made = work.pending.pop() as string[];
    // Ended by the steps running out: what it proved on assumptions is forgotten with them.
    if (proved === undefined) for (const inner of made) work.provisional.delete(inner);
  }
  const assumed = work.assumed;
  work.assumed = Math.min(outer, assumed < place ? assumed : Infinity);
  settle(work, key, proved, assumed, place, made);
  return proved;
}

/**
 * What a proof that ended means for the proofs made inside it. Not proved: those that assumed it are forgotten (not
 * proved is kept: assuming more would not have proved it). Proved on no assumption but its own: it and they hold.
 * Proved on an assumption still open above it: it and they hold as long as that one does, and are settled with it.
 */
function settle(work: Work, key: string, proved: boolean, assumed: number, place: number, made: string[]): void {
  if (!proved) {
    for (const inner of made) work.provisional.delete(inner);
    work.proofs.set(key, false);
  } else if (assumed >= place) {
    for (const inner of [...made, key]) {
      work.provisional.delete(inner);
      work.proofs.set(inner, true);
    }
  } else {
    for (const inner of made) work.provisional.set(inner, Math.min(work.provisional.get(inner) ?? assumed, assumed));
    work.provisional.set(key, assumed);
    const outer = work.pending[work.pending.length - 1];
    for (const inner of [...made, key]) outer?.push(inner);
  }
}

function provesAfresh(w: Schema, n: Schema, nShape: number, work: Work): boolean {
  const again = (wider: Schema, narrower: Schema) => proves(wider, narrower, work);
  // Each listed value checked against the wider's pattern by the diff's own automaton, never by a RegExp.
  const listed = (value: unknown) =>
    accepts(w, value, work) &&
    (typeof w.pattern !== 'string' || typeof value !== 'string' || patternMatches(work, w.pattern, value) === true);
  if (Array.isArray(n.enum)) return n.enum.every(listed);
  if ('const' in n) return listed(n.const);
  if (isSchema(w.not)) {
    // The wider is its other keywords less what `not` names: the narrower within the first, and sharing no value with
    // the second (it is told apart from it, or itself leaves out at least as much).
    const { not: refused, ...rest } = w;
    return again(rest, n) && (provablyDisjoint(refused, n) || (isSchema(n.not) && again(n.not, refused)));
  }
  if (isSchema(n.not)) {
    // The narrower less what its `not` names is within the narrower without it: enough when that is within the wider.
    const { not: _not, ...rest } = n;
    if (again(w, rest)) return true;
  }
  const conjuncts = branches(w, 'allOf');
  if (conjuncts.length > 0) {
    const { allOf: _allOf, ...rest } = w;
    return again(rest, n) && conjuncts.every((conjunct) => again(conjunct, n));
  }
  const alternatives = [...branches(n, 'anyOf'), ...branches(n, 'oneOf')];
  if (alternatives.length > 0) {
    const { anyOf: _anyOf, oneOf: _oneOf, ...rest } = n;
    return alternatives.every((alternative) => again(w, conjoined(rest, [alternative])));
  }
  const narrowerConjuncts = branches(n, 'allOf');
  if (narrowerConjuncts.length > 0) {
    const { allOf: _allOf, ...rest } = n;
    return again(w, conjoined(rest, narrowerConjuncts));
  }
  if (Array.isArray(w.oneOf)) {
    // A value of exactly one alternative: the narrower within one, and sharing no value with the others.
    const { oneOf: _oneOf, ...rest } = w;
    if (!again(rest, n)) return false;
    const choices = branches(w, 'oneOf');
    work.spend(choices.length);
    const within = choices.findIndex((alternative) => again(alternative, n));
    return within >= 0 && choices.every((other, index) => index === within || provablyDisjoint(other, n));
  }
  if (Array.isArray(w.anyOf)) {
    const { anyOf: _anyOf, ...rest } = w;
    if (!again(rest, n)) return false;
    // One of them is the narrower itself: found at once, not by trying each (a 4,000-wide anyOf on both sides).
    const { schemas, shapes } = alternativesOf(w, work);
    return shapes.has(nShape) || schemas.some((alternative) => again(alternative, n));
  }
  const sameIf = isSchema(w.if) && isSchema(n.if) && work.shape(w.if) === work.shape(n.if);
  const within = (outer: string, inner: string) => patternWithin(work, outer, inner).verdict === 'yes';
  return plainCovers(w, n, again, sameIf, within);
}

/** Does the schema accept the value? Unproved when the schema has no validator. */
function accepts(schema: Schema, value: unknown, work: Work): boolean {
  const validate = validator(schema, work);
  work.spend(1);
  return validate !== undefined && validate(value) === true;
}

/** A schema's anyOf alternatives, and their shapes without annotations: read once for each schema. */
function alternativesOf(schema: Schema, work: Work): Alternatives {
  const shape = work.shape(schema);
  let known = work.alternatives.get(shape);
  if (!known) {
    const schemas = branches(schema, 'anyOf');
    known = { schemas, shapes: new Set(schemas.map((alternative) => work.shape(work.constraints(alternative)))) };
    work.alternatives.set(shape, known);
  }
  return known;
}

/**
 * A schema that lets through at least what all of them together let through: each keyword from one of them. Proving
 * that a schema covers it proves that the schema covers their conjunction.
 */
export function conjoined(base: Schema, conjuncts: Schema[], made = new Map<Schema, Map<Schema, Schema>>()): Schema {
  const result: Schema = { ...base };
  const single = conjuncts.length === 1 ? (conjuncts[0] as Schema) : undefined;
  if (single) {
    // Two recursive schemas conjoined: their parts that lead back lead back to this one, made once.
    const known = made.get(base)?.get(single);
    if (known) return known;
    made.set(base, (made.get(base) ?? new Map<Schema, Schema>()).set(single, result));
  }
  for (const conjunct of conjuncts) {
    for (const [keyword, value] of Object.entries(constraints(conjunct))) {
      if (keyword === 'properties') {
        const properties = { ...propertiesOf(result) };
        for (const [name, property] of Object.entries(propertiesOf(conjunct))) {
          properties[name] = properties[name] ? conjoined(properties[name], [property], made) : property;
        }
        result.properties = properties;
      } else if (keyword === 'required')
        result.required = [...new Set([...requiredOf(result), ...requiredOf(conjunct)])];
      else result[keyword] = value;
    }
  }
  return result;
}

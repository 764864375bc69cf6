// What one diff spends on judging schemas and what it has worked out so far: its step budget, the shapes of the
// values it has read, and the proofs, samples and validators already made, each kept by shape so that the same
// question, however it is reached (4^depth paths through nested alternatives reach few distinct ones), is answered
// once. Both sides of a diff share one (src/diff/document.ts).
import { patternIncludes, type Inclusion } from '../pattern/inclusion.js';
import { compile, matches, type Nfa } from '../../contract/pattern/nfa.js';
import { Budget } from './budget.js';
import { constraints } from './constraints.js';
import { forDirection, type Direction, type Schema } from './schema.js';
import { Shapes } from './shapes.js';

/** Whether a schema lets a value through; undefined when that could not be worked out within bounds. */
export type Accepts = (value: unknown) => boolean | undefined;
export interface Alternatives {
  schemas: Schema[];
  shapes: Set<number>;
}

export class Work {
  readonly shapes = new Shapes();
  /** Proofs by `wider,narrower` shapes. */
  readonly proofs = new Map<string, boolean>();
  /** Samples by `shape@depth`. */
  readonly samples = new Map<string, readonly unknown[]>();
  /** Validators by shape; undefined for a schema Ajv cannot compile. */
  readonly validators = new Map<number, Accepts | undefined>();
  /** Whether one pattern matches all another does, by `outer\u0000inner` (src/diff/pattern/). */
  readonly patterns = new Map<string, Inclusion>();
  /** Each pattern's automaton, or null for one the diff's reading refuses. */
  readonly automata = new Map<string, Nfa | null>();
  /** A schema's anyOf and oneOf alternatives and their shapes, by its shape. */
  readonly alternatives = new Map<number, Alternatives>();
  /** The proofs under way, by `wider,narrower` shapes, each with its place on the path (relation.ts). */
  readonly open = new Map<string, number>();
  /** The first place on that path a proof under way has assumed to hold. */
  assumed = Infinity;
  /** Proofs that hold if a proof still under way does: each with the first place on the path it assumed. */
  readonly provisional = new Map<string, number>();
  /** For each proof under way, the provisional proofs made inside it. */
  readonly pending: string[][] = [];

  private readonly constrained = new WeakMap<Schema, Schema>();
  /** Each schema as a request and as a response sees it (forDirection), made once. */
  private readonly sides = { request: new Map<Schema, Schema>(), response: new Map<Schema, Schema>() };

  constructor(readonly budget = new Budget()) {}

  /** The schema as one side of the wire sees it, each part of it made once for the whole diff. */
  directed(schema: Schema, direction: Direction): Schema {
    return forDirection(schema, direction, this.sides[direction]);
  }

  /** The schema's constraints (its annotations left out), one object for each schema, so its shape is read once. */
  constraints(schema: Schema): Schema {
    let known = this.constrained.get(schema);
    if (!known) {
      known = constraints(schema);
      this.constrained.set(schema, known);
    }
    return known;
  }

  spend(steps: number): void {
    this.budget.spend(steps);
  }

  /** The shape of a value, its reading counted. */
  shape(value: unknown): number {
    return this.shapes.of(value, (entries) => this.budget.spend(entries));
  }
}

/** Does `outer` match every string `inner` matches? Worked out once for each pair, its steps counted. */
export function patternWithin(work: Work, outer: string, inner: string): Inclusion {
  const key = `${outer}\u0000${inner}`;
  let known = work.patterns.get(key);
  if (!known) {
    known = patternIncludes(outer, inner);
    work.patterns.set(key, known);
    work.spend(known.steps);
  }
  // A search past its bound leaves a judgement that needed it over budget, not merely unknown.
  if (known.verdict === 'unknown' && known.bound) work.budget.pastBound(known.bound);
  return known;
}

/** Does the pattern match the text? Undefined for a pattern the diff does not read (it is never run otherwise). */
export function patternMatches(work: Work, pattern: string, text: string): boolean | undefined {
  let nfa = work.automata.get(pattern);
  if (nfa === undefined) {
    try {
      nfa = compile(pattern);
    } catch {
      nfa = null;
    }
    work.automata.set(pattern, nfa);
    work.spend(nfa ? nfa.states.length : 1);
  }
  if (!nfa) return undefined;
  work.spend(1 + (nfa.states.length * (text.length + 1)) / 64);
  return matches(nfa, text);
}

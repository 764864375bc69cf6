// The relation and the sampler judge schemas from the pull request under review: each question is worked out once
// (by the shapes of its schemas), and each judgement within a step budget, past which it is over-budget (reported as
// undecided over budget, naming the bound, and failing closed), never a hang. Outcomes only: the time each takes is
// the bench's (BENCH_ONLY=diff-hostile).
import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { expander, type Document } from '../document.js';
import { Budget } from './budget.js';
import { counterexample, covers } from './relation.js';
import { samples } from './samples.js';
import type { Schema } from './schema.js';
import { Shapes } from './shapes.js';
import { Work } from './work.js';
import {
  integerAlternatives,
  nestedCompositions,
  wideAnyOf,
  type HostilePair,
} from '../../../tools/bench/diffHostileContracts.js';

/** The request body of each side of a hostile pair, its $refs expanded, as the diff judges it. */
function bodies(pair: HostilePair): { base: Schema; head: Schema } {
  const body = (text: string) => {
    const document = load(text) as Document;
    const operation = (document.paths as Record<string, Record<string, Schema>>)['/things']?.post;
    const content = (operation?.requestBody as { content: Record<string, { schema: unknown }> }).content;
    return expander(document)(content['application/json']?.schema);
  };
  return { base: body(pair.base), head: body(pair.head) };
}

const small = (steps: number) => new Work(new Budget(steps, steps));

describe('a judgement within its steps', () => {
  it('is over-budget when its steps run out, and every later one is too once the diff has spent its own', () => {
    const name = { type: 'string', maxLength: 100 };
    expect(covers({ ...name, maxLength: 200 }, name, small(3))).toBe('over-budget');
    const work = new Work(new Budget(5_000, 5_000));
    const { base, head } = bodies(integerAlternatives(40));
    expect(covers(base, head, work)).toBe('over-budget');
    expect(work.budget.spent).toBe(true);
    expect(covers({ ...name, maxLength: 200 }, name, work)).toBe('over-budget');
  });

  it("names the bound it ran past: its own share of steps, the diff's, or a schema too wide to validate", () => {
    const name = { type: 'string', maxLength: 100 };
    const work = new Work(new Budget(10_000, 3));
    expect(covers({ ...name, maxLength: 200 }, name, work)).toBe('over-budget');
    expect(work.budget.ranPast).toBe("one judgement's 3 steps");
    const spent = new Work(new Budget(5_000, 5_000));
    const { base, head } = bodies(integerAlternatives(40));
    expect(covers(base, head, spent)).toBe('over-budget');
    expect(spent.budget.ranPast).toBe("the diff's 5,000 steps");
    // One value fewer refused (`not`): no proof, and a counterexample is looked for only where a validator is made.
    const ranges = (count: number) => ({ anyOf: Array.from({ length: count }, (_, i) => ({ const: i })) });
    const refusing = (count: number) => ({ ...ranges(count), not: { const: 3 } });
    expect(covers(refusing(100), ranges(100))).toBe('no');
    const wide = new Work();
    expect(covers(refusing(101), ranges(101), wide)).toBe('over-budget');
    expect(wide.budget.ranPast).toBe("a validator's 100 alternatives");
    // A bound met on the way does not undo what was decided all the same.
    expect(covers(ranges(101), refusing(101), wide)).toBe('yes');
  });

  it('decides what it can within the default budget, as it did before there was one', () => {
    const name = { type: 'string', maxLength: 100 };
    expect(covers({ ...name, maxLength: 200 }, name)).toBe('yes');
    expect(covers({ ...name, maxLength: 50 }, name)).toBe('no');
  });

  it('runs out on 320 integer alternatives nested three deep: more than a judgement may spend', () => {
    const { base, head } = bodies(integerAlternatives(320));
    expect(covers(base, head, new Work())).toBe('over-budget');
  });
});

describe('each question worked out once', () => {
  it('decides anyOf within allOf ten levels deep (4^10 paths) in far fewer steps than paths', () => {
    const { base, head } = bodies(nestedCompositions(10));
    const work = small(200_000);
    expect(covers(base, head, work)).not.toBe('yes');
    // Within its steps: what stops it is the schema's size, 2^10 schemas, past what a validator is made for.
    expect(work.budget.ranPast).toBe("a validator's 3,000 values");
  });

  it('makes at most 200 samples of alternatives nested three deep, once for each schema', () => {
    const { base } = bodies(integerAlternatives(160));
    const work = small(200_000);
    const made = work.budget.judge(() => samples(base, work));
    expect(made?.length).toBe(200);
    expect(work.budget.judge(() => samples(base, work))).toBe(made);
  });

  it('matches a 4,000-wide anyOf on both sides by the shapes of its alternatives, not pair by pair', () => {
    const { base, head } = bodies(wideAnyOf(4_000));
    expect(covers(head, base, small(300_000))).toBe('yes');
    // The head's new alternative (a boolean) is not among the base's: not proved, and too large to validate.
    const work = small(300_000);
    expect(covers(base, head, work)).toBe('over-budget');
    expect(work.budget.ranPast).toBe("a validator's 3,000 values");
  });

  it('makes no validator for a 2,000-wide anyOf, which V8 could not compile, so it shows nothing about it', () => {
    const { base, head } = bodies(wideAnyOf(2_000));
    expect(counterexample(base, head, new Work())).toBeUndefined();
  });

  it('reads OpenAPI 3.0 exclusive bounds as the bound itself', () => {
    const inclusive = { type: 'number', maximum: 2 };
    expect(counterexample({ ...inclusive, exclusiveMaximum: true }, inclusive)).toEqual({ value: 2 });
    expect(covers(inclusive, { ...inclusive, exclusiveMaximum: true })).toBe('yes');
  });
});

describe('shapes', () => {
  it('are equal for equal values whatever the order of their keys, and differ otherwise', () => {
    const shapes = new Shapes();
    const one = shapes.of({ type: 'string', maxLength: 3, enum: ['a', 'b'] });
    expect(shapes.of({ enum: ['a', 'b'], maxLength: 3, type: 'string' })).toBe(one);
    expect(shapes.of({ type: 'string', maxLength: 3, enum: ['b', 'a'] })).not.toBe(one);
    expect(shapes.of({ type: 'string', maxLength: '3', enum: ['a', 'b'] })).not.toBe(one);
    expect(shapes.of(['a', 'b'])).not.toBe(shapes.of(['a,b']));
    expect(shapes.size(one)).toBe(6);
  });

  it('know the widest allOf, anyOf or oneOf inside them', () => {
    const shapes = new Shapes();
    const wide = { anyOf: Array.from({ length: 300 }, (_, i) => ({ const: i })) };
    expect(shapes.width(shapes.of({ properties: { a: wide }, allOf: [{}, {}] }))).toBe(300);
  });
});

// The steps a diff may spend judging schemas (src/diff/schema/relation.ts and samples.ts): both contracts come from the
// pull request under review, so a judgement is bounded, never left to run. A step is a small unit of work (a proof
// step, an entry read, a sample made or checked); the costly ones are charged in proportion. Steps rather than time,
// so that the same two contracts get the same answer on any machine. A judgement cut short by a bound (its steps, or a
// schema too costly to validate) is undecided over budget: the diff fails closed on it (rule `undecided-over-budget`),
// naming the bound, so that no schema made costly enough buys a pass.

/** What a whole diff may spend: about 4 s of judging on a laptop of 2024 (BENCH_ONLY=diff-hostile). */
export const DIFF_STEPS = 4_000_000;
/** What one judgement may spend, so that one costly schema leaves the others theirs: about 0.4 s. */
export const JUDGEMENT_STEPS = 500_000;

/** A number as the report writes it: 500,000. */
export const counted = (n: number): string => n.toLocaleString('en-US');

export class OutOfSteps extends Error {
  override name = 'OutOfSteps';

  constructor(readonly bound: string) {
    super(`past ${bound}`);
  }
}

export class Budget {
  private left: number;
  private judgementLeft = Infinity;
  private judging = false;
  private bound: string | undefined;

  constructor(
    private readonly total = DIFF_STEPS,
    private readonly perJudgement = JUDGEMENT_STEPS,
  ) {
    this.left = total;
  }

  /** The whole diff's steps, in words. */
  get diffSteps(): string {
    return `the diff's ${counted(this.total)} steps`;
  }

  /** The bound the last judgement ran past, in words: the diff's steps when no other was noted. */
  get ranPast(): string {
    return this.bound ?? this.diffSteps;
  }

  /** Whether the last judgement ran past a bound, though it may have ended with an answer all the same. */
  get metBound(): boolean {
    return this.bound !== undefined;
  }

  /** Runs one judgement within its share of what is left; `undefined` when the steps run out before it ends. */
  judge<T>(judgement: () => T): T | undefined {
    // A judgement inside another spends from the outer one's share.
    if (this.judging) return judgement();
    this.judging = true;
    this.bound = undefined;
    this.judgementLeft = Math.min(this.perJudgement, this.left);
    try {
      return judgement();
    } catch (error) {
      if (!(error instanceof OutOfSteps)) throw error;
      this.bound = error.bound;
      return undefined;
    } finally {
      this.judging = false;
    }
  }

  /** Notes, inside a judgement, a bound other than steps that kept it from looking further (a schema too costly). */
  pastBound(bound: string): void {
    if (this.judging) this.bound ??= bound;
  }

  /** Whether the whole diff's steps are spent: every judgement from here on is undecided at once. */
  get spent(): boolean {
    return this.left <= 0;
  }

  /** Counts `steps`; inside a judgement, ends it (OutOfSteps) when its share or the diff's is spent. */
  spend(steps: number): void {
    this.left -= steps;
    if (!this.judging) return;
    this.judgementLeft -= steps;
    // The diff's steps first: when both run out at once, the judgement's share was what the diff had left.
    if (this.left < 0) throw new OutOfSteps(this.diffSteps);
    if (this.judgementLeft < 0) throw new OutOfSteps(`one judgement's ${counted(this.perJudgement)} steps`);
  }
}

// The steps a diff may spend judging schemas (src/diff/schema/relation.ts and samples.ts): both contracts come from the
// pull request under review, so a judgement is bounded, never left to run. A step is a small unit of work (a proof
// step, an entry read, a sample made or checked); the costly ones are charged in proportion. Steps rather than time,
// so that the same two contracts get the same answer on any machine. A judgement that runs out is undecided: the diff
// reports it as such (rule `undecided`), as it does what it cannot decide.

/** What a whole diff may spend: about 4 s of judging on a laptop of 2024 (BENCH_ONLY=diff-hostile). */
export const DIFF_STEPS = 4_000_000;
/** What one judgement may spend, so that one costly schema leaves the others theirs: about 0.4 s. */
export const JUDGEMENT_STEPS = 500_000;

export class OutOfSteps extends Error {
  override name = 'OutOfSteps';
}

export class Budget {
  private left: number;
  private judgementLeft = Infinity;
  private judging = false;

  constructor(
    total = DIFF_STEPS,
    private readonly perJudgement = JUDGEMENT_STEPS,
  ) {
    this.left = total;
  }

  /** Runs one judgement within its share of what is left; `undefined` when the steps run out before it ends. */
  judge<T>(judgement: () => T): T | undefined {
    // A judgement inside another spends from the outer one's share.
    if (this.judging) return judgement();
    this.judging = true;
    this.judgementLeft = Math.min(this.perJudgement, this.left);
    try {
      return judgement();
    } catch (error) {
      if (error instanceof OutOfSteps) return undefined;
      throw error;
    } finally {
      this.judging = false;
    }
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
    if (this.judgementLeft < 0 || this.left < 0) throw new OutOfSteps();
  }
}

// Runs one fast-check property over HTTP until it finds no new cause of
// failure: each failing case is shrunk, reported once, and the property runs
// again (with the next seed) with that cause known, so that one defect does not
// hide the next. The seed makes a run repeatable (--seed).
import fc from 'fast-check';
import type { Pending, Session } from '../session.js';

export interface PropertyBudget {
  seed: number;
  numRuns: number;
  /** When the property must stop generating (epoch ms). */
  until: number;
}

/** At most this many distinct causes are looked for per property: more would mostly be one defect seen again. */
const MAX_ROUNDS = 6;

export async function runProperty<T>(
  session: Session,
  arbitrary: fc.Arbitrary<T>,
  body: (value: T) => Promise<void>,
  budget: PropertyBudget,
): Promise<void> {
  let fatal: unknown;
  let failing: Pending[];
  const property = fc.asyncProperty(arbitrary, async (value) => {
    if (fatal !== undefined) return true;
    session.takePending();
    try {
      await body(value);
    } catch (error) {
      fatal = error; // the target went away: stop sending, and say so after the run
      return true;
    }
    const pending = session.takePending();
    if (!pending.some(({ operation, failure }) => session.findings.wouldKeep(operation, failure))) return true;
    failing = pending;
    return false;
  });
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const left = budget.until - Date.now();
    if (left <= 0) return;
    failing = [];
    session.hold(true);
    let details: fc.RunDetails<[T]>;
    try {
      details = await fc.check(property, {
        seed: budget.seed + round,
        numRuns: budget.numRuns,
        interruptAfterTimeLimit: left,
        markInterruptAsFailure: false,
      });
    } finally {
      session.hold(false);
    }
    if (fatal !== undefined) throw fatal;
    if (!details.failed || failing.length === 0) return;
    for (const { operation, failure, testCase, answer, curl } of failing)
      session.findings.add(operation, failure, testCase, answer, curl);
  }
}

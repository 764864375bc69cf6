// --fail-under as written: kinds and percents, one number for every kind, and
// the exact comparison (no rounding lets 79.9 % pass 80).
import { describe, expect, it } from 'vitest';
import { judgeCoverage, parseThresholds } from './gate.js';
import type { CoverageResult } from './measure.js';

describe('parseThresholds', () => {
  it('reads KIND=PERCENT lists, and one number for every kind', () => {
    expect(parseThresholds('operations=100, answers=80.5')).toEqual({ operations: 100, answers: 80.5 });
    expect(parseThresholds('90')).toMatchObject({ operations: 90, enums: 90 });
  });

  it('refuses what it cannot read, with a near kind suggested', () => {
    expect(() => parseThresholds('answer=80')).toThrow("unknown kind 'answer' (did you mean 'answers'?)");
    expect(() => parseThresholds('answers=101')).toThrow(/not KIND=PERCENT/);
    expect(() => parseThresholds('answers=-1')).toThrow(/not KIND=PERCENT/);
    expect(() => parseThresholds('')).toThrow(/expected KIND=PERCENT/);
  });
});

describe('judgeCoverage', () => {
  const result = (covered: number, total: number) =>
    ({
      kinds: [{ kind: 'answers', covered, total, percent: Math.floor((covered / total) * 1000) / 10 }],
    }) as CoverageResult;

  it('compares exactly, and passes a kind the contract has none of', () => {
    expect(judgeCoverage(result(799, 1000), { answers: 80 }).passed).toBe(false);
    expect(judgeCoverage(result(800, 1000), { answers: 80 }).passed).toBe(true);
    expect(
      judgeCoverage({ kinds: [{ kind: 'answers', covered: 0, total: 0, percent: 100 }] } as CoverageResult, {
        answers: 100,
      }).passed,
    ).toBe(true);
  });
});

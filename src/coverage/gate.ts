// The coverage gate: `--fail-under operations=100,answers=80` (or one number
// for every kind) read, and a measured coverage judged against it.
import { didYouMean } from '../untrusted/nearest.js';
import { KINDS, type CoverageKind } from './kinds.js';
import type { CoverageResult } from './measure.js';

export type Thresholds = Partial<Record<CoverageKind, number>>;

export interface GateVerdict {
  passed: boolean;
  /** One per threshold: the kind, what it asks, what was measured. */
  results: { kind: CoverageKind; required: number; percent: number; covered: number; total: number; passed: boolean }[];
}

/** Parses a --fail-under value; throws an Error that says what is wrong. */
export function parseThresholds(text: string): Thresholds {
  const thresholds: Thresholds = {};
  for (const part of text
    .split(',')
    .map((piece) => piece.trim())
    .filter(Boolean)) {
    const [name, value, ...rest] = part.split('=');
    const bare = value === undefined;
    const number = Number(bare ? name : value);
    if (rest.length > 0 || !/^\d+(\.\d+)?$/.test((bare ? name : value) ?? '') || number > 100)
      throw new Error(`"${part}" is not KIND=PERCENT (a number from 0 to 100)`);
    if (bare) {
      for (const kind of KINDS) thresholds[kind] = number;
      continue;
    }
    const kind = name?.trim() ?? '';
    if (!(KINDS as readonly string[]).includes(kind))
      throw new Error(`unknown kind '${kind}'${didYouMean(kind, KINDS)}; the kinds are ${KINDS.join(', ')}`);
    thresholds[kind as CoverageKind] = number;
  }
  if (Object.keys(thresholds).length === 0) throw new Error('expected KIND=PERCENT, such as answers=80');
  return thresholds;
}

export function judgeCoverage(result: CoverageResult, thresholds: Thresholds): GateVerdict {
  const results = result.kinds
    .filter((kind) => thresholds[kind.kind] !== undefined)
    .map(({ kind, covered, total, percent }) => {
      const required = thresholds[kind] ?? 0;
      // Compared exactly: 79.96 % does not pass 80 by rounding.
      return { kind, required, percent, covered, total, passed: total === 0 || covered * 100 >= required * total };
    });
  return { passed: results.every((entry) => entry.passed), results };
}

/** The thresholds a coverage missed: `answers 64.2 % < 70 %, problems 58.3 % < 60 %`. */
export function belowThresholds(gate: GateVerdict): string {
  return gate.results
    .filter((entry) => !entry.passed)
    .map((entry) => `${entry.kind} ${entry.percent.toFixed(1)} % < ${entry.required} %`)
    .join(', ');
}

/** The gate's verdict as a run of verify or the proxy reports it: whether it passed, and the thresholds missed. */
export interface GateSummary {
  passed: boolean;
  /** Empty when it passed. */
  below: string;
}

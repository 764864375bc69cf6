// The defects found, once per distinct cause, each with the request to replay
// it, the answer received and what the contract expected; and a tally of how
// often each check ran and failed, per operation (JUnit's test cases). Every
// report and view is made from these, so a finding is kept with its secrets
// masked (src/untrusted/redact.ts).
import { Redactor } from '../untrusted/redact.js';
import { CATALOGUE, CHECK_NAMES } from './checks/catalogue.js';
import type { CheckName, Failure } from './checks/types.js';
import type { Answer, Phase, TestCase } from './cases.js';
import type { Replay, ReplayBody } from './curl.js';

export interface Finding extends Failure {
  /** The operationId, or "unmatched" for a path or method the contract does not list. */
  operation: string;
  phase: Phase | 'proxy';
  /** What the case tried. */
  label: string;
  request: { method: string; path: string };
  /** The request (or, for a sequence, every request in order) as curl commands. */
  curl: string[];
  /** Bodies the commands read from files (REPLAY_BODIES), written beside each report. */
  replayBodies: ReplayBody[];
  answer: { status: number; contentType: string | null; body: string };
  /** How many answers showed this same cause. */
  occurrences: number;
}

export interface Tally {
  check: CheckName;
  operation: string;
  ran: number;
  failed: number;
}

const BODY_SHOWN = 600;

export class Findings {
  readonly #causes = new Map<string, Finding>();
  readonly #tallies = new Map<string, Tally>();
  readonly #known: readonly (string | undefined)[];

  /** `secrets`: what the run was given (its keys), masked wherever it appears, besides every sk_live_ key. */
  constructor(secrets: readonly (string | undefined)[] = []) {
    this.#known = secrets;
  }

  static key(operation: string, failure: Pick<Failure, 'check' | 'cause'>): string {
    return `${failure.check} ${operation} ${failure.cause ?? ''}`;
  }

  has(operation: string, failure: Failure): boolean {
    return this.#causes.has(Findings.key(operation, failure));
  }

  count(check: CheckName, operation: string, failed: boolean): void {
    const key = `${check} ${operation}`;
    const tally = this.#tallies.get(key) ?? { check, operation, ran: 0, failed: 0 };
    tally.ran += 1;
    if (failed) tally.failed += 1;
    this.#tallies.set(key, tally);
  }

  /**
   * Keeps the failure, unless its cause is known; returns whether it was new. `secrets`: more to mask (the key a
   * proxied request carried).
   */
  add(
    operation: string,
    failure: Failure,
    testCase: TestCase,
    answer: Answer | undefined,
    replays: Replay[],
    secrets: readonly string[] = [],
  ): boolean {
    const key = Findings.key(operation, failure);
    const known = this.#causes.get(key);
    if (known) {
      known.occurrences += 1;
      return false;
    }
    const finding: Finding = {
      ...failure,
      operation,
      phase: testCase.phase,
      label: testCase.label,
      request: { method: testCase.method, path: testCase.path },
      curl: replays.map((replay) => replay.command),
      replayBodies: replays.flatMap((replay) => (replay.body ? [replay.body] : [])),
      answer: answer
        ? {
            status: answer.status,
            contentType: answer.headers.get('content-type'),
            body: answer.text.slice(0, BODY_SHOWN),
          }
        : { status: 0, contentType: null, body: '' },
      occurrences: 1,
    };
    this.#causes.set(key, new Redactor([...this.#known, ...secrets]).deep(finding));
    return true;
  }

  /** A finding from a shorter run replaces the first one seen of its cause (a shrunk counterexample). */
  replace(operation: string, failure: Failure, finding: Omit<Finding, 'occurrences'>): void {
    const key = Findings.key(operation, failure);
    const occurrences = this.#causes.get(key)?.occurrences ?? 1;
    this.#causes.set(key, new Redactor(this.#known).deep({ ...finding, occurrences }));
  }

  get(operation: string, failure: Failure): Finding | undefined {
    return this.#causes.get(Findings.key(operation, failure));
  }

  list(): Finding[] {
    return [...this.#causes.values()];
  }

  tallies(): Tally[] {
    return [...this.#tallies.values()].sort(
      (a, b) => a.check.localeCompare(b.check) || a.operation.localeCompare(b.operation),
    );
  }

  /** Every check, with how often it ran and failed; `skipped` says why one did not run, if it could not. */
  summaries(skipped: (name: CheckName, ran: number) => string | undefined): CheckSummary[] {
    const tallies = this.tallies();
    return CHECK_NAMES.map((name) => {
      const own = tallies.filter((tally) => tally.check === name);
      const ran = own.reduce((sum, tally) => sum + tally.ran, 0);
      const why = skipped(name, ran);
      const summary: CheckSummary = {
        name,
        title: CATALOGUE[name].title,
        ran,
        failed: own.reduce((sum, tally) => sum + tally.failed, 0),
      };
      return why === undefined ? summary : { ...summary, skipped: why };
    });
  }
}

/** A check over a whole run: how often it ran and failed, or why it did not run. */
export interface CheckSummary {
  name: CheckName;
  title: string;
  ran: number;
  failed: number;
  /** Why it did not run. */
  skipped?: string;
}

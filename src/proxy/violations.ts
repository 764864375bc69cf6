// What the proxy saw break the contract: every violation counted, each
// distinct cause kept once (with the request that showed it first; past the
// first causes, counted only), and the tallies a JUnit report needs. Shared with `verify` through Findings.
import type { Contract } from '../contract/contract.js';
import type { Answer, TestCase } from '../verify/cases.js';
import { judgesTheClient } from '../verify/checks/catalogue.js';
import type { CheckName, Failure } from '../verify/checks/types.js';
import type { Replay } from '../verify/curl.js';
import type { GateSummary } from '../coverage/gate.js';
import type { CoverageJournal } from '../coverage/journal.js';
import { CoverageTracker, type OperationCoverage } from '../verify/exercised.js';
import { Findings, type CheckSummary, type Finding } from '../verify/findings.js';

/** Checks that need a sequence of requests of the proxy's own making: `verify` runs them. */
const VERIFY_ONLY: ReadonlySet<CheckName> = new Set([
  'ensure_resource_availability',
  'unique_ids',
  'creation_order',
  'account_scope',
  'tenant_isolation',
  'rejected_not_stored',
  'max_response_time',
  'request_completed',
]);

export interface ProxyReport {
  upstream: string;
  /** The contract file judged by, when it is not the built-in one. */
  contract?: string;
  baseUrl: string;
  seconds: number;
  requests: number;
  /** Every violation of the contract by the upstream's answers, repeats included. */
  violations: number;
  /** Requests that broke the contract themselves (the client's doing; the upstream may refuse them rightly). */
  requestViolations: number;
  /** One per distinct cause, the first KEPT_CAUSES. */
  failures: Finding[];
  /** Failures whose cause was past the KEPT_CAUSES listed: counted, not kept. */
  unlistedFailures: number;
  checks: CheckSummary[];
  tallies: ReturnType<Findings['tallies']>;
  /** Per operation, which documented statuses the traffic exercised. */
  coverage: OperationCoverage[];
  /** What the traffic exercised, item by item (src/coverage/). */
  journal: CoverageJournal;
  /** The coverage gate (--fail-under), when one was set: traffic below it fails. */
  gate?: GateSummary;
}

export class ViolationLog {
  readonly #findings = new Findings();
  readonly #coverage: CoverageTracker;
  readonly #started = Date.now();
  requests = 0;
  violations = 0;
  requestViolations = 0;

  constructor(
    readonly upstream: string,
    contract: Contract,
    readonly contractFile?: string,
  ) {
    this.#coverage = new CoverageTracker(contract, 'proxy');
  }

  static proxied(check: CheckName): boolean {
    return !VERIFY_ONLY.has(check);
  }

  /** `curl`: makes the replay, when a failure is kept; `key`: the key the request carried, masked in what is kept. */
  record(
    operation: string,
    ran: readonly CheckName[],
    failures: readonly Failure[],
    testCase: TestCase,
    answer: Answer,
    curl: () => Replay,
    key?: string,
  ): void {
    this.requests += 1;
    this.#coverage.observe(operation, testCase, answer);
    for (const check of ran)
      this.#findings.count(
        check,
        operation,
        failures.some((failure) => failure.check === check),
      );
    // One replay for all the failures of this exchange, made at most once.
    let replay: Replay | undefined;
    const replays = () => [(replay ??= curl())];
    for (const failure of failures) {
      if (judgesTheClient(failure.check)) this.requestViolations += 1;
      else this.violations += 1;
      this.#findings.add(operation, failure, testCase, answer, replays, key ? [key] : []);
    }
  }

  list(): Finding[] {
    return this.#findings.list();
  }

  /** Failures whose cause was past those listed. */
  get unlisted(): number {
    return this.#findings.unlisted;
  }

  report(baseUrl: string): ProxyReport {
    const tallies = this.#findings.tallies();
    const checks = this.#findings.summaries((name) =>
      VERIFY_ONLY.has(name) ? 'needs requests of its own: `verify` runs it' : undefined,
    );
    return {
      upstream: this.upstream,
      ...(this.contractFile === undefined ? {} : { contract: this.contractFile }),
      baseUrl,
      seconds: (Date.now() - this.#started) / 1000,
      requests: this.requests,
      violations: this.violations,
      requestViolations: this.requestViolations,
      failures: this.list(),
      unlistedFailures: this.unlisted,
      checks,
      tallies,
      coverage: this.#coverage.report(),
      journal: this.#coverage.journal(),
    };
  }
}

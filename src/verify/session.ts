// One run of `verify`: everything a phase needs to send a case and have it
// judged. exercise() asks the oracle what the contract wants, sends the case,
// runs every check on the answer, and keeps what failed.
import type { Contract } from '../contract/contract.js';
import type { Chatbot } from '../contract/types.js';
import { AnswerTooLarge, tooDeepFailure, tooLargeFailure } from './answerCap.js';
import type { Answer, KeyRole, TestCase } from './cases.js';
import { CATALOGUE } from './checks/catalogue.js';
import type { CheckName, Failure } from './checks/types.js';
import { withCredentials } from './credentials.js';
import { CoverageTracker } from './exercised.js';
import { toCurl, type Replay } from './curl.js';
import { Findings } from './findings.js';
import { judgeAnswer } from './judge.js';
import { filledPath } from './pathValues.js';
import { Skips } from './skipped.js';
import type { Expectation, Oracle } from './oracle.js';
import { RequestFailed, send, type SendLimits } from './send.js';

export interface SessionOptions {
  contract: Contract;
  oracle: Oracle;
  baseUrl: string;
  /** The key of the project under test, and the others a run may have been given. */
  keys: Partial<Record<KeyRole, string>> & { main: string };
  runId: string;
  stateless: boolean;
  limits: SendLimits;
  maxResponseTimeMs?: number;
  /** Called after every request, for a progress line. */
  onRequest?: () => void;
}

export interface Exercised {
  testCase: TestCase;
  expectation: Expectation;
  answer?: Answer;
  /** Every check that failed on this answer, known causes included. */
  failures: Failure[];
  /** The chatbot a successful create made. */
  created?: Chatbot;
}

/** A failure waiting to become a finding. */
export interface Pending {
  operation: string;
  failure: Failure;
  testCase: TestCase;
  answer: Answer | undefined;
  curl: Replay[];
}

export class Session {
  readonly findings: Findings;
  readonly coverage: CoverageTracker;
  /** The cases the run could not make, and why. */
  readonly skips = new Skips();
  /** Every id a create answered in this run, and the label of the case that got it first. */
  readonly ids = new Map<string, string>();
  /** Every name a create stored in this run (a refused create may reuse one). */
  readonly createdNames = new Set<string>();
  requests = 0;
  chatbotsCreated = 0;
  /** The statuses answered to requests the contract wants accepted, for the report's hints. */
  readonly acceptedStatuses = new Map<number, number>();
  #held = false;
  #pending: Pending[] = [];

  constructor(readonly options: SessionOptions) {
    this.coverage = new CoverageTracker(options.contract, 'verify');
    this.findings = new Findings(Object.values(options.keys));
  }

  get prefix(): string {
    return `verify-${this.options.runId}`;
  }

  enabled(check: CheckName): boolean {
    const info = CATALOGUE[check];
    if ((info.needsState && this.options.stateless) || info.proxyOnly) return false;
    return !info.optIn || (check === 'max_response_time' && this.options.maxResponseTimeMs !== undefined);
  }

  curl(testCase: TestCase): Replay {
    return toCurl(this.options.baseUrl, testCase, this.options.keys);
  }

  /** A case's headers; the role's key is added as it is sent, where the operation's security says (credentials.ts). */
  headers(contentType?: string): Record<string, string> {
    return contentType ? { 'Content-Type': contentType } : {};
  }

  async exercise(given: TestCase): Promise<Exercised> {
    const { contract, oracle } = this.options;
    const key = given.role ? this.options.keys[given.role] : undefined;
    const filled = { ...given, path: filledPath(contract, given.method, given.path) };
    const testCase = key ? withCredentials(contract, filled, key) : filled;
    const expectation = await oracle.expect(testCase);
    const operation = expectation.operation?.operationId ?? 'unmatched';
    this.requests += 1;
    this.options.onRequest?.();
    let answer: Answer;
    try {
      answer = await send(this.options.baseUrl, testCase, this.options.limits);
    } catch (error) {
      if (error instanceof AnswerTooLarge) {
        // Its status counts as seen; nothing else of it was read to judge.
        const failure = tooLargeFailure(error, expectation.pointer);
        this.coverage.observe(operation, testCase, error.head);
        this.#keep(operation, [failure], ['max_response_size'], testCase, error.head);
        return { testCase, expectation, failures: [failure] };
      }
      if (!(error instanceof RequestFailed)) throw error;
      const failure: Failure = {
        check: 'request_completed',
        message: error.message,
        expected: `${expectation.status}: ${expectation.reason}`,
        pointer: expectation.pointer,
      };
      this.#keep(operation, [failure], ['request_completed'], testCase, undefined);
      return { testCase, expectation, failures: [failure] };
    }
    const tooDeep = tooDeepFailure(answer, expectation.pointer);
    if (tooDeep) {
      // Its status counts as seen; its body is read by nothing that would recurse through it.
      this.coverage.observe(operation, testCase, { ...answer, text: '' });
      this.#keep(
        operation,
        [tooDeep],
        ['request_completed', 'max_response_size', 'max_response_depth'],
        testCase,
        answer,
      );
      return { testCase, expectation, failures: [tooDeep] };
    }
    this.coverage.observe(operation, testCase, answer, expectation.status);
    if (expectation.success)
      this.acceptedStatuses.set(answer.status, (this.acceptedStatuses.get(answer.status) ?? 0) + 1);
    const verdict = judgeAnswer(contract, testCase, answer, expectation, {
      enabled: (check) => this.enabled(check),
      maxResponseTimeMs: this.options.maxResponseTimeMs,
    });
    const ran: CheckName[] = ['request_completed', 'max_response_size', ...verdict.ran];
    const failures = verdict.failures;
    const created = this.#created(expectation, answer, testCase, ran, failures);
    this.#keep(operation, failures, ran, testCase, answer);
    return { testCase, expectation, answer, failures, ...(created ? { created } : {}) };
  }

  /**
   * Keeps a failure as a finding; while held (a fuzz property is running), only
   * collects it, so that the shrunk case, not the first, is what gets reported.
   */
  keep(finding: Pending): void {
    if (this.#held) this.#pending.push(finding);
    else this.findings.add(finding.operation, finding.failure, finding.testCase, finding.answer, finding.curl);
  }

  hold(held: boolean): void {
    this.#held = held;
    this.#pending = [];
  }

  /** The failures collected since the last call, while held. */
  takePending(): Pending[] {
    const pending = this.#pending;
    this.#pending = [];
    return pending;
  }

  #created(
    expectation: Expectation,
    answer: Answer,
    testCase: TestCase,
    ran: CheckName[],
    failures: Failure[],
  ): Chatbot | undefined {
    if (expectation.operation?.operationId !== 'createChatbot' || answer.status !== 201) return undefined;
    let chatbot: Chatbot | undefined;
    try {
      chatbot = (JSON.parse(answer.text) as { data?: Chatbot }).data;
    } catch {
      return undefined;
    }
    if (!chatbot || typeof chatbot.id !== 'string') return undefined;
    this.chatbotsCreated += 1;
    this.createdNames.add(chatbot.name);
    if (this.enabled('unique_ids')) {
      ran.push('unique_ids');
      const first = this.ids.get(chatbot.id);
      if (first !== undefined) {
        failures.push({
          check: 'unique_ids',
          message: `id ${chatbot.id} was given before, in this run, to the chatbot of "${first}"`,
          expected: 'a newly generated UUID',
          pointer: '#/components/schemas/Chatbot/properties/id',
        });
      } else {
        this.ids.set(chatbot.id, testCase.label);
      }
    }
    return chatbot;
  }

  #keep(
    operation: string,
    failures: Failure[],
    ran: CheckName[],
    testCase: TestCase,
    answer: Answer | undefined,
  ): void {
    for (const check of ran)
      this.findings.count(
        check,
        operation,
        failures.some((failure) => failure.check === check),
      );
    for (const failure of failures) this.keep({ operation, failure, testCase, answer, curl: [this.curl(testCase)] });
  }
}

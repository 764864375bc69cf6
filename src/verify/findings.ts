// The defects found, once per distinct cause, each with the request to replay
// it, the answer received and what the contract expected; and a tally of how
// often each check ran and failed, per operation (JUnit's test cases). Every
// report and view is made from these, so a finding is kept with its secrets
// masked (src/untrusted/redact.ts), and bounded: its texts cut, and past the
// first causes, failures only counted, as a stream's broken items are.
import { cut } from '../untrusted/cut.js';
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

/** The characters kept of a finding's text that the traffic can make long: the case, the path, the message. */
export { TEXT_KEPT } from '../untrusted/cut.js';

const BODY_SHOWN = 600;

/**
 * Distinct causes kept whole, each with its replay: past them, failures are counted, not kept, so that what a run
 * holds is bounded whatever its traffic. More than a person reads through in a report, and more than the checks of a
 * contract's operations find once a cause leaves the traffic's text out; with each finding bounded, little memory.
 */
export const KEPT_CAUSES = 200;
/** The characters kept of a replay command: a request within Node's 16 KiB of headers, its body inline, fits whole. */
const COMMAND_KEPT = 20_000;
/** The bytes of replay bodies kept across all findings: the proxy's request body limit, so the largest fits once. */
const REPLAY_BYTES_KEPT = 16 * 1024 * 1024;

export class Findings {
  readonly #causes = new Map<string, Finding>();
  readonly #tallies = new Map<string, Tally>();
  readonly #known: readonly (string | undefined)[];
  #replayBytes = 0;
  /** Failures of causes past the KEPT_CAUSES kept: counted only. */
  #unlisted = 0;

  /** `secrets`: what the run was given (its keys), masked wherever it appears, besides every sk_live_ key. */
  constructor(secrets: readonly (string | undefined)[] = []) {
    this.#known = secrets;
  }

  static key(operation: string, failure: Pick<Failure, 'check' | 'cause'>): string {
    return `${failure.check} ${operation} ${cut(failure.cause ?? '')}`;
  }

  /** Whether add() would keep this failure as a new finding: its cause is not known, and there is room for it. */
  wouldKeep(operation: string, failure: Failure): boolean {
    return this.#causes.size < KEPT_CAUSES && !this.#causes.has(Findings.key(operation, failure));
  }

  /** Failures whose cause was past the KEPT_CAUSES kept, so not listed. */
  get unlisted(): number {
    return this.#unlisted;
  }

  count(check: CheckName, operation: string, failed: boolean): void {
    const key = `${check} ${operation}`;
    const tally = this.#tallies.get(key) ?? { check, operation, ran: 0, failed: 0 };
    tally.ran += 1;
    if (failed) tally.failed += 1;
    this.#tallies.set(key, tally);
  }

  /**
   * Keeps the failure, unless its cause is known or past those kept; returns whether it was new. `replays` may be
   * made only then. `secrets`: more to mask (the key a proxied request carried).
   */
  add(
    operation: string,
    failure: Failure,
    testCase: TestCase,
    answer: Answer | undefined,
    replays: readonly Replay[] | (() => readonly Replay[]),
    secrets: readonly string[] = [],
  ): boolean {
    const key = Findings.key(operation, failure);
    const known = this.#causes.get(key);
    if (known) {
      known.occurrences += 1;
      return false;
    }
    if (this.#causes.size >= KEPT_CAUSES) {
      this.#unlisted += 1;
      return false;
    }
    const finding: Finding = {
      ...failure,
      operation,
      phase: testCase.phase,
      label: testCase.label,
      request: { method: testCase.method, path: testCase.path },
      ...this.#replays(typeof replays === 'function' ? replays() : replays),
      answer: answer
        ? {
            status: answer.status,
            contentType: answer.headers.get('content-type'),
            body: answer.text.slice(0, BODY_SHOWN),
          }
        : { status: 0, contentType: null, body: '' },
      occurrences: 1,
    };
    // Masked whole, then cut: a cut never leaves part of a secret to show.
    this.#causes.set(key, bounded(new Redactor([...this.#known, ...secrets]).deep(finding)));
    return true;
  }

  list(): Finding[] {
    return [...this.#causes.values()];
  }

  /** The commands, and their bodies while the bodies kept stay within REPLAY_BYTES_KEPT; a command says it when not. */
  #replays(replays: readonly Replay[]): Pick<Finding, 'curl' | 'replayBodies'> {
    const curl: string[] = [];
    const replayBodies: ReplayBody[] = [];
    for (const { command, body } of replays) {
      const bytes = body ? Buffer.byteLength(body.base64, 'base64') : 0;
      if (!body || this.#replayBytes + bytes <= REPLAY_BYTES_KEPT) {
        curl.push(command);
        if (body) replayBodies.push(body);
        this.#replayBytes += bytes;
      } else curl.push(`${command} # its body (${bytes} bytes) is not kept: past the replay bodies a run keeps`);
    }
    return { curl, replayBodies };
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

/** The finding with each text the traffic can make long cut: what one finding holds is bounded. */
function bounded(finding: Finding): Finding {
  const { label, request, message, expected, cause, curl, answer } = finding;
  return {
    ...finding,
    label: cut(label),
    request: { ...request, path: cut(request.path) },
    message: cut(message),
    expected: cut(expected),
    ...(cause === undefined ? {} : { cause: cut(cause) }),
    curl: curl.map((command) => cut(command, COMMAND_KEPT)),
    answer: { ...answer, contentType: answer.contentType === null ? null : cut(answer.contentType) },
  };
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

// `verify`: runs the phases in order (examples, coverage, fuzz, stateful)
// against a running implementation, every case judged by the contract engine,
// and returns one report: the distinct failures, the checks run, the coverage.
import { randomBytes, randomInt } from 'node:crypto';
import type { Contract } from '../contract/contract.js';
import { loadContract } from '../contract/load.js';
import type { Principal } from '../contract/types.js';
import { checkResponseBytes } from './answerCap.js';
import { PHASES, type KeyRole, type Phase } from './cases.js';
import { CATALOGUE } from './checks/catalogue.js';
import type { CheckName } from './checks/types.js';
import type { OperationCoverage } from './exercised.js';
import type { CheckSummary, Finding, Tally } from './findings.js';
import { setUpHints } from './hints.js';
import { createOracle } from './oracle.js';
import type { GateSummary } from '../coverage/gate.js';
import type { CoverageJournal } from '../coverage/journal.js';
import { runCoverage } from './phases/coverage.js';
import { runExamples } from './phases/examples.js';
import { runFuzz } from './phases/fuzz.js';
import { runLifecycles } from './phases/lifecycle.js';
import { runStateful } from './phases/stateful.js';
import { RunStopped, TIME_LIMIT } from './send.js';
import { Session } from './session.js';
import type { Skip } from './skipped.js';

/** Where a run is: its phase, the requests of that phase, all requests so far, and the failures found. */
export interface Progress {
  phase: Phase;
  requests: number;
  total: number;
  failures: number;
}

export interface VerifyOptions {
  /** The service address, ending in /api. */
  baseUrl: string;
  key: string;
  keySameAccount?: string;
  keyOtherAccount?: string;
  /** The target keeps no state (the Prism mock): no stateful phase, no checks that need state. */
  stateless?: boolean;
  phases?: readonly Phase[];
  /** Replays a run's generated cases (default: a random seed, printed in the report). */
  seed?: number;
  /** Cases per fuzz property (default 100); the stateful phase runs a fifth as many sequences. */
  maxExamples?: number;
  /** How long one request may take (default 10 s). */
  requestTimeoutMs?: number;
  /** How long the whole run may take (default 120 s); the generative phases stop in time. */
  maxTimeMs?: number;
  /** Opt-in max_response_time check. */
  maxResponseTimeMs?: number;
  /** The most bytes of an answer read (default 10 MiB); past it, a max_response_size failure (answerCap.ts). */
  maxResponseBytes?: number;
  contract?: Contract;
  /** The file `contract` was read from, named in the report (default: the built-in openapi.yaml). */
  contractFile?: string;
  /**
   * Called as each phase starts, every 25 requests, and as each phase ends, for a progress line: the phase's requests,
   * and all so far.
   */
  onProgress?: (progress: Progress) => void;
}

export interface VerifyReport {
  baseUrl: string;
  /** The contract file judged by, when it is not the built-in one. */
  contract?: string;
  runId: string;
  seed: number;
  stateless: boolean;
  phases: Phase[];
  maxExamples: number;
  seconds: number;
  requests: number;
  chatbotsCreated: number;
  /** One per distinct cause, the first KEPT_CAUSES. */
  failures: Finding[];
  /** Failures whose cause was past the KEPT_CAUSES listed: counted, not kept. */
  unlistedFailures: number;
  /** The cases the run could not make (a schema no value within verify's bounds fills), each with why. */
  skipped: Skip[];
  /** Skips past the KEPT_SKIPS listed. */
  unlistedSkips: number;
  checks: CheckSummary[];
  tallies: Tally[];
  coverage: OperationCoverage[];
  /** What the run exercised, item by item (src/coverage/): saved by --journal, gated by --fail-under. */
  journal: CoverageJournal;
  /** Why the run stopped early (nothing answers), if it did. */
  error?: string;
  /** The likely cause when most requests fail alike (a base URL without /api, a refused key). */
  hints: string[];
  /** The coverage gate (--fail-under), when one was set: a run below it fails. */
  gate?: GateSummary;
  passed: boolean;
}

const NEEDED: Record<KeyRole, string> = {
  main: 'a key',
  sameAccount: 'a key of another project of the same account',
  otherAccount: 'a key of another account',
};

export async function runVerify(options: VerifyOptions): Promise<VerifyReport> {
  const { stateless = false, maxExamples = 100, requestTimeoutMs = 10_000, maxTimeMs = 120_000 } = options;
  const phases = PHASES.filter(
    (phase) => (options.phases ?? PHASES).includes(phase) && !(stateless && phase === 'stateful'),
  );
  const maxResponseBytes = checkResponseBytes(options.maxResponseBytes, 'runVerify');
  const seed = options.seed ?? randomInt(2 ** 31);
  const runId = randomBytes(4).toString('hex');
  const contract = options.contract ?? loadContract();
  const keys: Partial<Record<KeyRole, string>> & { main: string } = {
    main: options.key,
    sameAccount: options.keySameAccount,
    otherAccount: options.keyOtherAccount,
  };
  const principals = new Map<string, Principal>();
  const known = (key: string | undefined, principal: Principal) => {
    if (!key) return;
    principals.set(key, principal);
    // Basic credentials `user:password`: the engine knows a caller by the user name.
    if (key.includes(':')) principals.set(key.slice(0, key.indexOf(':')), principal);
  };
  known(keys.main, { accountId: 'own', projectId: 'main' });
  known(keys.sameAccount, { accountId: 'own', projectId: 'same-account' });
  known(keys.otherAccount, { accountId: 'other', projectId: 'other-account' });
  const started = Date.now();
  const ends = started + maxTimeMs;
  const session = new Session({
    contract,
    oracle: createOracle(contract, principals),
    baseUrl: options.baseUrl,
    keys,
    runId,
    stateless,
    limits: { requestMs: requestTimeoutMs, deadline: AbortSignal.timeout(maxTimeMs), maxResponseBytes },
    maxResponseTimeMs: options.maxResponseTimeMs,
    onRequest: () => {
      if (session.requests % 25 === 0) progress();
    },
  });
  let phase: Phase = phases[0] ?? 'examples';
  let phaseStart = 0;
  const progress = () =>
    options.onProgress?.({
      phase,
      requests: session.requests - phaseStart,
      total: session.requests,
      failures: session.findings.list().length,
    });
  let error: string | undefined;
  try {
    for (phase of phases) {
      phaseStart = session.requests;
      progress();
      if (Date.now() >= ends) throw new RunStopped(TIME_LIMIT);
      if (phase === 'examples') await runExamples(session);
      if (phase === 'coverage') await runCoverage(session);
      if (phase === 'fuzz') await runFuzz(session, { seed, numRuns: maxExamples }, ends - maxTimeMs * 0.25);
      if (phase === 'stateful') {
        await runLifecycles(session);
        await runStateful(session, {
          seed,
          numRuns: Math.max(5, Math.ceil(maxExamples / 5)),
          until: ends - maxTimeMs * 0.05,
        });
      }
      // The phase's last word: its whole count.
      progress();
    }
  } catch (caught) {
    if (!(caught instanceof RunStopped)) throw caught;
    error =
      caught.message === TIME_LIMIT
        ? `${caught.message} (${maxTimeMs / 1000} s) in the ${phase} phase`
        : caught.message;
  }
  const failures = session.findings.list();
  return {
    baseUrl: options.baseUrl,
    ...(options.contractFile === undefined ? {} : { contract: options.contractFile }),
    runId,
    seed,
    stateless,
    phases,
    maxExamples,
    seconds: (Date.now() - started) / 1000,
    requests: session.requests,
    chatbotsCreated: session.chatbotsCreated,
    failures,
    unlistedFailures: session.findings.unlisted,
    skipped: session.skips.list(),
    unlistedSkips: session.skips.unlisted,
    checks: summarize(session, keys, stateless),
    tallies: session.findings.tallies(),
    coverage: session.coverage.report(),
    journal: session.coverage.journal(),
    ...(error ? { error } : {}),
    hints: setUpHints(session.acceptedStatuses, options.baseUrl, keys),
    passed: failures.length === 0 && error === undefined,
  };
}

/** The checks only a lifecycle runs (phases/lifecycle.ts): a contract with no read of what it creates has none. */
const LIFECYCLE_CHECKS: readonly CheckName[] = ['update_kept', 'use_after_free', 'resource_tenancy'];

function summarize(session: Session, keys: Partial<Record<KeyRole, string>>, stateless: boolean): CheckSummary[] {
  const needs: Partial<Record<CheckName, KeyRole>> = {
    account_scope: 'sameAccount',
    tenant_isolation: 'otherAccount',
    resource_tenancy: 'otherAccount',
  };
  return session.findings.summaries((name, ran) => {
    const role = needs[name];
    if (CATALOGUE[name].needsState && stateless) return 'the target is stateless';
    if (role && !keys[role]) return `needs ${NEEDED[role]}`;
    if (CATALOGUE[name].optIn && ran === 0) return 'opt-in: set a maximum response time';
    if (CATALOGUE[name].proxyOnly) return 'the proxy’s: it judges a client’s requests';
    if (LIFECYCLE_CHECKS.includes(name) && ran === 0)
      return 'the contract reads, updates or deletes nothing a create makes';
    return undefined;
  });
}

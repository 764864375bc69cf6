// Runs the contract's checks against a running implementation, one after another.
import { randomBytes } from 'node:crypto';
import type { Contract } from '../contract/contract.js';
import { loadContract } from '../contract/load.js';
import { CHECKS, type Check } from './checks/index.js';
import { CheckContext, CheckFailed, type Exchange, type VerifyTarget } from './context.js';

export type Outcome = 'passed' | 'failed' | 'skipped';

export interface CheckResult {
  id: string;
  title: string;
  outcome: Outcome;
  /** Why it failed or was skipped. */
  reason?: string;
  exchanges: Exchange[];
  seconds: number;
}

export interface VerifyReport {
  baseUrl: string;
  stateless: boolean;
  results: CheckResult[];
  passed: number;
  failed: number;
  skipped: number;
}

export interface VerifyOptions extends VerifyTarget {
  /** The target keeps no state (the Prism mock): skip the checks that need it. */
  stateless?: boolean;
  checks?: Check[];
  /** Called as each check ends, for progress output. */
  onResult?: (result: CheckResult) => void;
  /** How long one check may take (default 30 s). */
  checkTimeoutMs?: number;
  /** How long one request may take before it is given up (--timeout; default 10 s). */
  requestTimeoutMs?: number;
  /** How long the whole run may take (--max-time; default 120 s): checks not run by then fail, saying so. */
  maxTimeMs?: number;
  /** The contract to check answers against (default: this package's openapi.yaml). */
  contract?: Contract;
}

const FLAGS = { keySameAccount: '--key-same-account', keyOtherAccount: '--key-other-account' } as const;

export async function runVerification(options: VerifyOptions): Promise<VerifyReport> {
  const { stateless = false, checks = CHECKS, checkTimeoutMs = 30_000, requestTimeoutMs = 10_000, maxTimeMs = 120_000 } = options;
  const runId = randomBytes(4).toString('hex');
  const contract = options.contract ?? loadContract();
  const results: CheckResult[] = [];
  const deadline = AbortSignal.timeout(maxTimeMs);
  const ends = Date.now() + maxTimeMs;
  for (const check of checks) {
    const left = ends - Date.now();
    const result =
      left <= 0
        ? { id: check.id, title: check.title, exchanges: [], seconds: 0, outcome: 'failed' as const, reason: `not run: the run took its whole --max-time of ${maxTimeMs / 1000} s` }
        : await runCheck(check, options, contract, runId, stateless, Math.min(checkTimeoutMs, left), { requestMs: requestTimeoutMs, deadline });
    results.push(result);
    options.onResult?.(result);
  }
  const count = (outcome: Outcome) => results.filter((result) => result.outcome === outcome).length;
  return {
    baseUrl: options.baseUrl,
    stateless,
    results,
    passed: count('passed'),
    failed: count('failed'),
    skipped: count('skipped'),
  };
}

async function runCheck(
  check: Check,
  target: VerifyTarget,
  contract: Contract,
  runId: string,
  stateless: boolean,
  timeoutMs: number,
  limits: CheckContext['limits'],
): Promise<CheckResult> {
  const base = { id: check.id, title: check.title, exchanges: [], seconds: 0 };
  if (stateless && check.needsState) {
    return { ...base, outcome: 'skipped', reason: `skipped against a stateless target: ${check.needsState}` };
  }
  if (check.needsKey && !target[check.needsKey]) {
    return { ...base, outcome: 'skipped', reason: `skipped: needs ${FLAGS[check.needsKey]}` };
  }

  const ctx = new CheckContext(target, runId, contract, limits);
  const started = performance.now();
  let reason: string | undefined;
  let timer: NodeJS.Timeout | undefined;
  try {
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new CheckFailed(`no answer within ${timeoutMs / 1000} s`)), timeoutMs);
    });
    await Promise.race([check.run(ctx), timeout]);
  } catch (error) {
    reason = error instanceof CheckFailed ? error.message : `request failed: ${describe(error)}`;
  } finally {
    clearTimeout(timer);
  }
  // Whatever the check itself concluded, an answer that breaks the contract fails it.
  const broken = ctx.exchanges.filter((exchange) => exchange.violations.length > 0);
  if (broken.length > 0) {
    const contract = broken.flatMap((e) => e.violations.map((v) => `${e.method} ${e.path}: ${v}`)).join('; ');
    reason = reason ? `${reason}; ${contract}` : `breaks openapi.yaml: ${contract}`;
  }
  const seconds = (performance.now() - started) / 1000;
  return { ...base, exchanges: ctx.exchanges, seconds, outcome: reason ? 'failed' : 'passed', reason };
}

function describe(error: unknown): string {
  const name = (error as { name?: string }).name;
  if (name === 'TimeoutError') return 'no answer within the --timeout';
  if (name === 'AbortError') return 'given up at the run\'s --max-time';
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error as Error).message ?? String(error);
}

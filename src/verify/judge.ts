// Judges one answer: every answer check that applies and is enabled runs on
// it. `verify` and `proxy` share this, so a defect has one name in both.
import { responseViolations } from '../contract/check.js';
import type { Contract } from '../contract/contract.js';
import { pathOnly, type Answer, type TestCase } from './cases.js';
import { CONFORMANCE_CHECKS } from './checks/conformance.js';
import { REQUEST_CHECKS } from './checks/requests.js';
import { SEMANTIC_CHECKS } from './checks/semantics.js';
import type { CheckName, Failure } from './checks/types.js';
import type { Expectation } from './oracle.js';

export const ANSWER_CHECKS = [...CONFORMANCE_CHECKS, ...REQUEST_CHECKS, ...SEMANTIC_CHECKS];

export interface Verdict {
  /** The checks that ran on the answer. */
  ran: CheckName[];
  failures: Failure[];
}

export function judgeAnswer(
  contract: Contract,
  testCase: TestCase,
  answer: Answer,
  expectation: Expectation,
  options: { enabled: (check: CheckName) => boolean; maxResponseTimeMs?: number },
): Verdict {
  const path = pathOnly(testCase.path);
  const violations = responseViolations(contract, {
    method: testCase.method,
    path,
    status: answer.status,
    headers: answer.headers,
    text: answer.text,
  });
  const judged = {
    contract,
    testCase,
    answer,
    expectation,
    violations,
    maxResponseTimeMs: options.maxResponseTimeMs,
  };
  const ran: CheckName[] = [];
  const failures: Failure[] = [];
  for (const check of ANSWER_CHECKS) {
    if (!options.enabled(check.name) || !check.applies(judged)) continue;
    ran.push(check.name);
    const failure = check.judge(judged);
    if (failure) failures.push(failure);
  }
  return { ran, failures };
}

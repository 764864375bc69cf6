// Judges one proxied exchange and keeps what broke: the answer checks run on
// the upstream's answer, and each failure is recorded for /__admin/violations
// and the reports, and logged as one bounded line with no secret and no
// control character of the traffic.
import { bearerKey } from '../state/authenticator.js';
import { printable } from '../untrusted/printable.js';
import { Redactor } from '../untrusted/redact.js';
import type { Answer, TestCase } from '../verify/cases.js';
import { judgesTheClient } from '../verify/checks/catalogue.js';
import type { CheckName, Failure } from '../verify/checks/types.js';
import { toCurl } from '../verify/curl.js';
import { judgeAnswer } from '../verify/judge.js';
import type { Expectation } from '../verify/oracle.js';
import type { ProxyContext } from './context.js';
import { ViolationLog } from './violations.js';

/** The most characters of a violation a log line holds, so that a line stays under 4 kB with its fields. */
const MAX_LOGGED = 3_000;

/** Every answer check on a whole answer (which was within the size cap); returns the failures. */
export function judge(context: ProxyContext, testCase: TestCase, answer: Answer, expectation: Expectation): Failure[] {
  const { ran, failures } = judgeAnswer(context.contract, testCase, answer, expectation, {
    enabled: ViolationLog.proxied,
  });
  keep(context, testCase, answer, expectation, ['max_response_size', ...ran], failures);
  return failures;
}

/** Records the exchange with the checks that ran and those that failed, and logs each failure. */
export function keep(
  context: ProxyContext,
  testCase: TestCase,
  answer: Answer,
  expectation: Expectation,
  ran: readonly CheckName[],
  failures: readonly Failure[],
): void {
  const operation = expectation.operation?.operationId ?? 'unmatched';
  // The caller's key stays out of the replay command, as $API_KEY. A replay is made only for a failure kept as a new
  // finding: most answers break nothing or a known cause, and each replay hashes and masks the body.
  const key = bearerKey(testCase.headers.authorization);
  const curl = () => toCurl(context.upstream, testCase, key ? { main: key } : {});
  context.log.record(operation, ran, failures, testCase, answer, curl, key);
  const redact = new Redactor([key]);
  for (const failure of failures) {
    const side = judgesTheClient(failure.check) ? 'the request' : 'the answer';
    // The message quotes the traffic: no secret, and no control character, reaches the log.
    const message = printable(redact.text(`contract violation by ${side}: ${failure.message}`));
    // One line each, bounded: the whole finding is kept at /__admin/violations and in the reports.
    const line =
      message.length > MAX_LOGGED
        ? `${message.slice(0, MAX_LOGGED)}… (${message.length - MAX_LOGGED} more characters: see /__admin/violations)`
        : message;
    context.logger.warn(
      {
        check: failure.check,
        operation,
        method: testCase.method,
        path: printable(redact.text(testCase.path)),
        status: answer.status,
      },
      line,
    );
  }
}

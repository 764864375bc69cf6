// Checks of any answer against the documented responses: status, content type,
// headers and body, each reported under its own name.
import type { Violation, ViolationKind } from '../../contract/check.js';
import { MAX_ANSWER_DEPTH } from '../../contract/jsonDepth.js';
import type { AnswerCheck, CheckName, Failure, Judged } from './types.js';

function fromViolations(name: CheckName, kind: ViolationKind, expected: string): AnswerCheck {
  return {
    name,
    applies: (judged) => judged.answer.status < 500 || kind === 'status',
    judge({ violations }): Failure | undefined {
      const found = violations.filter((violation) => violation.kind === kind);
      const [first] = found;
      if (!first) return undefined;
      return {
        check: name,
        message: found.map((violation) => violation.message).join('; '),
        expected,
        pointer: first.pointer,
        // One cause per place in the contract, so that two schema defects are two findings; what the traffic put in
        // the message (a path, a quoted value, a number) is left out, so that each request is not a defect of its own.
        cause: `${first.pointer} ${first.cause ?? first.message.replace(/"[^"]*"|\d+/g, '…')}`,
      };
    },
  };
}

const BY_VIOLATION: AnswerCheck[] = [
  fromViolations('status_code_conformance', 'status', 'a status the contract documents for this request'),
  fromViolations('content_type_conformance', 'content-type', 'a Content-Type the contract documents for this status'),
  fromViolations('response_headers_conformance', 'headers', 'every documented header, with a value its schema allows'),
  fromViolations('response_schema_conformance', 'schema', 'a body that validates against the documented schema'),
  fromViolations(
    'max_response_depth',
    'depth',
    `a body nested at most ${MAX_ANSWER_DEPTH} levels, each item of a stream`,
  ),
];

/** The failures of violations found apart from a whole answer (the items of a stream, as they pass the proxy). */
export function violationFailures(violations: readonly Violation[]): Failure[] {
  return BY_VIOLATION.flatMap((check) => check.judge({ violations } as Judged) ?? []);
}

export const CONFORMANCE_CHECKS: AnswerCheck[] = [
  {
    name: 'not_a_server_error',
    applies: () => true,
    judge: ({ answer, expectation }) =>
      answer.status >= 500
        ? {
            check: 'not_a_server_error',
            message: `answered ${answer.status}: ${answer.text.slice(0, 300)}`,
            expected: expectation.success
              ? `${expectation.status}: ${expectation.reason}`
              : `${expectation.status}: ${expectation.reason}`,
            pointer: expectation.pointer,
            cause: String(answer.status),
          }
        : undefined,
  },
  ...BY_VIOLATION,
];

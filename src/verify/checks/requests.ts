// Checks that the answer's status is the one the contract asks for this
// request: accepted when it honours the contract, refused (with the right
// status) when it does not, 401 for a bad key, 405 with Allow for a bad method.
import { pathOnly } from '../cases.js';
import type { AnswerCheck, CheckName, Failure, Judged } from './types.js';

const is2xx = (status: number) => status >= 200 && status < 300;
const wanted = ({ expectation }: Judged) =>
  [expectation.status, ...expectation.alternatives].join(' or ') + ` (${expectation.reason})`;

function fail(name: CheckName, judged: Judged, message: string, cause?: string): Failure {
  return {
    check: name,
    message,
    expected: wanted(judged),
    pointer: judged.expectation.pointer,
    ...(cause ? { cause } : {}),
  };
}

function answeredOtherwise({ answer, expectation }: Judged): boolean {
  return answer.status !== expectation.status && !expectation.alternatives.includes(answer.status);
}

const DATA_ERRORS = new Set([400, 413, 415, 422]);

export const REQUEST_CHECKS: AnswerCheck[] = [
  {
    name: 'positive_data_acceptance',
    applies: ({ expectation, testCase }) => expectation.success && testCase.focus !== 'record_not_found',
    judge: (judged) => {
      const { status, text } = judged.answer;
      if (is2xx(status) || status >= 500) return undefined;
      // A refusal the oracle could not rule out: a key it cannot know, a pattern it could not check.
      if (judged.expectation.alternatives.includes(status)) return undefined;
      // A record named by a value verify did not take from a create: it may not exist.
      if (status === 404 && judged.expectation.mayBeMissing && judged.testCase.phase !== 'stateful') return undefined;
      const full = status === 409 ? ' (the account is full: use another account, or a server with a higher limit)' : '';
      return fail(
        'positive_data_acceptance',
        judged,
        `a request that honours the contract was refused with ${status}${full}: ${text.slice(0, 300)}`,
        String(status),
      );
    },
  },
  {
    name: 'negative_data_rejection',
    applies: ({ expectation, testCase }) =>
      !expectation.success && DATA_ERRORS.has(expectation.status) && !testCase.focus,
    judge: (judged) =>
      is2xx(judged.answer.status)
        ? fail(
            'negative_data_rejection',
            judged,
            `a request that breaks the contract was accepted with ${judged.answer.status}`,
          )
        : undefined,
  },
  {
    name: 'refusal_status_conformance',
    applies: ({ expectation, answer, testCase }) =>
      !expectation.success &&
      ![401, 405].includes(expectation.status) &&
      answer.status >= 400 &&
      answer.status < 500 &&
      !testCase.focus,
    judge: (judged) =>
      answeredOtherwise(judged)
        ? fail(
            'refusal_status_conformance',
            judged,
            `refused with ${judged.answer.status}`,
            `${judged.expectation.status}→${judged.answer.status}`,
          )
        : undefined,
  },
  {
    name: 'missing_required_header',
    applies: ({ testCase }) => testCase.focus === 'missing_required_header',
    judge: (judged) =>
      answeredOtherwise(judged) && judged.answer.status < 500
        ? fail('missing_required_header', judged, `answered ${judged.answer.status}`)
        : undefined,
  },
  {
    name: 'ignored_auth',
    applies: ({ expectation }) => expectation.status === 401,
    judge: (judged) =>
      answeredOtherwise(judged) && judged.answer.status < 500
        ? fail(
            'ignored_auth',
            judged,
            `answered ${judged.answer.status} to ${describeKey(judged.testCase.headers)}`,
            String(judged.answer.status),
          )
        : undefined,
  },
  {
    name: 'unsupported_method',
    applies: ({ expectation }) => expectation.status === 405,
    judge: (judged) => {
      const { answer } = judged;
      if (answer.status >= 500) return undefined;
      if (answer.status !== 405)
        return fail('unsupported_method', judged, `answered ${answer.status}`, String(answer.status));
      const documented = methodsOf(judged);
      const sent = (answer.headers.get('allow') ?? '')
        .split(',')
        .map((method) => method.trim().toUpperCase())
        .filter(Boolean);
      const same = sent.length === documented.length && documented.every((method) => sent.includes(method));
      return same
        ? undefined
        : fail(
            'unsupported_method',
            judged,
            `Allow is "${answer.headers.get('allow') ?? '(missing)'}", not "${documented.join(', ')}"`,
            'allow',
          );
    },
  },
  {
    name: 'request_conformance',
    applies: () => true,
    judge: ({ expectation }) =>
      expectation.success
        ? undefined
        : {
            check: 'request_conformance',
            message: `the request breaks the contract: ${expectation.reason}`,
            expected: `a request the operation accepts (this one gets ${expectation.status})`,
            pointer: expectation.pointer,
            cause: String(expectation.status),
          },
  },
  {
    name: 'max_response_time',
    applies: ({ maxResponseTimeMs }) => maxResponseTimeMs !== undefined,
    judge: (judged) =>
      judged.answer.ms > (judged.maxResponseTimeMs ?? Infinity)
        ? {
            check: 'max_response_time',
            message: `answered in ${Math.round(judged.answer.ms)} ms`,
            expected: `an answer within ${judged.maxResponseTimeMs} ms (the maximum response time)`,
            pointer: judged.expectation.pointer,
          }
        : undefined,
  },
];

/** The methods the contract documents on the case's path. */
function methodsOf({ contract, testCase }: Judged): string[] {
  const path = pathOnly(testCase.path);
  return contract.operations.filter((operation) => operation.path === path).map((operation) => operation.method);
}

function describeKey(headers: Record<string, string>): string {
  const authorization = Object.entries(headers).find(([name]) => name.toLowerCase() === 'authorization')?.[1];
  return authorization === undefined
    ? 'a request without Authorization'
    : `Authorization: ${JSON.stringify(authorization)}`;
}

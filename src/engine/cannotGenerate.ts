// The answer of an executor that could not make one: the mock's, when Prism
// cannot generate an answer from the contract, or not within the bounds a
// contract under review is held to (src/mock/isolatedPrism.ts).
import { problemAmong, problemResponse } from '../contract/documentedProblem.js';
import type { ContractOperation } from '../contract/router.js';
import type { JsonReply } from './types.js';

/**
 * The bounds of the mock's generation, named in the problem it answers with; after a failure, the same
 * operation's answers (in the same mode: generated, or from the examples) are refused at once for
 * `coolDownMs` (src/mock/coolDown.ts).
 */
export const GENERATION_BOUNDS = {
  timeoutMs: 1_000,
  heapMb: 128,
  answerCharacters: 1_048_576,
  coolDownMs: 30_000,
} as const;

/** The problem, documented in the admin API's document (/__admin/openapi.json). */
export const MOCK_RESPONSES = {
  CannotGenerate: problemResponse(
    'The mock could not make this answer from the contract: Prism could not generate it, or not within its bounds ' +
      `(${GENERATION_BOUNDS.timeoutMs} ms and ${GENERATION_BOUNDS.heapMb} MB to make it, ` +
      `${GENERATION_BOUNDS.answerCharacters} characters of JSON). ` +
      `For the next ${GENERATION_BOUNDS.coolDownMs / 1_000} s, an answer of the same operation, generated or from ` +
      'the examples as that one was, is this problem at once, without being made again. The detail says why.',
    'cannot-generate',
    'Not Implemented',
    501,
  ),
};

export function cannotGenerate(operation: ContractOperation, reason: string): JsonReply {
  const detail =
    `The mock could not make the answer of ${operation.method} ${operation.path} (${operation.operationId}) ` +
    `from the contract: ${reason}.`;
  const body = problemAmong(MOCK_RESPONSES, 'CannotGenerate', detail, 'the mock');
  return { status: body.status, body };
}

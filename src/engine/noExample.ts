// The answer where the server has none it may send for an operation: no handler and no example of a success answer
// that fits the schema, or an example composed from a schema (where the contract writes none) past its bound
// (src/contract/composedExample.ts). A contract the server cannot serve: 501, never a 500.
import { COMPOSED_CHARACTERS } from '../contract/composedExample.js';
import { problemAmong, problemResponse } from '../contract/documentedProblem.js';
import { HEADER_CHARACTERS } from '../contract/exampleAnswer.js';
import type { JsonReply } from './types.js';

/** The problem, documented in the admin API's document (/__admin/openapi.json). */
export const NO_EXAMPLE_RESPONSES = {
  NoExample: problemResponse(
    'The operation has no reference handler (or, under `mock`, is one Prism cannot answer), and the contract ' +
      'gives no example of a success answer that fits its schema; or an answer the server composes from a schema ' +
      `where the contract gives no example would pass ${COMPOSED_CHARACTERS} characters of JSON ` +
      `(${HEADER_CHARACTERS} for a header's value). The detail says which.`,
    'no-example',
    'Not Implemented',
    501,
  ),
};

export function noExample(detail: string): JsonReply {
  const body = problemAmong(NO_EXAMPLE_RESPONSES, 'NoExample', detail, 'the reference handlers');
  return { status: body.status, body };
}

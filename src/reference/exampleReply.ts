// The answer to an operation that nothing else serves: one the contract gives
// as an example, checked against its schema first. Under an edited contract it
// serves an operation without a handler; under `mock` it serves what Prism
// cannot (an OpenAPI 3.2 QUERY or additional operation, a streamed answer). A
// stream (sequential.ts) is sent item by item, each item checked by its
// itemSchema.
import type { OpenAPIV3 } from 'openapi-types';
import { operationObject, type Contract } from '../contract/contract.js';
import { ComposedTooLarge } from '../contract/composedExample.js';
import { exampleAnswer, type ExampleAnswer } from '../contract/exampleAnswer.js';
import type { ContractOperation } from '../contract/router.js';
import { describeSchemaErrors } from '../contract/schemaErrors.js';
import { encodeItem } from '../contract/sequential.js';
import { noExample } from '../engine/noExample.js';
import type { Reply } from '../engine/types.js';

const MARKED = { 'Mock-Source': 'example' };

/**
 * The first success status the operation documents with an example that fits its schema, answered with it; else the
 * first with no body (a 204); else the documented 501 that says why.
 */
export function exampleReply(contract: Contract, operation: ContractOperation): Reply {
  const { responses } = operationObject(contract, operation);
  const statuses = Object.keys(responses)
    .filter((key) => /^2\d\d$/.test(key))
    .map(Number)
    .sort((a, b) => a - b);
  type Media = OpenAPIV3.MediaTypeObject & { itemSchema?: unknown };
  const mediaOf = (status: number): Media | undefined =>
    Object.values((responses[String(status)] as OpenAPIV3.ResponseObject).content ?? {})[0];
  const unfit: string[] = [];
  for (const status of statuses) {
    const media = mediaOf(status);
    // An example written, or one composed from the schema's (or, for a stream, the itemSchema's) own.
    const composable = Boolean(media?.schema) || media?.itemSchema !== undefined;
    if (media?.example === undefined && Object.keys(media?.examples ?? {}).length === 0 && !composable) continue;
    let example: ExampleAnswer | undefined;
    try {
      example = exampleAnswer(contract, operation, status);
    } catch (error) {
      if (!(error instanceof ComposedTooLarge)) throw error;
      unfit.push(`its ${status} answer: ${error.message}`);
      continue;
    }
    if (!example) continue;
    const why = example.stream ? unfitItems(contract, example.stream) : unfitBody(contract, operation, example);
    if (why) {
      unfit.push(`its ${status} example does not fit its schema: ${why}`);
      continue;
    }
    const headers = { ...example.headers, ...MARKED };
    if (!example.stream) return { status: example.status, body: example.body, headers };
    const { kind, mediaType, items } = example.stream;
    return { status, encoded: items.map((item) => encodeItem(kind, item)), headers, stream: { mediaType } };
  }
  const bodiless = statuses.find((status) => mediaOf(status) === undefined);
  if (bodiless !== undefined) return { status: bodiless, encoded: [], headers: MARKED };
  const described = `${operation.method} ${operation.path} (${operation.operationId})`;
  const detail =
    `${described} has no reference handler, and this contract gives no example of a success answer to serve in ` +
    `its place${unfit.length > 0 ? ` (${unfit.join('; ')})` : ''}.`;
  return noExample(detail);
}

function unfitBody(contract: Contract, operation: ContractOperation, example: ExampleAnswer): string | undefined {
  const check = contract.router.responseValidator(operation, example.status);
  return check && !check(example.body) ? describeSchemaErrors(check.errors) : undefined;
}

function unfitItems(contract: Contract, stream: NonNullable<ExampleAnswer['stream']>): string | undefined {
  const check = contract.schemaValidator(stream.itemSchema);
  for (const [index, item] of stream.items.entries()) {
    if (!check(item)) return `item ${index + 1}: ${describeSchemaErrors(check.errors)}`;
  }
  return undefined;
}

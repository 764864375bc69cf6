// The answer to an operation that nothing else serves: one the contract gives
// as an example, checked against its schema first. Under an edited contract it
// serves an operation without a handler; under `mock` it serves what Prism
// cannot (an OpenAPI 3.2 QUERY or additional operation, a streamed answer). A
// stream (sequential.ts) is sent item by item, each item checked by its
// itemSchema.
//
// The example is the contract's own, so it is checked by exampleCheck.ts (its
// patterns never run on the platform's RegExp), once per contract: the answer
// is kept, marked checked, and the engine does not check it again. The checks
// of all the contract's operations share one budget (MAX_CONTRACT_CHECK_COST):
// the banner, or a reload, decides them all at once. A pattern that check
// could not run is named (uncheckedPatterns), for the banner.
import type { OpenAPIV3 } from 'openapi-types';
import { operationObject, type Contract } from '../contract/contract.js';
import { ComposedTooLarge } from '../contract/composedExample.js';
import { MAX_CONTRACT_CHECK_COST, type CheckBudget } from '../contract/checkBudget.js';
import type { ExampleCheck } from '../contract/exampleCheck.js';
import { checkExampleBody, exampleAnswer, type ExampleAnswer } from '../contract/exampleAnswer.js';
import type { ContractOperation } from '../contract/router.js';
import { describeSchemaErrors } from '../contract/schemaErrors.js';
import { encodeItem } from '../contract/sequential.js';
import { noExample } from '../engine/noExample.js';
import { isOtherMedia, mediaAnswer } from './mediaAnswer.js';
import type { Reply } from '../engine/types.js';

const MARKED = { 'Mock-Source': 'example' };

interface Verdict {
  reply: Reply;
  /** The patterns the example served was not checked against, each in a sentence that says why. */
  unchecked: string[];
}

/** Each operation's verdict, by operationId, for each contract loaded: worked out on its first use. */
const verdicts = new WeakMap<Contract, Map<string, Verdict>>();
/** What the checks of each contract's verdicts may still spend. */
const budgets = new WeakMap<Contract, CheckBudget>();

/**
 * The first success status the operation documents with an example that fits its schema, answered with it; else the
 * first with no body (a 204); else the documented 501 that says why.
 */
export function exampleReply(contract: Contract, operation: ContractOperation): Reply {
  return verdictOf(contract, operation).reply;
}

/** The patterns the operation's example is served without checking against, each with why. */
export function uncheckedPatterns(contract: Contract, operation: ContractOperation): string[] {
  return verdictOf(contract, operation).unchecked;
}

function verdictOf(contract: Contract, operation: ContractOperation): Verdict {
  let byOperation = verdicts.get(contract);
  if (!byOperation) verdicts.set(contract, (byOperation = new Map()));
  let verdict = byOperation.get(operation.operationId);
  let budget = budgets.get(contract);
  if (!budget) budgets.set(contract, (budget = { left: MAX_CONTRACT_CHECK_COST }));
  if (!verdict) byOperation.set(operation.operationId, (verdict = decide(contract, operation, budget)));
  return verdict;
}

function decide(contract: Contract, operation: ContractOperation, budget: CheckBudget): Verdict {
  const responses = operationObject(contract, operation).responses ?? {};
  const statuses = Object.keys(responses)
    .filter((key) => /^2\d\d$/.test(key))
    .map(Number)
    .sort((a, b) => a - b);
  type Media = OpenAPIV3.MediaTypeObject & { itemSchema?: unknown };
  const contentOf = (status: number) =>
    Object.entries((responses[String(status)] as OpenAPIV3.ResponseObject | undefined)?.content ?? {})[0];
  const mediaOf = (status: number): Media | undefined => contentOf(status)?.[1];
  const unfit: string[] = [];
  for (const status of statuses) {
    const media = mediaOf(status);
    // An example written, or one composed from the schema's (or, for a stream, the itemSchema's) own.
    const composable = Boolean(media?.schema) || media?.itemSchema !== undefined;
    const written = media?.example !== undefined || Object.keys(media?.examples ?? {}).length > 0;
    if (!written && !composable) continue;
    let example: ExampleAnswer | undefined;
    try {
      example = exampleAnswer(contract, operation, status);
    } catch (error) {
      if (!(error instanceof ComposedTooLarge)) throw error;
      unfit.push(`its ${status} answer: ${error.message}`);
      continue;
    }
    if (!example) continue;
    const checks = example.stream
      ? itemChecks(contract, example.stream, budget)
      : bodyChecks(contract, operation, example, budget);
    const failed = checks.findIndex((check) => !check.valid);
    if (failed !== -1) {
      const item = example.stream ? `item ${failed + 1}: ` : '';
      const why = describeSchemaErrors((checks[failed] as ExampleCheck).errors);
      unfit.push(`its ${status} example does not fit its schema: ${item}${why}`);
      continue;
    }
    const unchecked = new Map(checks.flatMap((check) => [...check.unchecked]));
    const notes = [...unchecked].map(
      ([pattern, why]) => `its ${status} example is served unchecked against pattern ${pattern} (${why})`,
    );
    const headers = { ...example.headers, ...MARKED };
    const { stream } = example;
    const mediaType = contentOf(status)?.[0];
    if (!stream && isOtherMedia(mediaType))
      return { reply: mediaAnswer({ status, body: example.body, headers }, mediaType, written), unchecked: notes };
    if (!stream) return { reply: { status, body: example.body, headers, checked: true }, unchecked: notes };
    const encoded = stream.items.map((item) => encodeItem(stream.kind, item));
    return { reply: { status, encoded, headers, stream: { mediaType: stream.mediaType } }, unchecked: notes };
  }
  const bodiless = statuses.find((status) => mediaOf(status) === undefined);
  if (bodiless !== undefined) {
    // Its headers as documented: one required is sent even where nothing else is.
    const headers = { ...exampleAnswer(contract, operation, bodiless)?.headers, ...MARKED };
    return { reply: { status: bodiless, encoded: [], headers }, unchecked: [] };
  }
  const described = `${operation.method} ${operation.path} (${operation.operationId})`;
  const detail =
    `${described} has no reference handler, and this contract gives no example of a success answer to serve in ` +
    `its place${unfit.length > 0 ? ` (${unfit.join('; ')})` : ''}.`;
  return { reply: noExample(detail), unchecked: [] };
}

/** The body's check against the JSON schema of its status; none without one. */
function bodyChecks(
  contract: Contract,
  operation: ContractOperation,
  example: ExampleAnswer,
  budget: CheckBudget,
): ExampleCheck[] {
  const check = checkExampleBody(contract, operation, example.status, example.body, budget);
  return check ? [check] : [];
}

/** Each item's check against the itemSchema, up to the first that fails. */
function itemChecks(
  contract: Contract,
  stream: NonNullable<ExampleAnswer['stream']>,
  budget: CheckBudget,
): ExampleCheck[] {
  const check = contract.exampleValidator(stream.itemSchema);
  const checks: ExampleCheck[] = [];
  for (const item of stream.items) {
    checks.push(check(item, budget));
    if (!checks.at(-1)?.valid) break;
  }
  return checks;
}

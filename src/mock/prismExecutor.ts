// Prism's HTTP mocker as the engine's executor: the engine has already
// answered every request-level case (404 to 422) exactly as the reference
// server does, so Prism only makes the success answer, from the contract's
// examples or (dynamic) from its schemas, in a process of its own bounded in
// time and memory (isolatedPrism.ts). `Prefer: example=NAME` and `Prefer: dynamic=true|false`
// reach it as they do with Prism's own server; `Prefer: code=` is the engine's faults step.
// `Accept` does not: the engine answers JSON whatever it says, as `serve` does (an Accept it
// cannot satisfy is disregarded, RFC 9110 12.5.1), so Prism makes its JSON answer. What Prism
// cannot answer (OpenAPI 3.2's QUERY, additional operations, streams) is answered from examples.
// Prism's answer is the contract's own (an example, or data made from a schema): it is checked here, its patterns
// on the bounded automaton (src/contract/exampleCheck.ts), and marked checked, never handed to the engine's check,
// whose RegExp a pattern can make backtrack for ever on the contract's own example.
import type { OpenAPIV3 } from 'openapi-types';
import { operationObject, type Contract } from '../contract/contract.js';
import { checkExampleBody } from '../contract/exampleAnswer.js';
import { headerText } from '../contract/headerValue.js';
import { resolvePointer } from '../contract/pointer.js';
import type { ContractOperation } from '../contract/router.js';
import { streamedAs } from '../contract/sequential.js';
import { describeSchemaErrors } from '../contract/schemaErrors.js';
import { cannotGenerate } from '../engine/cannotGenerate.js';
import { BrokenAnswerError } from '../engine/problems.js';
import { parsePreferences } from '../engine/steps/faults.js';
import type { Executor, Reply } from '../engine/types.js';
import { exampleReply } from '../reference/exampleReply.js';
import { printable } from '../untrusted/printable.js';
import { CannotGenerateError, CoolingDownError, isolatedPrism } from './isolatedPrism.js';

export interface PrismExecutorOptions {
  /** Generate data from the schemas instead of serving the examples. */
  dynamic?: boolean;
}

/** Generated answers made for one request before the static one is given: the last attempt is the static one. */
const DYNAMIC_ATTEMPTS = 3;

/** Static answers kept, per contract: Prism makes the same one for the same operation and example. */
const KEPT_STATIC_ANSWERS = 256;

export async function createPrismExecutor(contract: Contract, options: PrismExecutorOptions = {}): Promise<Executor> {
  const mock = await isolatedPrism(contract.document);
  const staticAnswers = new Map<string, Reply | BrokenAnswerError>();
  const byExample = new Set(
    contract.operations.filter((operation) => beyondPrism(contract, operation)).map((op) => op.operationId),
  );
  return async ({ operation, params, body, request }) => {
    if (byExample.has(operation.operationId)) return exampleReply(contract, operation);
    const fits = (answer: PrismAnswer) =>
      checkExampleBody(contract, operation, answer.status, answer.body)?.valid !== false;
    const prefer = parsePreferences(request.headers.prefer);
    const preferred = prefer.get('dynamic');
    const dynamic = preferred === 'true' || preferred === 'false' ? preferred === 'true' : (options.dynamic ?? false);
    const exampleKey = prefer.get('example');
    const headers = Object.fromEntries(
      Object.entries(request.headers).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[0] !== 'accept',
      ),
    );
    // What a static answer depends on: the operation, and the example asked for; nothing else of the request.
    const key = dynamic ? undefined : JSON.stringify([operation.operationId, exampleKey ?? null]);
    const kept = key === undefined ? undefined : staticAnswers.get(key);
    if (kept instanceof BrokenAnswerError) throw kept;
    if (kept) return kept;
    let reply: Reply | BrokenAnswerError;
    let cooling = false;
    try {
      const ask = (generated: boolean) =>
        mock({
          method: operation.method,
          path: operation.path,
          params,
          headers,
          body,
          dynamic: generated,
          ...(exampleKey ? { exampleKey } : {}),
        });
      let answer = await ask(dynamic);
      // Prism's generator knows nothing of the contract's own bounds (x-max-depth on a recursive schema, say): a
      // value that breaks them is made again a few times, then the static answer is given instead.
      for (let attempt = 1; dynamic && attempt <= DYNAMIC_ATTEMPTS && !fits(answer); attempt++)
        answer = await ask(attempt < DYNAMIC_ATTEMPTS);
      reply = checkedReply(contract, operation, answer);
    } catch (error) {
      if (!(error instanceof CannotGenerateError)) throw error;
      cooling = error instanceof CoolingDownError;
      // Kept too when static: the same request would fail the same way, and cost the generator a restart.
      reply = cannotGenerate(operation, printable(error.message));
    }
    // A refusal while cooling down is not kept: once the cool-down ends, the answer is made again.
    if (key !== undefined && key.length <= 1_024 && !cooling) {
      if (staticAnswers.size >= KEPT_STATIC_ANSWERS) staticAnswers.delete(staticAnswers.keys().next().value ?? '');
      staticAnswers.set(key, reply);
    }
    if (reply instanceof BrokenAnswerError) throw reply;
    return reply;
  };
}

interface PrismAnswer {
  status: number;
  body: unknown;
  /** As Prism made them: an example's or a generated value, not always text. */
  headers: Record<string, unknown>;
}

/**
 * Prism's answer checked (see above): marked checked when it fits, the engine's logged 500 when it does not. A status
 * the contract documents without content, or one HTTP gives none (204, 304), is sent with no body at all.
 */
function checkedReply(
  contract: Contract,
  operation: ContractOperation,
  answer: PrismAnswer,
): Reply | BrokenAnswerError {
  const documented = contract.responseFor(operation, answer.status);
  const response =
    documented && (resolvePointer(contract.dereferenced, documented.pointer) as OpenAPIV3.ResponseObject);
  const headers = wireHeaders(response, answer.headers);
  if (!response?.content || answer.status === 204 || answer.status === 304)
    return { status: answer.status, encoded: [], headers };
  const check = checkExampleBody(contract, operation, answer.status, answer.body);
  // No JSON schema of its status: nothing of the contract's patterns to run, and the engine checks the rest.
  if (!check) return { status: answer.status, body: answer.body, headers };
  if (!check.valid) return new BrokenAnswerError(`its ${answer.status} answer: ${describeSchemaErrors(check.errors)}`);
  return { status: answer.status, body: answer.body, headers, checked: true };
}

/** Prism's header values (a number, say, as an example or its generator gives it) written as the wire carries them. */
function wireHeaders(
  response: OpenAPIV3.ResponseObject | undefined,
  made: Readonly<Record<string, unknown>>,
): Record<string, string> {
  const documented = new Map(
    Object.entries(response?.headers ?? {}).map(([name, header]) => [name.toLowerCase(), header]),
  );
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(made)) {
    const header = documented.get(name.toLowerCase()) as OpenAPIV3.HeaderObject | undefined;
    const text = headerText(value, header?.explode);
    if (text !== undefined) headers[name] = text;
  }
  return headers;
}

/** The methods Prism routes (OpenAPI 3.0's eight). */
const PRISM_METHODS = new Set(['GET', 'PUT', 'POST', 'DELETE', 'OPTIONS', 'HEAD', 'PATCH', 'TRACE']);

/**
 * Whether Prism cannot answer the operation, which is then answered from its examples as `serve` answers one without
 * a handler: an OpenAPI 3.2 QUERY or additional operation, or one whose success answer is a stream of items.
 */
function beyondPrism(contract: Contract, operation: ContractOperation): boolean {
  if (!PRISM_METHODS.has(operation.method)) return true;
  return Object.entries(operationObject(contract, operation).responses ?? {}).some(([status, response]) => {
    const [mediaType, media] = Object.entries((response as { content?: object }).content ?? {})[0] ?? [];
    return /^2/.test(status) && mediaType !== undefined && streamedAs(mediaType, media) !== undefined;
  });
}

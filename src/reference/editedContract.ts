// The reference handlers are written for the built-in contract (src/handlers/,
// typed by it). Under another one (serve --contract, or an edit followed as
// the server runs), each operation is served by what can serve it:
//   unchanged, with a handler   the handler, as under the built-in contract;
//   changed, with a handler     the handler still answers, and its answer is checked whole against the
//                               contract in force; what it cannot do is a 501 problem that says why;
//   no handler (an added one)   its example, as `mock` answers, marked `Mock-Source: example` (or,
//                               with none, its success answer without a body); else a 501 problem.
import { operationObject, type Contract } from '../contract/contract.js';
import { problemAmong, problemResponse } from '../contract/documentedProblem.js';
import { BrokenChatbotError } from '../contract/encoder.js';
import type { ContractOperation } from '../contract/router.js';
import { describeSchemaErrors } from '../contract/schemaErrors.js';
import { encodedText } from '../engine/encode.js';
import { NO_EXAMPLE_RESPONSES } from '../engine/noExample.js';
import type { Executor, JsonReply, Reply } from '../engine/types.js';
import type { ResourceExecutor } from '../resources/executor.js';
import { StoreUnavailableError } from '../state/store.js';
import { exampleReply, uncheckedPatterns } from './exampleReply.js';
import { describePlan, servingPlan, type ServingPlan } from './servingPlan.js';

/** The problems this answers with, documented in the admin API's document (/__admin/openapi.json). */
export const EDITED_CONTRACT_RESPONSES = {
  HandlerCannotServe: problemResponse(
    'Under a contract other than the built-in one: the operation changed in a way its reference handler cannot ' +
      'serve (the detail says how).',
    'handler-cannot-serve',
    'Not Implemented',
    501,
  ),
  ...NO_EXAMPLE_RESPONSES,
};

/** The plan of the contract in force: an operation with a handler compared with the contract it was written for. */
export function planFor(contract: Contract, builtIn: Contract): ServingPlan {
  return servingPlan(contract, (operationId) => {
    const operation = contract.operations.find((candidate) => candidate.operationId === operationId);
    return operation !== undefined && sameOperation(contract, builtIn, operation);
  });
}

/**
 * How the operations are served: a heading, then one line each, for a log or a banner. An operation served from its
 * examples has them checked now, once for the contract, so that the line names a pattern its example is served
 * unchecked against.
 */
export function describeServing(contract: Contract, builtIn: Contract): string[] {
  return describePlan(contract, planFor(contract, builtIn), (operation) => uncheckedPatterns(contract, operation));
}

export function editedContractExecutor(
  contract: Contract,
  plan: ServingPlan,
  handlers: Executor,
  resources: ResourceExecutor,
): Executor {
  return async (call) => {
    const { operation } = call;
    const by = plan.served.get(operation.operationId);
    const inferred = plan.mapping.inferred.get(operation.operationId);
    if (by === 'inferred' && inferred) return resources(call, inferred);
    if (by !== 'handler' && by !== 'changed handler') return exampleReply(contract, operation);
    if (!call.principal)
      return cannotServe(operation, 'its handler serves the account of the API key, and this contract asks for no key');
    if (by === 'handler') return handlers(call);
    let reply: Reply;
    try {
      reply = await handlers(call);
    } catch (error) {
      if (error instanceof StoreUnavailableError) throw error;
      const reason =
        error instanceof BrokenChatbotError
          ? `a chatbot it made does not fit this contract: ${error.reason}`
          : `it failed: ${(error as Error).message}`;
      return cannotServe(operation, reason);
    }
    const broken = whyAnswerBreaks(contract, operation, reply);
    return broken ? cannotServe(operation, broken) : reply;
  };
}

/** Whether the operation is written as in the built-in contract, once every reference is resolved. */
function sameOperation(contract: Contract, builtIn: Contract, operation: ContractOperation): boolean {
  const original = builtIn.operations.find((candidate) => candidate.operationId === operation.operationId);
  return (
    original !== undefined &&
    canonical(definitionOf(contract, operation)) === canonical(definitionOf(builtIn, original))
  );
}

function definitionOf(contract: Contract, operation: ContractOperation) {
  const { parameters } = contract.dereferenced.paths[operation.path] ?? {};
  const written = operationObject(contract, operation);
  // The security in force: the operation's own, else the document's (removing that changes every operation).
  const security = written.security ?? contract.dereferenced.security ?? [];
  return { method: operation.method, path: operation.path, parameters, operation: written, security };
}

/**
 * JSON with the keys of every object sorted: two documents that differ only in key order compare equal. A recursive
 * schema (a cycle once its $refs are resolved) is written as how many levels up it leads back.
 */
function canonical(value: unknown): string {
  const path: unknown[] = [];
  const write = (inner: unknown): unknown => {
    if (typeof inner !== 'object' || inner === null) return inner;
    const up = path.lastIndexOf(inner);
    if (up !== -1) return { $cycle: path.length - up };
    path.push(inner);
    const written = Array.isArray(inner)
      ? inner.map(write)
      : Object.fromEntries(
          Object.entries(inner)
            .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
            .map(([key, member]) => [key, write(member)]),
        );
    path.pop();
    return written;
  };
  return JSON.stringify(write(value));
}

/** Why the contract refuses the answer, whole (an encoded body too); undefined when it accepts it. */
function whyAnswerBreaks(contract: Contract, operation: ContractOperation, reply: Reply): string | undefined {
  if ('drop' in reply) return undefined;
  if (!contract.responseFor(operation, reply.status))
    return `its handler answered ${reply.status}, which this contract does not document for it`;
  const check = contract.router.responseValidator(operation, reply.status);
  const body = 'encoded' in reply ? JSON.parse(encodedText(reply.encoded)) : reply.body;
  if (!check || check(body)) return undefined;
  // A read changed nothing: what breaks the edit is the data it holds. Anything else has done its work already.
  const why = ['GET', 'HEAD'].includes(operation.method)
    ? 'the data it reads was stored under the earlier contract'
    : 'what it did, such as a create, is done';
  return `its ${reply.status} answer does not fit this contract (${why}): ${describeSchemaErrors(check.errors)}`;
}

function cannotServe(operation: ContractOperation, reason: string): JsonReply {
  return problem(
    'HandlerCannotServe',
    `The reference handler of ${describe(operation)} cannot serve this contract: ${reason}.`,
  );
}

function problem(name: keyof typeof EDITED_CONTRACT_RESPONSES, detail: string): JsonReply {
  const body = problemAmong(EDITED_CONTRACT_RESPONSES, name, detail, 'the reference handlers');
  return { status: body.status, body };
}

const describe = (operation: ContractOperation) => `${operation.method} ${operation.path} (${operation.operationId})`;

// How each operation of the contract in force is served, decided once per
// contract and printed at start and on each reload, one line per operation,
// so that nothing is guessed silently: by its handler (handlers win), by the
// resource inferred from the contract (src/contract/resources.ts), or from
// its examples, with the reason when an inference was possible but refused.
import type { Contract } from '../contract/contract.js';
import {
  inferResources,
  type InferredOperation,
  type ResourceAction,
  type ResourceMapping,
} from '../contract/resources.js';
import { withParametersAs } from '../contract/pathTemplate.js';
import type { ContractOperation } from '../contract/router.js';
import { operationHandlers } from '../handlers/index.js';

/** How an operation of the contract in force is served. */
export type ServedBy = 'handler' | 'changed handler' | 'inferred' | 'example';

export interface ServingPlan {
  served: ReadonlyMap<string, ServedBy>;
  mapping: ResourceMapping;
  /** The collections kept in the chatbots' table: those whose create or list a handler serves. */
  chatbotCollections: ReadonlySet<string>;
  /** What the inference would have made of an operation a handler serves: the handler wins. */
  overruled: ReadonlyMap<string, ResourceAction>;
}

/** `same` tells whether an operation with a handler is written as in the contract the handlers were written for. */
export function servingPlan(contract: Contract, same: (operationId: string) => boolean): ServingPlan {
  const handled = new Set(
    contract.operations.map((op) => op.operationId).filter((id) => Object.hasOwn(operationHandlers, id)),
  );
  const chatbotCollections = new Set(
    contract.operations
      .filter((op) => handled.has(op.operationId) && !/\}$/.test(op.path))
      .map((op) => withParametersAs(op.path, '{}')),
  );
  const mapping = withoutChatbotCreates(inferResources(contract.dereferenced, handled), chatbotCollections);
  const served = new Map<string, ServedBy>();
  for (const { operationId } of contract.operations) {
    if (handled.has(operationId)) served.set(operationId, same(operationId) ? 'handler' : 'changed handler');
    else served.set(operationId, mapping.inferred.has(operationId) ? 'inferred' : 'example');
  }
  const overruled = new Map(
    [...inferResources(contract.dereferenced).inferred.values()]
      .filter((inferred) => handled.has(inferred.operationId))
      .map((inferred) => [inferred.operationId, inferred.action]),
  );
  return { served, mapping, chatbotCollections, overruled };
}

/** A chatbot is made by createChatbot alone (its settings' defaults, the account's limit): another create of the
 * chatbots' collection is left to its examples. */
function withoutChatbotCreates(mapping: ResourceMapping, chatbots: ReadonlySet<string>): ResourceMapping {
  const inferred = new Map(mapping.inferred);
  const skipped = new Map(mapping.skipped);
  for (const [operationId, found] of mapping.inferred) {
    if (found.action !== 'create' || !chatbots.has(found.collection)) continue;
    inferred.delete(operationId);
    skipped.set(operationId, 'a chatbot is made by its handler, createChatbot');
  }
  return { inferred, skipped };
}

/**
 * The plan: a heading, then one line per operation, for a log or a banner; `notes` adds what an operation served from
 * its examples should say of them (a pattern its example is not checked against).
 */
export function describePlan(
  contract: Contract,
  plan: ServingPlan,
  notes: (operation: ContractOperation) => string[] = () => [],
): string[] {
  const lines = contract.operations.map((operation) => {
    const { operationId, method, path } = operation;
    const by = plan.served.get(operationId);
    const inferred = plan.mapping.inferred.get(operationId);
    const over = plan.overruled.get(operationId);
    const handler = `its handler${over ? `, over the inferred ${over}` : ''}`;
    const how =
      by === 'handler'
        ? handler
        : by === 'changed handler'
          ? `${handler}, changed (each answer checked whole)`
          : inferred
            ? describeInferred(inferred, plan) + gap(contract, operation, inferred)
            : [`its examples (${plan.mapping.skipped.get(operationId) ?? 'no handler'})`, ...notes(operation)].join(
                '; ',
              );
    return `  ${method} ${path} ${operationId}: ${how}`;
  });
  const statuses = contract.problemGaps.join(', ');
  const gaps = statuses
    ? [
        `  components.responses names no problem of status ${statuses}: such a refusal is an RFC 9457 ` +
          'about:blank problem',
      ]
    : [];
  return [`${lines.length} operation${lines.length === 1 ? '' : 's'}, each served by:`, ...lines, ...gaps];
}

/** A 404 the operation may need (a record or a parent not found) and does not document: sent all the same. */
function gap(contract: Contract, operation: ContractOperation, inferred: InferredOperation): string {
  const finds = inferred.item !== undefined || inferred.keyInBody || inferred.scope.length > 0;
  return finds && !contract.responseFor(operation, 404)
    ? '; a record not found answers 404, which it does not document'
    : '';
}

function describeInferred(inferred: InferredOperation, plan: ServingPlan): string {
  let at = 0;
  const collection = inferred.collection.replace(/\{\}/g, () => `{${inferred.scope[at++] ?? ''}}`);
  const by = inferred.keyInBody ? `the body's ${inferred.idProperty}` : `${inferred.item} = ${inferred.idProperty}`;
  const one = inferred.item === undefined && !inferred.keyInBody ? '' : ` one by ${by}`;
  const kept = plan.chatbotCollections.has(inferred.collection) ? ', kept with the chatbots' : '';
  const paging = Object.entries(inferred.pagination)
    .filter(([, name]) => name !== undefined)
    .map(([role, name]) => (role === name ? role : `${role} ${name}`));
  const query = [...inferred.filters.map((name) => `filter ${name}`), ...paging];
  const extras = query.length > 0 ? `; ${query.join(', ')}` : '';
  const declared = inferred.declared ? ' (x-mock-resource)' : '';
  return `inferred: ${inferred.action} ${collection}${one}${kept}${extras}${declared}`;
}

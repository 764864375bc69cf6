// The executor of the operations inferred as a resource (src/contract/
// resources.ts): create, list, read, replace, modify and remove, each on the
// records of the caller's account below the parents its path names. A record
// is checked against the contract before it is stored: what a request would
// make of it that the contract refuses is a 422, and nothing changes. Another
// account's record, or a parent that is not the caller's, is a 404, never a
// 403 that tells it exists: every parent the contract keeps as a resource is
// looked up. A parent it keeps no record of is any value a client sends, each a
// collection of its own: what those add is bounded by the account's cap in all.
import { operationObject, type Contract } from '../contract/contract.js';
import { unescapePointer } from '../contract/pointer.js';
import { queryValues } from '../contract/queryParameters.js';
import type { InferredOperation, ResourceMapping } from '../contract/resources.js';
import type { ContractOperation } from '../contract/router.js';
import type { ValidationIssue } from '../contract/types.js';
import { problemReply } from '../engine/problems.js';
import type { EncodedReply, JsonReply, OperationCall, Reply } from '../engine/types.js';
import { itemPath } from '../state/recordStore.js';
import { AccountFullError, StoreFullError, type ChatbotStore } from '../state/store.js';
import { chatbotCollection, recordCollection, type Body, type Collection, type Scope } from './collection.js';
import { listPage } from './listing.js';
import { applyJsonPatch, mergePatch } from './patch.js';
import { changedRecord, isObject, newRecord, nextId, placed } from './recordValues.js';
import { shown } from './shown.js';

export interface ResourceExecutorOptions {
  contract: Contract;
  mapping: ResourceMapping;
  store: ChatbotStore;
  /** The collections kept in the chatbots' table: those whose create or list a handler serves. */
  chatbotCollections: ReadonlySet<string>;
  /** The most records an account may hold in one collection (and chatbots, in their table). */
  maxPerAccount: number;
  /** The most records an account may hold in all its collections. */
  maxRecordsPerAccount: number;
  /** The most records (chatbots included) the store may hold in all its accounts. */
  maxRecords: number;
  /** Where the API is mounted, for a Location header. */
  basePath: string;
}

/** The default cap on an account's records in all: room for ten full collections. */
export const recordsInAll = (perCollection: number): number => Math.min(perCollection * 10, Number.MAX_SAFE_INTEGER);

/** Callers of an operation that asks for no key share one account. */
const PUBLIC = { accountId: '', projectId: '' };

export type ResourceExecutor = (call: OperationCall, inferred: InferredOperation) => Promise<Reply>;

export function createResourceExecutor(options: ResourceExecutorOptions): ResourceExecutor {
  const { contract, mapping, store, chatbotCollections } = options;
  const records = recordCollection(store.records);
  const chatbots = chatbotCollection(store);
  const kept = (template: string): Collection => (chatbotCollections.has(template) ? chatbots : records);
  // Known once: a parent is looked up only where it is a resource this contract keeps.
  const resources = new Set([...chatbotCollections, ...[...mapping.inferred.values()].map((op) => op.collection)]);

  return async (call, inferred) => {
    const scope: Scope = { ...(call.principal ?? PUBLIC), collection: concrete(inferred, call.params) };
    const collection = kept(inferred.collection);
    for (const parent of parentsOf(inferred, call.params)) {
      if (!resources.has(parent.template)) continue;
      const found = await kept(parent.template).find({ ...scope, collection: parent.collection }, parent.id);
      if (!found) return notFound(contract, itemPath(parent.collection, parent.id));
    }
    const id = inferred.keyInBody ? bodyKey(inferred, call.body) : inferred.item && param(call.params, inferred.item);
    if (inferred.keyInBody && id === undefined) return noKey(contract, inferred);
    const held = id === undefined ? undefined : await collection.find(scope, id);
    if (id !== undefined && !held) return notFound(contract, itemPath(scope.collection, id));
    const ctx = { contract, mapping, inferred, call, scope, collection };
    switch (inferred.action) {
      case 'create':
        return create(ctx, options);
      case 'list': {
        const query = queryValues(call.operation.query, call.request.query ?? '').values;
        const page = listPage(inferred, await collection.list(scope), query);
        return answer(ctx, page.items, page.members);
      }
      case 'read':
        return answer(ctx, held);
      case 'remove':
        await collection.remove(scope, id ?? '');
        return answer(ctx, held);
      case 'replace':
      case 'modify':
        return change(ctx, held ?? {}, id ?? '');
    }
  };
}

interface Context {
  contract: Contract;
  mapping: ResourceMapping;
  inferred: InferredOperation;
  call: OperationCall;
  scope: Scope;
  collection: Collection;
}

async function create(ctx: Context, options: ResourceExecutorOptions): Promise<Reply> {
  const { inferred, call, scope, collection, contract } = ctx;
  const id = nextId(inferred, await collection.list(scope), call.body);
  // A key the client chose (the Petstore's username) names one record: another create of it is refused.
  if (inferred.clientKey && (await collection.find(scope, String(id)))) return taken(ctx, String(id));
  const record = newRecord(inferred, call.body, id);
  const refused = unfit(ctx, record);
  if (refused) return refused;
  try {
    const limits = { perCollection: options.maxPerAccount, inAll: options.maxRecordsPerAccount };
    await collection.insert(scope, String(id), record, { ...limits, stored: options.maxRecords });
  } catch (error) {
    // The 409 of a full collection, whether the account or the whole server is full.
    if (error instanceof AccountFullError || error instanceof StoreFullError)
      return problemReply(contract, 409, error.message);
    throw error;
  }
  const location = documentsLocation(contract, call.operation, inferred.status)
    ? { Location: `${options.basePath}${itemPath(scope.collection, String(id))}` }
    : undefined;
  const reply = answer(ctx, record);
  return location ? { ...reply, headers: location } : reply;
}

async function change(ctx: Context, held: Body, id: string): Promise<Reply> {
  const { inferred, call, contract } = ctx;
  let changed: unknown = call.body;
  if (inferred.action === 'modify') {
    if (call.mediaType === 'application/json-patch+json') {
      const patched = applyJsonPatch(held, call.body);
      if ('error' in patched)
        return problemReply(contract, 422, 'The JSON Patch cannot apply.', undefined, [
          { location: ['body'], code: 'jsonPatch', message: patched.error },
        ]);
      changed = patched.value;
    } else changed = mergePatch(held, call.body);
  }
  const record = changedRecord(inferred, held, changed);
  const refused = unfit(ctx, record);
  if (refused) return refused;
  await ctx.collection.replace(ctx.scope, id, record);
  return answer(ctx, record);
}

/** The success answer, with the record (or the list) where the envelope puts it. */
function answer(ctx: Context, value: unknown, members?: Body): JsonReply | EncodedReply {
  const { inferred } = ctx;
  if (inferred.answer === undefined) return { status: inferred.status, encoded: [] };
  const record = (one: unknown) => shown(inferred.record, one);
  const visible = Array.isArray(value) ? value.map(record) : record(value);
  return { status: inferred.status, body: placed(inferred, visible, members) };
}

/** The 422 of a record the contract refuses (checked as its witness answer holds it), or none. */
function unfit(ctx: Context, record: Body): Reply | undefined {
  const { contract, mapping, inferred } = ctx;
  const witness = mapping.inferred.get(inferred.witness.operationId);
  const operation = contract.operations.find((op) => op.operationId === inferred.witness.operationId);
  const check = operation && contract.router.responseValidator(operation, inferred.witness.status);
  if (!witness || !check) return undefined;
  if (check(placed(witness, inferred.witness.list ? [record] : record))) return undefined;
  // The record's own place: the witness's envelope (and a list's index) left out.
  const depth = inferred.witness.envelope.length + (inferred.witness.list ? 1 : 0);
  const issues: ValidationIssue[] = (check.errors ?? []).map((error) => {
    const extra = error.keyword === 'additionalProperties' ? [String(error.params.additionalProperty)] : [];
    const inside = error.instancePath
      .split('/')
      .slice(1 + depth)
      .map(unescapePointer);
    return { location: ['body', ...inside, ...extra], code: error.keyword, message: error.message ?? error.keyword };
  });
  return problemReply(contract, 422, 'The record this request makes does not fit the contract.', undefined, issues);
}

/**
 * A create of a key already held: the operation's 409 where it lists one (a `default` is no such promise), else the
 * 422 of a record refused.
 */
function taken({ contract, call, inferred, scope }: Context, id: string): Reply {
  const detail = `There is already a record ${itemPath(scope.collection, id)}.`;
  const { responses } = operationObject(contract, call.operation);
  if (responses['409'] ?? responses['4XX']) return problemReply(contract, 409, detail);
  return problemReply(contract, 422, detail, undefined, [
    { location: ['body', inferred.idProperty], code: 'unique', message: 'names a record that exists already' },
  ]);
}

/** The key a replace on the collection's path names in its body: its id property, a string or a number. */
function bodyKey(inferred: InferredOperation, body: unknown): string | undefined {
  const key = isObject(body) ? body[inferred.idProperty] : undefined;
  return typeof key === 'string' || typeof key === 'number' ? String(key) : undefined;
}

function noKey(contract: Contract, inferred: InferredOperation): Reply {
  const name = inferred.idProperty;
  return problemReply(contract, 422, `The body names no record: it has no ${name}.`, undefined, [
    { location: ['body', name], code: 'required', message: `must have the record's id, ${name}` },
  ]);
}

function notFound(contract: Contract, path: string): Reply {
  return problemReply(contract, 404, `There is no ${path} in the account of this API key.`);
}

/** The concrete collection path: each parameter's value, encoded, in its place. */
function concrete(inferred: InferredOperation, params: Readonly<Record<string, string>>): string {
  let at = 0;
  return inferred.collection.replace(/\{\}/g, () => encodeURIComponent(param(params, inferred.scope[at++])));
}

/** The items a sub-resource's collection lies below, outermost first: each one's collection (its template and
 * concrete path) and its id. */
function parentsOf(inferred: InferredOperation, params: Readonly<Record<string, string>>) {
  const parts = inferred.collection.split('/{}');
  return parts.slice(0, -1).map((_, depth) => {
    const template = parts.slice(0, depth + 1).join('/{}');
    const collection = concrete({ ...inferred, collection: template, scope: inferred.scope.slice(0, depth) }, params);
    return { template, collection, id: param(params, inferred.scope[depth]) };
  });
}

/** A path parameter's text: the request check may have coerced it to the number its schema names. */
function param(params: Readonly<Record<string, unknown>>, name: string | undefined): string {
  return String(params[name ?? ''] ?? '');
}

function documentsLocation(contract: Contract, operation: ContractOperation, status: number): boolean {
  const response = operationObject(contract, operation).responses[String(status)] as { headers?: object } | undefined;
  return Object.keys(response?.headers ?? {}).some((name) => name.toLowerCase() === 'location');
}

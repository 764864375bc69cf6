// Resources inferred from the contract, as json-server and a Rails scaffold
// see REST paths: a collection path (/chatbots) and its item path
// (/chatbots/{chatbotId}) are one resource; a collection below an item
// (/chatbots/{chatbotId}/versions) is a sub-resource of it. Each operation
// gets an action by its method and place: POST on a collection creates, GET
// lists, PUT replaces the record its body's id names; GET on an item reads,
// PUT replaces, PATCH modifies, DELETE removes.
// The operation's `x-mock-resource` sets what the inference gets wrong, or
// `x-mock-resource: false` leaves the operation to its examples. An operation
// the inference cannot place is skipped, with the reason.
import type { OpenApiDocument } from './contract.js';
import { documentOperations, type DocumentOperation } from './operations.js';
import { parameterNames, withParametersAs } from './pathTemplate.js';
import type { Pagination } from './resourceQueries.js';
import { defaultsOf, filtersOf, paginationOf } from './resourceQueries.js';
import { findList, findRecord, propertiesOf, successOf, type Schema } from './resourceSchemas.js';

const RESOURCE_EXTENSION = 'x-mock-resource';

export const RESOURCE_ACTIONS = ['create', 'list', 'read', 'replace', 'modify', 'remove'] as const;
export type ResourceAction = (typeof RESOURCE_ACTIONS)[number];

export interface InferredOperation {
  operationId: string;
  action: ResourceAction;
  /** The collection's path template with each parameter written `{}`: the resource's name. */
  collection: string;
  /** This operation's names for the collection's parameters, in order: the parents' ids. */
  scope: string[];
  /** This operation's parameter naming the item (read, replace, modify, remove). */
  item?: string;
  /** A replace on the collection's path (the Petstore's PUT /pet): the body's id property names the item. */
  keyInBody: boolean;
  /** The property that identifies a record. */
  idProperty: string;
  /** Whether a create takes the record's key from the body: a path parameter names the property (/user/{username}),
   * and the client may set it. */
  clientKey: boolean;
  /** A record's schema. */
  record: Schema;
  /** The answer a record is checked by: an operation of this resource whose success answer holds one. */
  witness: Witness;
  /** The success status, the schema of its answer, and where the record (or the list) sits in it. */
  status: number;
  answer?: Schema;
  envelope?: string[];
  /** A list's query parameters that keep the records whose property of the same name equals them. */
  filters: string[];
  /** The value of a filter not sent, where its schema gives a default (the Petstore's status=available). */
  filterDefaults: Record<string, unknown>;
  pagination: Pagination;
  /** Set by x-mock-resource rather than inferred. */
  declared: boolean;
}

/** An operation whose success answer holds a record (or, for a list, records) where `envelope` says. */
export interface Witness {
  operationId: string;
  status: number;
  envelope: string[];
  list: boolean;
}

export interface ResourceMapping {
  /** The operations served as a resource, by operationId. */
  readonly inferred: ReadonlyMap<string, InferredOperation>;
  /** Why each other operation is not, by operationId. */
  readonly skipped: ReadonlyMap<string, string>;
}

interface Declared {
  action?: ResourceAction;
  collection?: string;
  id?: string;
}

/** The resources of a document (dereferenced); the operations in `handled` are left to their handlers. */
export function inferResources(document: OpenApiDocument, handled: ReadonlySet<string> = new Set()): ResourceMapping {
  const inferred = new Map<string, InferredOperation>();
  const skipped = new Map<string, string>();
  const placed = documentOperations(document).flatMap((found) => {
    if (handled.has(found.operationId)) return [];
    const place = placeOf(found);
    if (typeof place === 'string') skipped.set(found.operationId, place);
    return typeof place === 'string' ? [] : [{ found, ...place }];
  });
  const collections = new Map<string, typeof placed>();
  for (const entry of asViews(placed))
    collections.set(entry.collection, [...(collections.get(entry.collection) ?? []), entry]);
  for (const [collection, entries] of collections) {
    const record = recordOf(entries);
    if (typeof record === 'string') {
      for (const { found } of entries) skipped.set(found.operationId, record);
      continue;
    }
    for (const entry of entries) {
      const operation = shaped(entry, collection, record);
      if (typeof operation === 'string') skipped.set(entry.found.operationId, operation);
      else inferred.set(operation.operationId, operation);
    }
  }
  return { inferred, skipped };
}

interface Place {
  action: ResourceAction;
  collection: string;
  scope: string[];
  item?: string;
  keyInBody: boolean;
  declared: Declared | undefined;
}

/** The action of an operation by its method and place, or why it has none. */
function placeOf(found: DocumentOperation): Place | string {
  const extension = (found.operation as Record<string, unknown>)[RESOURCE_EXTENSION];
  if (extension === false) return `${RESOURCE_EXTENSION}: false`;
  const declared = typeof extension === 'object' && extension !== null ? (extension as Declared) : undefined;
  const written = declared?.collection ?? found.path;
  const segments = written.split('/');
  const last = segments.at(-1) ?? '';
  const onItem = declared?.collection === undefined && /^\{[^}]+\}$/.test(last);
  const collectionPath = onItem ? segments.slice(0, -1).join('/') : written;
  if (collectionPath === '' || collectionPath === '/') return 'its path names no collection';
  const scope = parameterNames(collectionPath);
  const collection = withParametersAs(collectionPath, '{}');
  const item = onItem ? last.slice(1, -1) : declared?.collection === undefined ? undefined : lastParameter(found.path);
  const action = declared?.action ?? actionOf(found.method, item !== undefined);
  if (!action) return `${found.method} on ${item ? 'an item' : 'a collection'} has no inferred action`;
  if (!RESOURCE_ACTIONS.includes(action)) return `${RESOURCE_EXTENSION}.action "${String(action)}" is not an action`;
  const onItemAction = ['read', 'replace', 'modify', 'remove'].includes(action);
  // A replace on the collection finds its item by the id in its body.
  const keyInBody = action === 'replace' && item === undefined;
  if (onItemAction && item === undefined && !keyInBody) return `${action} needs a path parameter naming the item`;
  return { action, collection, scope, item: onItemAction ? item : undefined, keyInBody, declared };
}

function lastParameter(path: string): string | undefined {
  return parameterNames(path).at(-1);
}

function actionOf(method: string, onItem: boolean): ResourceAction | undefined {
  const actions: Record<string, ResourceAction> = onItem
    ? { GET: 'read', PUT: 'replace', PATCH: 'modify', DELETE: 'remove' }
    : { POST: 'create', GET: 'list', PUT: 'replace' };
  return actions[method];
}

type Entry = Place & { found: DocumentOperation };

/**
 * A list on a path of its own right below another collection, with nothing else on that path (the Petstore's
 * /pet/findByStatus below /pet), lists that collection: a search, filtered by its query.
 */
function asViews(entries: Entry[]): Entry[] {
  const collections = new Set(entries.map((entry) => entry.collection));
  const only = (collection: string) =>
    entries.filter((entry) => entry.collection === collection).every((entry) => entry.action === 'list');
  return entries.map((entry) => {
    const below = entry.collection.slice(0, entry.collection.lastIndexOf('/'));
    const view = entry.action === 'list' && !entry.declared && collections.has(below) && only(entry.collection);
    return view && !below.endsWith('{}') ? { ...entry, collection: below } : entry;
  });
}

interface Found {
  schema: Schema;
  id: string;
  clientKey: boolean;
  witness: Witness;
}

/** A resource's record schema and id property, from its create, read or list answer; or why there is none. */
function recordOf(entries: readonly Entry[]): Found | string {
  const order: ResourceAction[] = ['create', 'read', 'replace', 'modify', 'list'];
  const named = entries.find((entry) => entry.declared?.id)?.declared?.id;
  const items = entries.map((entry) => entry.item).filter((item): item is string => item !== undefined);
  for (const action of order) {
    for (const entry of entries.filter((candidate) => candidate.action === action)) {
      const success = successOf(entry.found.operation);
      const answer = success?.schema;
      const found =
        action === 'list' ? findList(answer) : findRecord(answer, (schema) => idOf(schema, named, items) !== undefined);
      const id = found && idOf(found.schema, named, items);
      if (success && found && id) {
        const { operationId } = entry.found;
        const witness = { operationId, status: success.status, envelope: found.envelope, list: action === 'list' };
        const clientKey = items.includes(id) && propertiesOf(found.schema)[id]?.readOnly !== true;
        return { schema: found.schema, id, clientKey, witness };
      }
    }
  }
  return named
    ? `no answer of this resource holds a record with its id property "${named}"`
    : 'no answer of this resource holds a record with an id property';
}

/** The id property of a record schema: the one named, else the item parameter's name, `id`, or a read-only uuid. */
function idOf(schema: Schema, named: string | undefined, items: readonly string[]): string | undefined {
  const properties = propertiesOf(schema);
  if (named !== undefined) return named in properties ? named : undefined;
  const candidates = Object.entries(properties);
  return (
    items.find((item) => item in properties) ??
    ('id' in properties ? 'id' : undefined) ??
    candidates.find(([, property]) => property.readOnly && property.format === 'uuid')?.[0] ??
    candidates.find(([, property]) => property.format === 'uuid')?.[0]
  );
}

/** The operation's full mapping, or why its answer does not fit it. */
function shaped(entry: Entry, collection: string, record: Found): InferredOperation | string {
  const { found, action } = entry;
  const success = successOf(found.operation);
  if (!success) return 'it documents no success answer';
  const isRecord = (schema: Schema) => record.id in propertiesOf(schema);
  const place = action === 'list' ? findList(success.schema) : findRecord(success.schema, isRecord);
  const bodiless = success.schema === undefined;
  if (!place && !(bodiless && (action === 'remove' || action === 'replace' || action === 'modify')))
    return `its ${success.status} answer holds no ${action === 'list' ? 'list of records' : 'record'}`;
  const bodyless = ['create', 'replace', 'modify'].includes(action) && !found.operation.requestBody;
  if (bodyless) return `${action} takes a request body, and it documents none`;
  return {
    operationId: found.operationId,
    action,
    collection,
    scope: entry.scope,
    item: entry.item,
    keyInBody: entry.keyInBody,
    idProperty: record.id,
    clientKey: record.clientKey,
    record: record.schema,
    witness: record.witness,
    status: success.status,
    answer: success.schema,
    envelope: place?.envelope,
    filters: action === 'list' ? filtersOf(found, record.schema) : [],
    filterDefaults: action === 'list' ? defaultsOf(found, filtersOf(found, record.schema)) : {},
    pagination: action === 'list' ? paginationOf(found) : {},
    declared: entry.declared !== undefined,
  };
}

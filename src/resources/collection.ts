// Where an inferred resource's records are kept: the chatbots in their own
// table (a chatbot created by its handler is the record its inferred read,
// update and delete find), any other resource in the store's records. Both
// behind one shape, each call scoped to the caller's account and to the
// concrete collection path.
import type { Chatbot } from '../contract/types.js';
import { itemPath, type RecordStore } from '../state/recordStore.js';
import type { ChatbotStore } from '../state/store.js';

export type Body = Record<string, unknown>;

/** The caller, and the concrete collection path (/chatbots, /chatbots/3f0b…/versions). */
export interface Scope {
  accountId: string;
  projectId: string;
  collection: string;
}

export interface Collection {
  list(scope: Scope): Promise<readonly Body[]>;
  find(scope: Scope, id: string): Promise<Body | undefined>;
  /** Rejects with AccountFullError past either limit of the account, StoreFullError past the store's. */
  insert(scope: Scope, id: string, record: Body, limits: RecordLimits): Promise<void>;
  replace(scope: Scope, id: string, record: Body): Promise<boolean>;
  /** Removes the record and everything below it; false when there was none. */
  remove(scope: Scope, id: string): Promise<boolean>;
}

/** The most records an account may hold: in one collection, and in all; and the store in all its accounts. */
export interface RecordLimits {
  perCollection: number;
  inAll: number;
  stored: number;
}

export function recordCollection(records: RecordStore): Collection {
  return {
    list: async (scope) => (await records.listRecords(scope.accountId, scope.collection)).map(({ body }) => body),
    find: async (scope, id) => (await records.findRecord(scope.accountId, scope.collection, id))?.body,
    insert: (scope, id, body, limits) =>
      records.insertRecord({ ...scope, id, body }, limits.perCollection, limits.inAll, limits.stored),
    replace: (scope, id, body) => records.replaceRecord(scope.accountId, scope.collection, id, body),
    remove: (scope, id) => records.removeRecord(scope.accountId, scope.collection, id),
  };
}

/** The chatbots' table; a create stays its handler's (createChatbot: the serving plan infers none). */
export function chatbotCollection(store: ChatbotStore): Collection {
  return {
    list: (scope) => store.listByAccount(scope.accountId),
    find: (scope, id) => store.findChatbot(scope.accountId, id),
    insert: () => Promise.reject(new Error('a chatbot is created by its handler, createChatbot')),
    // The executor checked the record against the contract's own answer, where a chatbot is one.
    // eslint-disable-next-line no-restricted-syntax -- see the line above
    replace: (scope, _id, record) => store.updateChatbot(scope.accountId, record as unknown as Chatbot),
    async remove(scope, id) {
      const removed = await store.removeChatbot(scope.accountId, id);
      if (removed) await store.records.removeBelow(scope.accountId, itemPath(scope.collection, id));
      return removed;
    },
  };
}

// GET /chatbots (operationId listChatbots): every chatbot of the key's account.
import type { OperationHandler } from './handler.js';

type Parts = readonly (string | Uint8Array)[];

// A store that hands out the same items until the account changes (the memory store) gets the same envelope back:
// a list asked again allocates nothing, and the request journal holds no new object for it.
const envelopes = new WeakMap<Parts, Parts>();

export const listChatbots: OperationHandler<'listChatbots'> = async ({ principal, store }) => {
  // Each chatbot as the contract's encoder made it (checked when created, or first read): sent as it is.
  const items = await store.listEncoded(principal.accountId);
  let encoded = envelopes.get(items);
  if (!encoded) {
    encoded = ['{"data":[', ...items, ']}'];
    envelopes.set(items, encoded);
  }
  return { status: 200, encoded };
};

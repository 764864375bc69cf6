// GET /chatbots (operationId listChatbots): every chatbot of the key's account.
import type { Chatbot, ChatbotListEnvelope } from '../contract/types.js';
import type { OperationHandler } from './handler.js';

// One envelope per snapshot of the list, so that an unchanged list is checked
// and encoded once, however often it is asked for (the engine's encodeReply).
const envelopes = new WeakMap<readonly Chatbot[], ChatbotListEnvelope>();

export const listChatbots: OperationHandler<'listChatbots'> = async ({ principal, store }) => {
  // Kept serialized by the store: each chatbot was checked against the contract in its create's answer.
  if (store.listItemsJson) {
    const items = await store.listItemsJson(principal.accountId);
    return { status: 200, parts: ['{"data":[', ...(typeof items === 'string' ? [items] : items), ']}'], checked: true };
  }
  const chatbots = await store.listByAccount(principal.accountId);
  let envelope = envelopes.get(chatbots);
  if (!envelope) {
    envelope = { data: chatbots as Chatbot[] };
    envelopes.set(chatbots, envelope);
  }
  return { status: 200, body: envelope, stable: true };
};

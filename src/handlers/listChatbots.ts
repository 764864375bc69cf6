// GET /chatbots (operationId listChatbots): every chatbot of the key's account.
import type { Reply } from '../problem.js';
import type { Chatbot, ChatbotListEnvelope } from '../types.js';
import type { OperationHandler } from './handler.js';

// One envelope per snapshot of the list, so that an unchanged list is checked
// and serialized once, however often it is asked for (see send in app.ts).
const envelopes = new WeakMap<readonly Chatbot[], ChatbotListEnvelope>();

export const listChatbots: OperationHandler = async ({ principal, store }): Promise<Reply> => {
  const chatbots = await store.listByAccount(principal.accountId);
  let envelope = envelopes.get(chatbots);
  if (!envelope) {
    envelope = { data: chatbots as Chatbot[] };
    envelopes.set(chatbots, envelope);
  }
  return { status: 200, body: envelope, stable: true };
};

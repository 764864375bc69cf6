// GET /chatbots (operationId listChatbots): every chatbot of the key's account.
import type { Reply } from '../problem.js';
import type { ChatbotListEnvelope } from '../types.js';
import type { OperationHandler } from './handler.js';

export const listChatbots: OperationHandler = async ({ principal, store }): Promise<Reply> => {
  const envelope: ChatbotListEnvelope = { data: [...(await store.listByAccount(principal.accountId))] };
  return { status: 200, body: envelope };
};

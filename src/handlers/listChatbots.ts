// GET /chatbots (operationId listChatbots): every chatbot of the key's account.
import type { OperationHandler } from './handler.js';

export const listChatbots: OperationHandler<'listChatbots'> = async ({ principal, store }) => {
  // Each chatbot as the contract's encoder made it (checked when created, or first read): sent as it is.
  const items = await store.listEncoded(principal.accountId);
  return { status: 200, encoded: ['{"data":[', ...items, ']}'] };
};

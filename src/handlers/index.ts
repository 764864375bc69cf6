// The reference executor: each operation answered by the handler of its
// operationId, one file per operationId in this folder.
import type { Contract } from '../contract/contract.js';
import type { Executor, Reply } from '../engine/types.js';
import type { ChatbotStore } from '../state/store.js';
import { createChatbot } from './createChatbot.js';
import type { OperationHandlers, OperationId, OperationInput } from './handler.js';
import { listChatbots } from './listChatbots.js';

export const operationHandlers: OperationHandlers = { createChatbot, listChatbots };

/** `maxRecords`: the most records (chatbots included) the store may hold in all its accounts (default: no cap). */
export function createReferenceExecutor(
  store: ChatbotStore,
  contract: Pick<Contract, 'rules' | 'problem' | 'encodeChatbot'>,
  maxRecords = Infinity,
): Executor {
  const { rules, problem, encodeChatbot } = contract;
  return async ({ operation, principal, params, body }) => {
    const handler = operationHandlers[operation.operationId as OperationId] as
      ((input: OperationInput<OperationId>) => Promise<Reply>) | undefined;
    if (!handler) throw new Error(`no handler for operationId ${operation.operationId} (src/handlers/)`);
    // The engine has checked the key of every secured operation; ours are all secured.
    // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- a request without a key got a 401
    const owner = principal!;
    return handler({ principal: owner, body: body as never, params, store, rules, maxRecords, problem, encodeChatbot });
  };
}

// The executor of the contract in force, on a store: each operation by its
// handler, by the resource the contract implies, or from its examples, as the
// plan says (servingPlan.ts). serve, createMiddleware, MSW and the proxy's
// fallback all serve a contract through it.
import type { Contract } from '../contract/contract.js';
import type { Executor } from '../engine/types.js';
import { createReferenceExecutor } from '../handlers/index.js';
import { createResourceExecutor, recordsInAll } from '../resources/executor.js';
import { DEFAULT_MAX_RECORDS, type ChatbotStore } from '../state/store.js';
import { editedContractExecutor, planFor } from './editedContract.js';

export interface ContractExecutorOptions {
  /** The contract the handlers were written for (default: the one served). */
  builtIn?: Contract;
  /** The contract's encoder, or one that checks nothing (a server made to send what it is given). */
  encodeChatbot?: Contract['encodeChatbot'];
  /** The most chatbots (and records of one collection) an account may hold (default: the contract's). */
  maxPerAccount?: number;
  /** The most records an account may hold in all its collections (default: recordsInAll of maxPerAccount). */
  maxRecordsPerAccount?: number;
  /** The most records (chatbots and the contract's other records) the store may hold in all its accounts (default:
   * DEFAULT_MAX_RECORDS). */
  maxRecords?: number;
  /** Where the API is mounted (default: the contract's base path). */
  basePath?: string;
}

export function contractExecutor(
  contract: Contract,
  store: ChatbotStore,
  options: ContractExecutorOptions = {},
): Executor {
  const maxPerAccount = options.maxPerAccount ?? contract.rules.maxChatbotsPerAccount;
  const maxRecords = options.maxRecords ?? DEFAULT_MAX_RECORDS;
  const handlers = createReferenceExecutor(
    store,
    {
      ...contract,
      encodeChatbot: options.encodeChatbot ?? contract.encodeChatbot,
      rules: { ...contract.rules, maxChatbotsPerAccount: maxPerAccount },
    },
    maxRecords,
  );
  const plan = planFor(contract, options.builtIn ?? contract);
  const resources = createResourceExecutor({
    contract,
    mapping: plan.mapping,
    store,
    chatbotCollections: plan.chatbotCollections,
    maxPerAccount,
    maxRecordsPerAccount: options.maxRecordsPerAccount ?? recordsInAll(maxPerAccount),
    maxRecords,
    basePath: options.basePath ?? contract.basePath,
  });
  return editedContractExecutor(contract, plan, handlers, resources);
}

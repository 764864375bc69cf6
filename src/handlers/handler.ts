// What every operation handler receives: an authenticated caller and a request
// that already matches the contract. Handlers only do the happy path.
import type { Reply } from '../problem.js';
import type { ContractRules } from '../spec.js';
import type { ChatbotStore } from '../store.js';
import type { Principal } from '../types.js';

export interface OperationInput {
  principal: Principal;
  body: unknown;
  store: ChatbotStore;
  rules: ContractRules;
}

export type OperationHandler = (input: OperationInput) => Promise<Reply>;

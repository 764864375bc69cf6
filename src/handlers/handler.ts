// What an operation handler is, typed by the generated contract: a handler for
// operationId X receives X's request body and may only answer one of X's
// documented statuses with that status's body. A missing handler, or a body of
// the wrong shape, fails to compile. Handlers only do the happy path: the
// engine has already checked the key and the request.
import type { operations } from '../../generated/openapi.js';
import type { Contract, ContractRules } from '../contract/contract.js';
import type { Principal } from '../contract/types.js';
import type { EncodedReply, JsonReply } from '../engine/types.js';
import type { ChatbotStore } from '../state/store.js';

export type OperationId = keyof operations;

type RequestBodyOf<Op extends OperationId> = operations[Op] extends {
  requestBody: { content: { 'application/json': infer B } };
}
  ? B
  : undefined;
type Responses<Op extends OperationId> = operations[Op]['responses'];
type BodyOf<R> = R extends { content: infer C } ? C[keyof C] : undefined;

/** One documented status of the operation, with its body, or that body encoded from checked chatbots. */
export type OperationReply<Op extends OperationId> = {
  [S in keyof Responses<Op> & number]:
    | (Omit<JsonReply, 'status' | 'body'> & { status: S; body: BodyOf<Responses<Op>[S]> })
    | (Omit<EncodedReply, 'status'> & { status: S });
}[keyof Responses<Op> & number];

export interface OperationInput<Op extends OperationId> {
  principal: Principal;
  body: RequestBodyOf<Op>;
  params: Record<string, string>;
  store: ChatbotStore;
  rules: ContractRules;
  /** The most records (chatbots and the contract's other records) the store may hold in all its accounts. */
  maxRecords: number;
  /** An RFC 9457 problem of a status the contract documents, for the answers a handler gives itself (409). */
  problem: Contract['problem'];
  /** The contract's encoder: a chatbot's checked bytes. */
  encodeChatbot: Contract['encodeChatbot'];
}

export type OperationHandler<Op extends OperationId> = (input: OperationInput<Op>) => Promise<OperationReply<Op>>;

/** Exactly one handler per operationId of openapi.yaml. */
export type OperationHandlers = { [Op in OperationId]: OperationHandler<Op> };

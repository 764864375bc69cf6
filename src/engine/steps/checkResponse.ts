// An answer that breaks the contract is never sent as if it were valid: it is
// logged and replaced by a 500 problem. A stable body is checked once.
import type { Contract } from '../../contract/contract.js';
import { problemReply } from '../problems.js';
import type { Step } from '../types.js';

/** Where the engine reports a fault of its own (pino's shape). */
export interface EngineLog {
  error(details: object, message: string): void;
}

export function checkResponseStep(contract: Contract, log: EngineLog): Step {
  const checked = new WeakSet<object>();
  return async (context, next) => {
    const reply = await next();
    const { operation } = context;
    if (!operation || reply.drop || reply.checked || (reply.stable && checked.has(reply.body as object))) return reply;
    const check = contract.router.responseValidator(operation, reply.status);
    if (!check || check(reply.body)) {
      if (reply.stable) checked.add(reply.body as object);
      return reply;
    }
    log.error(
      { operationId: operation.operationId, status: reply.status, errors: check.errors },
      'RESPONSE BREAKS THE CONTRACT: answering 500 instead',
    );
    return problemReply(contract, 500, 'The server produced a response that breaks its own contract.');
  };
}

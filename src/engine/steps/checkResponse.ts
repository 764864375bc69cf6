// An answer that breaks the contract is never sent as if it were valid: it is
// logged and replaced by a 500 problem. Encoded bodies were checked as they were
// made, part by part (the contract's encoder), and a body marked checked once
// for the contract (an example, its patterns never on RegExp): neither is
// checked again.
import type { Contract } from '../../contract/contract.js';
import { BREAKS_CONTRACT, problemReply } from '../problems.js';
import type { EngineLog, Step } from '../types.js';

export function checkResponseStep(contract: Contract, log: EngineLog): Step {
  return async (context, next) => {
    const reply = await next();
    const { operation } = context;
    if (!operation || !('body' in reply) || reply.checked) return reply;
    const check = contract.router.responseValidator(operation, reply.status);
    if (!check || check(reply.body)) return reply;
    log.error(
      { operationId: operation.operationId, status: reply.status, errors: check.errors },
      'RESPONSE BREAKS THE CONTRACT: answering 500 instead',
    );
    return problemReply(contract, 500, BREAKS_CONTRACT);
  };
}

// 401: a secured operation needs a known API key, sent exactly as `Bearer <key>`.
import type { Contract } from '../../contract/contract.js';
import type { Authenticator } from '../../state/authenticator.js';
import { problemReply } from '../problems.js';
import type { Step } from '../types.js';

export function authenticateStep(contract: Contract, authenticator: Authenticator): Step {
  return async (context, next) => {
    if (!context.operation?.secured) return next();
    const result = await authenticator.authenticate(context.request.headers.authorization);
    if (!result.ok)
      return problemReply(contract, 401, result.detail, { 'WWW-Authenticate': 'Bearer realm="chatbots"' });
    context.principal = result.principal;
    return next();
  };
}

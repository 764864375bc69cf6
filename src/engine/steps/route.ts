// 404 and 405: the request's path and method must name an operation of the contract.
import type { Contract } from '../../contract/contract.js';
import { problemReply } from '../problems.js';
import type { Step } from '../types.js';

/** basePath: where the API is mounted, e.g. /api. */
export function routeStep(contract: Contract, basePath: string): Step {
  return async (context, next) => {
    const { method, path } = context.request;
    const below = path === basePath ? '/' : path.startsWith(`${basePath}/`) ? path.slice(basePath.length) : undefined;
    const match = below === undefined ? ({ kind: 'not-found' } as const) : contract.router.match(method, below);
    if (match.kind === 'not-found') return problemReply(contract, 404, `There is no resource at ${path}.`);
    if (match.kind === 'method-not-allowed') {
      const allow = match.allow.join(', ');
      return problemReply(contract, 405, `${method} is not allowed on ${path}. Allowed methods are ${allow}.`, { Allow: allow });
    }
    context.operation = match.operation;
    context.params = match.params;
    return next();
  };
}

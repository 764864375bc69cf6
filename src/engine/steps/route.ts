// 404 and 405: the request's path and method must name an operation of the contract.
import type { Contract } from '../../contract/contract.js';
import type { RouteMatch } from '../../contract/router.js';
import { problemReply } from '../problems.js';
import type { Step } from '../types.js';

/** The path below the base path (/api/chatbots → /chatbots, /api → /); undefined outside it. */
export function pathBelow(basePath: string, path: string): string | undefined {
  if (path === basePath) return '/';
  return path.startsWith(`${basePath}/`) ? path.slice(basePath.length) : undefined;
}

/** The operation a method and a full path name, if any; a path outside the base path is not found. */
export function matchRequest(contract: Contract, basePath: string, method: string, path: string): RouteMatch {
  const below = pathBelow(basePath, path);
  return below === undefined ? { kind: 'not-found' } : contract.router.match(method, below);
}

/** basePath: where the API is mounted, e.g. /api. */
export function routeStep(contract: Contract, basePath: string): Step {
  return async (context, next) => {
    const { method, path } = context.request;
    const match = matchRequest(contract, basePath, method, path);
    if (match.kind === 'not-found') return problemReply(contract, 404, `There is no resource at ${path}.`);
    if (match.kind === 'method-not-allowed') {
      const allow = match.allow.join(', ');
      return problemReply(contract, 405, `${method} is not allowed on ${path}. Allowed methods are ${allow}.`, {
        Allow: allow,
      });
    }
    context.operation = match.operation;
    context.params = match.params;
    return next();
  };
}

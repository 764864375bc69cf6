// The overrides' step: after routing, the key, the tenancy and the request's validation, so that an override
// replaces only what the operation's handler would have answered, and the journal records it as any answer.
import { bearerKey } from '../../state/authenticator.js';
import { delayOf } from '../checkOverride.js';
import type { Overrides } from '../overrides.js';
import type { Step } from '../types.js';

export function overrideStep(overrides: Overrides): Step {
  return async (context, next) => {
    const { operation } = context;
    const override =
      operation &&
      overrides.take(operation.operationId, context.principal, bearerKey(context.request.headers.authorization));
    if (!override) return next();
    const wait = delayOf(override.delay);
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    // Without a status it only delays: the operation answers as it would (and is checked as any answer).
    if (override.status === undefined) return next();
    const marks: Record<string, string> = { 'Mock-Source': 'override' };
    if (override.unchecked) marks['Override-Unchecked'] = 'true';
    return { status: override.status, body: override.body, headers: { ...override.headers, ...marks } };
  };
}

// The overrides' step: after routing, the key, the tenancy and the request's validation, so that an override
// replaces only what the operation's handler would have answered, and the journal records it as any answer.
import { bearerKey } from '../../state/authenticator.js';
import { delayOf } from '../checkOverride.js';
import type { ActiveOverride, Overrides } from '../overrides.js';
import type { EncodedReply, Reply, RequestContext, Step } from '../types.js';

const encoder = new TextEncoder();

export function overrideStep(overrides: Overrides): Step {
  // Each override's answer, serialized once: its body and headers never change while it is in force.
  const answers = new WeakMap<ActiveOverride, EncodedReply>();
  const answerOf = (override: ActiveOverride, status: number): EncodedReply => {
    let answer = answers.get(override);
    if (!answer) {
      const marks: Record<string, string> = { 'Mock-Source': 'override' };
      if (override.unchecked) marks['Override-Unchecked'] = 'true';
      // As bytes: sent as they are, with no UTF-8 encoding per answer (as a stored list is).
      const bytes = encoder.encode(JSON.stringify(override.body) ?? 'null');
      answer = { status, encoded: [bytes], headers: { ...override.headers, ...marks } };
      answers.set(override, answer);
    }
    return answer;
  };
  const answer = async (context: RequestContext, next: () => Promise<Reply>, operationId: string): Promise<Reply> => {
    const override = overrides.take(
      operationId,
      context.principal,
      bearerKey(context.request.headers.authorization, false),
    );
    if (!override) return next();
    const wait = delayOf(override.delay);
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    // Without a status it only delays: the operation answers as it would (and is checked as any answer).
    const { status } = override;
    return status === undefined ? next() : answerOf(override, status);
  };
  // With none in force (most requests of most runs) the step is one comparison, and no promise of its own.
  return (context, next) =>
    overrides.size === 0 || !context.operation ? next() : answer(context, next, context.operation.operationId);
}

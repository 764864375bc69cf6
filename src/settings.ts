// The two rules of `settings` that JSON Schema cannot say by itself.
import type { Ajv, SchemaValidateFunction } from 'ajv';
import type { ChatbotSettings, CreateChatbotRequest } from './types.js';

/**
 * "Left blank" (omitted, null or {}) gives the defaults; otherwise every supplied
 * key keeps its value and the defaults fill in the keys not supplied.
 */
export function resolveSettings(
  supplied: CreateChatbotRequest['settings'],
  defaults: ChatbotSettings,
): ChatbotSettings {
  return { ...defaults, ...supplied } as ChatbotSettings;
}

/**
 * How deep a JSON value nests, counting the value itself as level 1; scalars are 0.
 * Iterative, and it stops as soon as `limit` is passed, so a hostile body of
 * thousands of levels costs little and cannot overflow the stack.
 */
export function nestingDepth(value: unknown, limit = Infinity): number {
  let deepest = 0;
  const pending: [unknown, number][] = [[value, 1]];
  while (pending.length > 0) {
    const [current, depth] = pending.pop()!;
    if (typeof current !== 'object' || current === null) continue;
    deepest = Math.max(deepest, depth);
    if (deepest > limit) break;
    for (const child of Object.values(current)) pending.push([child, depth + 1]);
  }
  return deepest;
}

/** Teaches Ajv the contract's `x-max-depth` keyword, for requests and responses alike. */
export function addMaxDepthKeyword(ajv: Ajv): Ajv {
  const validate: SchemaValidateFunction = (limit: number, data: unknown) => {
    validate.errors = [{ keyword: 'x-max-depth', params: { limit }, message: `must not nest deeper than ${limit} levels` }];
    return nestingDepth(data, limit) <= limit;
  };
  ajv.addKeyword({ keyword: 'x-max-depth', type: 'object', schemaType: 'number', errors: true, validate });
  return ajv;
}

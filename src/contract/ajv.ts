// The one Ajv set-up: the formats the contract uses (uuid, date-time, uri) and
// its own `x-max-depth` keyword. openapi-backend's validators, the contract
// checker, and the seed and data-file checks are all made with it.
import { Ajv, type SchemaValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

/** Teaches an Ajv instance the contract's formats and keywords; returns it. */
export function configureAjv(ajv: Ajv): Ajv {
  addFormats.default(ajv);
  const validate: SchemaValidateFunction = (limit: number, data: unknown) => {
    validate.errors = [{ keyword: 'x-max-depth', params: { limit }, message: `must not nest deeper than ${limit} levels` }];
    return nestingDepth(data, limit) <= limit;
  };
  ajv.addKeyword({ keyword: 'x-max-depth', type: 'object', schemaType: 'number', errors: true, validate });
  return ajv;
}

/** A new Ajv for checking values against the contract: every error, not just the first. */
export function createAjv(): Ajv {
  return configureAjv(new Ajv({ strict: false, allErrors: true }));
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

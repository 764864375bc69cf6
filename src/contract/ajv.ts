// The one Ajv set-up: the formats the contract uses (uuid, date-time, uri) and
// its own keywords for the size of settings: `x-max-depth`, `x-max-entries`
// and `x-max-json-length`. openapi-backend's validators, the contract
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
  const entries: SchemaValidateFunction = (limit: number, data: unknown) => {
    entries.errors = [{ keyword: 'x-max-entries', params: { limit }, message: `must not hold more than ${limit} keys and values in all` }];
    return entryCount(data, limit) <= limit;
  };
  ajv.addKeyword({ keyword: 'x-max-entries', type: 'object', schemaType: 'number', errors: true, validate: entries });
  const length: SchemaValidateFunction = (limit: number, data: unknown) => {
    length.errors = [{ keyword: 'x-max-json-length', params: { limit }, message: `must not be longer than ${limit} characters as JSON` }];
    return jsonLength(data, limit) <= limit;
  };
  ajv.addKeyword({ keyword: 'x-max-json-length', type: 'object', schemaType: 'number', errors: true, validate: length });
  return ajv;
}

/**
 * The length of JSON.stringify(value), counted without building it and without
 * recursion (a hostile body may nest thousands of levels); stops past `limit`.
 */
export function jsonLength(value: unknown, limit = Infinity): number {
  let length = 0;
  const pending: unknown[] = [value];
  while (pending.length > 0 && length <= limit) {
    const current = pending.pop();
    if (typeof current !== 'object' || current === null) {
      length += (JSON.stringify(current) ?? 'null').length;
      continue;
    }
    const entries = Object.entries(current);
    length += 2 + Math.max(0, entries.length - 1); // brackets and commas
    for (const [key, child] of entries) {
      if (!Array.isArray(current)) length += JSON.stringify(key).length + 1;
      pending.push(child);
    }
  }
  return length;
}

/**
 * How many keys and values a JSON value holds in all, nested ones included (the
 * value itself not counted): {"a": [1, 2]} holds 4. Stops once `limit` is passed.
 */
export function entryCount(value: unknown, limit = Infinity): number {
  let count = 0;
  const pending: unknown[] = [value];
  while (pending.length > 0 && count <= limit) {
    const current = pending.pop();
    if (typeof current !== 'object' || current === null) continue;
    for (const [, child] of Object.entries(current)) {
      count += Array.isArray(current) ? 1 : 2;
      pending.push(child);
    }
  }
  return count;
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

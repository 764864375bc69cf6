// How large a JSON value is, measured as the contract's own keywords
// (x-max-depth, x-max-entries, x-max-json-length) measure it. No import: the
// validators compiled at build time for the MSW package call these too.

/**
 * How deep a JSON value nests, counting the value itself as level 1; scalars are 0.
 * Iterative, and it stops as soon as `limit` is passed, so a hostile body of
 * thousands of levels costs little and cannot overflow the stack.
 */
export function nestingDepth(value: unknown, limit = Infinity): number {
  let deepest = 0;
  const pending: [unknown, number][] = [[value, 1]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [current, depth] = next;
    if (typeof current !== 'object' || current === null) continue;
    deepest = Math.max(deepest, depth);
    if (deepest > limit) break;
    for (const child of Object.values(current)) pending.push([child, depth + 1]);
  }
  return deepest;
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

// JSON pointers (RFC 6901) into the contract: one helper for every place that
// names or follows a location in openapi.yaml.

export function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

export function unescapePointer(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** `#/paths/~1chatbots/post` from its segments. */
export function pointerTo(...segments: string[]): string {
  return `#/${segments.map(escapePointer).join('/')}`;
}

/** The value at a pointer such as `#/components/schemas/Chatbot`; undefined when there is none. */
export function resolvePointer(root: unknown, pointer: string): unknown {
  const path = pointer.replace(/^#\/?/, '');
  if (path === '') return root;
  let node: unknown = root;
  for (const segment of path.split('/').map(unescapePointer)) {
    // Only the document's own members: `constructor` or `__proto__` name nothing in it.
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, segment)) return undefined;
    if (Array.isArray(node) && !/^(?:0|[1-9]\d*)$/.test(segment)) return undefined;
    node = (node as Record<string, unknown>)[segment];
  }
  return node;
}

/** Follows `$ref`s (local ones, as the contract uses) until a value that is not a reference. */
export function followRefs(root: unknown, pointer: string): { pointer: string; value: unknown } {
  let current = pointer;
  for (let hops = 0; hops < 32; hops++) {
    const value = resolvePointer(root, current);
    const ref = (value as { $ref?: unknown } | undefined)?.$ref;
    if (typeof ref !== 'string') return { pointer: current, value };
    current = ref;
  }
  throw new Error(`${pointer}: too many $ref hops`);
}

/** A value of the document, or the one its local `$ref` names (a few hops at most); undefined for anything else. */
export function dereferenced<T extends object>(root: unknown, value: unknown): T | undefined {
  let current = value;
  for (let hops = 0; hops < 32; hops++) {
    const ref = (current as { $ref?: unknown } | null | undefined)?.$ref;
    if (typeof ref !== 'string') return typeof current === 'object' && current !== null ? (current as T) : undefined;
    if (!ref.startsWith('#')) return undefined;
    current = resolvePointer(root, ref);
  }
  return undefined;
}

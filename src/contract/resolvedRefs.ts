// The document with every local $ref replaced by what it names, as one graph:
// a value named twice is one object, and a recursive schema becomes a cycle
// (Ajv and every walk of it bound their depth). Pointers are read by RFC 6901,
// `~1` and `~0` unescaped (a $ref into #/paths/~1chatbots/…). checkSelfContained
// has proved every $ref resolves inside the document; a $ref beside other
// keywords is replaced whole, as OpenAPI 3.0 reads it (the validators read
// 3.1's siblings from the document as written, with its $refs kept).
import { resolvePointer } from './pointer.js';

const isRef = (value: unknown): value is { $ref: string } =>
  typeof value === 'object' && value !== null && typeof (value as { $ref?: unknown }).$ref === 'string';

export function withRefsResolved<T>(document: T): T {
  const root = structuredClone(document);
  const walked = new Set<object>();
  /** What a $ref names, its own $refs followed (a chain of them, at most a few hops). */
  const named = (ref: string): unknown => {
    let value = resolvePointer(root, ref);
    for (let hops = 0; hops < 64 && isRef(value); hops++) value = resolvePointer(root, value.$ref);
    return value;
  };
  const walk = (value: unknown): unknown => {
    if (typeof value !== 'object' || value === null) return value;
    if (isRef(value)) {
      const target = named(value.$ref);
      return target === undefined || isRef(target) ? value : walk(target);
    }
    if (walked.has(value)) return value;
    walked.add(value);
    const node = value as Record<string, unknown>;
    for (const key of Object.keys(node)) node[key] = walk(node[key]);
    return value;
  };
  return walk(root) as T;
}

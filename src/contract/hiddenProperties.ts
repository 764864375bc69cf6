// OpenAPI's readOnly and writeOnly: a readOnly property is the server's to
// send and a writeOnly one the client's, so one that is `required` is required
// only on the side that sends it (OpenAPI 3.0.4, Schema Object; 3.1 and 3.2
// keep that reading). Ajv and openapi-backend read neither keyword, so each
// validator is given the schemas as its side sees them: a request's with no
// readOnly property required, an answer's with no writeOnly one required.
import { dereferenced } from './pointer.js';

export type Side = 'request' | 'answer';

/** The keyword that marks a property the side never carries. */
const HIDDEN: Record<Side, 'readOnly' | 'writeOnly'> = { request: 'readOnly', answer: 'writeOnly' };

type Node = Record<string, unknown>;
const isObject = (value: unknown): value is Node => typeof value === 'object' && value !== null;

/**
 * Whether a value mentions the keyword anywhere (a graph: each object is looked at once); without it, a schema needs
 * no copy for any side.
 */
export function mentions(value: unknown, keyword: string, seen = new Set<object>()): boolean {
  if (!isObject(value) || seen.has(value)) return false;
  seen.add(value);
  if (!Array.isArray(value) && value[keyword] === true) return true;
  return Object.values(value).some((child) => mentions(child, keyword, seen));
}

/**
 * A copy of `value` (a schema, or a whole document) in which no `required` list names a property the side never
 * carries. Cycles and shared parts stay as they are (`copies` holds each object's copy, one map per side); a property
 * written as a `$ref` is read through `root`, and a sibling of the `$ref` (3.1) counts too.
 */
export function asSeenBy<T>(value: T, side: Side, root: unknown = value, copies = new Map<object, unknown>()): T {
  if (!isObject(value)) return value;
  const known = copies.get(value);
  if (known !== undefined) return known as T;
  const copy: Node | unknown[] = Array.isArray(value) ? [] : {};
  copies.set(value, copy);
  for (const [key, child] of Object.entries(value)) (copy as Node)[key] = asSeenBy(child, side, root, copies);
  if (!Array.isArray(copy) && Array.isArray(copy.required) && isObject(value.properties)) {
    const properties = value.properties;
    const hidden = (name: string) => {
      const property = properties[name];
      if (!isObject(property)) return false;
      return property[HIDDEN[side]] === true || dereferenced<Node>(root, property)?.[HIDDEN[side]] === true;
    };
    copy.required = (copy.required as unknown[]).filter((name) => typeof name !== 'string' || !hidden(name));
  }
  return copy as T;
}

/** A document as its answers are checked: a copy only where a writeOnly property is written. */
export function answerView<T>(document: T): T {
  return mentions(document, 'writeOnly') ? asSeenBy(document, 'answer') : document;
}

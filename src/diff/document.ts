// One side of a diff: an OpenAPI document read as data (parseDocument, bounded and self-contained), with its $refs
// followed on demand, so that each change can name where it is written (its origin) as well as where it is used.
import { checkSelfContained } from '../contract/selfContained.js';
import { escapePointer, resolvePointer } from '../contract/pointer.js';
import { checkDepth } from './depth.js';
import type { Finding } from './finding.js';
import { isSchema, type Schema } from './schema/schema.js';
import { Work } from './schema/work.js';

export type Document = Schema;

/** A value of the document and the pointer of the place it is written. */
export interface Located {
  value: unknown;
  at: string;
}

/** Follows a $ref (and the $refs it leads to) to the value it names; checkDepth refuses a $ref that names itself. */
export function follow(document: Document, located: Located): Located {
  let { value, at } = located;
  for (let hops = 0; isSchema(value) && typeof value.$ref === 'string' && hops < 64; hops++) {
    at = value.$ref;
    value = resolvePointer(document, value.$ref);
  }
  return { value, at };
}

/** The value under a key of a located object, its $ref followed. */
export function at(document: Document, parent: Located, ...keys: string[]): Located {
  let current = follow(document, parent);
  for (const key of keys) {
    const { value: container } = current;
    const value =
      typeof container === 'object' && container !== null ? (container as Record<string, unknown>)[key] : undefined;
    current = follow(document, { value, at: `${current.at}/${escapePointer(key)}` });
  }
  return current;
}

/** The value under a key of a located object, as written: its own $ref not followed (3.1 keywords sit beside it). */
export function beside(document: Document, parent: Located, ...keys: string[]): Located {
  const last = keys.pop() as string;
  const owner = at(document, parent, ...keys);
  const { value: container } = owner;
  const value =
    typeof container === 'object' && container !== null ? (container as Record<string, unknown>)[last] : undefined;
  return { value, at: `${owner.at}/${escapePointer(last)}` };
}

/**
 * The schema with every $ref replaced by what it names: what the judgement (src/diff/schema/relation.ts) reads. A
 * recursive schema becomes a graph that leads back to itself (a tree's items are the tree), made once: every walk
 * of it stops where it comes back to a value it is already in.
 */
export function expander(document: Document): (value: unknown) => Schema {
  const done = new Map<unknown, unknown>();
  const siblingsApply = !/^3\.0\./.test(String(document.openapi));
  const expand = (value: unknown): unknown => {
    if (typeof value !== 'object' || value === null) return value;
    const known = done.get(value);
    if (known) return known;
    if (isSchema(value) && typeof value.$ref === 'string') {
      const target = follow(document, { value, at: '' }).value;
      // From 3.1 (JSON Schema 2020-12) a $ref's siblings apply beside it, as a conjunction; 3.0 ignores them.
      const { $ref: _ref, ...siblings } = value;
      if (!siblingsApply || Object.keys(siblings).length === 0) {
        const expanded = expand(target);
        done.set(value, expanded);
        return expanded;
      }
      // Kept before its parts are made, so that a part that leads back to it finds it.
      const result: Schema = {};
      done.set(value, result);
      const own = Array.isArray(siblings.allOf) ? siblings.allOf : [];
      Object.assign(result, fill({}, siblings), { allOf: [...own.map(expand), expand(target)] });
      return result;
    }
    const result: unknown = Array.isArray(value) ? [] : {};
    done.set(value, result);
    return fill(result as Record<string, unknown>, value);
  };
  const fill = (result: Record<string, unknown> | unknown[], value: object): unknown => {
    if (Array.isArray(value)) for (const item of value) (result as unknown[]).push(expand(item));
    else for (const [key, inner] of Object.entries(value)) (result as Record<string, unknown>)[key] = expand(inner);
    return result;
  };
  return (value) => {
    const expanded = expand(value);
    return isSchema(expanded) ? expanded : {};
  };
}

/** 3.0 needs `paths`; 3.1 and later need `paths`, `webhooks` or `components`, and `paths` may be left out. */
function hasOperationsOrParts(value: Schema): boolean {
  if (value.paths !== undefined) return isSchema(value.paths);
  return !/^3\.0\./.test(String(value.openapi)) && (isSchema(value.webhooks) || isSchema(value.components));
}

/**
 * A document ready to compare: refused (with one line) when a $ref leaves it, when it is too large or deep, or when a
 * $ref leads back to where it is without descending into a value. A recursive schema (a tree) is compared.
 */
export function checkedDocument(value: unknown, name: string): Document {
  if (!isSchema(value) || typeof value.openapi !== 'string' || !hasOperationsOrParts(value)) {
    throw new Error(`${name} is not an OpenAPI document (it needs "openapi" and "paths")`);
  }
  checkSelfContained(value, 'served');
  checkDepth(value);
  return value;
}

/** A side of the diff: its document, the expansion of its schemas, and the work of the diff it is in. */
export interface Contract {
  document: Document;
  expand: (value: unknown) => Schema;
  /** What judging schemas may spend and has worked out: one for both sides of a diff. */
  work: Work;
}

export const contractOf = (document: Document, work = new Work()): Contract => ({
  document,
  expand: expander(document),
  work,
});

/** Two versions of one part of the contracts (an operation, a response), named by where it is, and the findings. */
export interface Pair {
  where: string;
  before: Contract;
  after: Contract;
  old: Located;
  now: Located;
  found: Finding[];
}

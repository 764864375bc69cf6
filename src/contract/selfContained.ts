// A contract is one document, never a loader: every $ref must point inside it
// (#/…), so that no mode (Prism's resolver, a linter, a bundler) reads a file
// or opens a connection because of what a contract says. The same walk bounds
// the document's size as every reader will see it, with each alias and each
// $ref expanded (counted once per node, in linear time). A $ref that leads
// back into itself, a recursive schema, is counted once, as the reference it
// stays: Ajv follows it, and whatever expands a schema bounds its depth.
import { printable } from '../untrusted/printable.js';
import { escapePointer, resolvePointer } from './pointer.js';

/**
 * Values of the document with every alias and $ref expanded: 17 times the built-in contract's 2,900. Checking a
 * contract (its validators are compiled for each operation, with its schemas expanded) takes time in proportion:
 * about 0.6 s at the limit (BENCH_ONLY=hostile).
 */
export const MAX_EXPANDED_NODES = 50_000;
/**
 * Characters of its text (keys and strings) once every alias and $ref is expanded: 8 times the largest file read by
 * default, so that a long string named by many aliases is refused too.
 */
export const MAX_EXPANDED_CHARACTERS = 8 * 1_048_576;

interface Size {
  nodes: number;
  characters: number;
}

/**
 * Throws one line naming the first $ref that leaves the document or resolves to nothing, or a YAML alias that loops,
 * or saying the document is too large. A recursive schema is `served` by the modes and by the diff (which stops its
 * walks where they come back); a reader that expands every $ref has it `refused`.
 */
export function checkSelfContained(document: unknown, recursive: 'served' | 'refused' = 'refused'): void {
  const sizes = new Map<object, Size>();
  const open = new Set<object>();

  // `at`: where the value is written, as a pointer (a $ref's target is where the $ref points).
  const measure = (value: unknown, at: string): Size => {
    if (typeof value === 'string') return { nodes: 1, characters: value.length };
    if (typeof value !== 'object' || value === null) return { nodes: 1, characters: 1 };
    const known = sizes.get(value);
    if (known !== undefined) return known;
    // Reached again through its own members: a YAML alias inside its own anchor, which no reader can walk. (A $ref
    // that leads back, a recursive schema, stops below, where it is followed.)
    if (open.has(value))
      throw new Error(`${printable(at)} holds a YAML alias that leads back to it, which no reader of it can follow`);
    open.add(value);
    const total = { nodes: 1, characters: 1 };
    const add = (size: Size) => {
      total.nodes += size.nodes;
      total.characters += size.characters;
      if (total.nodes > MAX_EXPANDED_NODES)
        throw new Error(`it expands to more than ${MAX_EXPANDED_NODES} values once its aliases and $refs are followed`);
      if (total.characters > MAX_EXPANDED_CHARACTERS)
        throw new Error(
          `it expands to more than ${MAX_EXPANDED_CHARACTERS} characters once its aliases and $refs are followed`,
        );
    };
    const ref = (value as { $ref?: unknown }).$ref;
    if (typeof ref === 'string') {
      const named = target(document, ref, at);
      // A recursive schema (a tree, a thread of comments): the $ref stays a reference, counted once.
      const loops = typeof named === 'object' && named !== null && open.has(named);
      if (loops && recursive === 'refused')
        throw new Error(
          `${printable(at)} holds a $ref that leads back to it: a recursive schema, which this reader cannot expand`,
        );
      add(loops ? { nodes: 1, characters: ref.length } : measure(named, ref));
    }
    for (const [key, inner] of Object.entries(value)) {
      add({ nodes: 0, characters: key.length });
      add(measure(inner, `${at}/${escapePointer(key)}`));
    }
    open.delete(value);
    sizes.set(value, total);
    return total;
  };

  try {
    measure(document, '#');
  } catch (error) {
    // A chain of $refs deeper than the stack: as unrunnable as a loop.
    if (error instanceof RangeError) throw new Error('its $refs nest too deeply to be expanded', { cause: error });
    throw error;
  }
}

function target(document: unknown, ref: string, where: string): unknown {
  if (!ref.startsWith('#')) {
    throw new Error(
      `its $ref ${JSON.stringify(ref)} at ${printable(where)} leaves the document: a contract is one document, ` +
        `and a $ref may only point inside it (#/…)`,
    );
  }
  const value = resolvePointer(document, ref);
  if (value === undefined) throw new Error(`its $ref ${JSON.stringify(ref)} at ${printable(where)} points at nothing`);
  return value;
}

// How deep a contract nests once its $refs are followed, measured without recursion: the diff's walks (the
// comparison, the relation, Ajv compiling a schema) recurse as deep as a schema goes, and a $ref chain can make one
// far deeper than its file, deep enough to overflow the stack. A contract deeper than the diff walks is refused with
// one line (exit 2), never left to overflow: a crash must not read as a breaking change (exit 1).
import { resolvePointer } from '../contract/pointer.js';

/**
 * Levels of objects and lists, $refs followed, that the diff compares: two and a half times what the file itself may
 * hold (parseDocument's 100), and well within the stack of every walk, Ajv's included (test/diff/limits.test.ts).
 */
export const MAX_DIFF_DEPTH = 256;

/** Throws one line when the document, its $refs followed, nests deeper than MAX_DIFF_DEPTH. */
export function checkDepth(document: object): void {
  const depths = new Map<object, number>();
  // Each value is visited twice: first to put its children on the stack, then, once they are measured, itself.
  const stack: [value: object, measured: boolean][] = [[document, false]];
  while (stack.length > 0) {
    const [value, childrenDone] = stack.pop() as [object, boolean];
    if (depths.has(value)) continue;
    const ref = (value as { $ref?: unknown }).$ref;
    // checkSelfContained has proved that every $ref resolves and none leads back to itself.
    const children = typeof ref === 'string' ? [resolvePointer(document, ref)] : Object.values(value);
    const inner = children.filter((child): child is object => typeof child === 'object' && child !== null);
    if (!childrenDone) {
      stack.push([value, true]);
      for (const child of inner) if (!depths.has(child)) stack.push([child, false]);
      continue;
    }
    // A $ref is replaced by what it names: no level of its own.
    const deepest = inner.reduce((most, child) => Math.max(most, depths.get(child) ?? 0), 0);
    const depth = deepest + (typeof ref === 'string' ? 0 : 1);
    if (depth > MAX_DIFF_DEPTH)
      throw new Error(`it nests deeper than ${MAX_DIFF_DEPTH} levels once its $refs are followed (the diff's limit)`);
    depths.set(value, depth);
  }
}

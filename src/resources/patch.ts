// The two patch documents a PATCH may carry: a JSON Merge Patch (RFC 7396),
// which is ours to write as the RFC's own pseudo-code, and a JSON Patch
// (RFC 6902), applied by fast-json-patch. Neither changes its input, and
// neither lets a member named __proto__ reach an object's prototype.
// The core alone: the package's entry adds what observes and compares documents, dead weight in the MSW page.
import { applyOperation, type Operation } from 'fast-json-patch/commonjs/core.js';

/** RFC 7396: a member set to null is removed, an object is merged into the target's, anything else replaces. */
export function mergePatch(target: unknown, patch: unknown): unknown {
  if (!isObject(patch)) return patch;
  const result: Record<string, unknown> = isObject(target) ? { ...target } : {};
  for (const [name, value] of Object.entries(patch)) {
    if (value === null) delete result[name];
    else Object.defineProperty(result, name, { value: mergePatch(result[name], value), ...PLAIN });
  }
  return result;
}

const PLAIN = { enumerable: true, writable: true, configurable: true };

/** The patched copy, or why the patch cannot apply (the index of the operation at fault, and what failed). */
export function applyJsonPatch(target: unknown, patch: unknown): { value: unknown } | { error: string } {
  if (!Array.isArray(patch)) return { error: 'a JSON Patch is an array of operations' };
  let value = structuredClone(target);
  for (const [index, operation] of (patch as Operation[]).entries()) {
    try {
      // Validated, applied to the copy, and no member named __proto__ followed.
      value = applyOperation(value, operation, true, true, true, index).newDocument;
    } catch (error) {
      return { error: `operation ${index}: ${((error as Error).message || String(error)).split('\n')[0]}` };
    }
  }
  return { value };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

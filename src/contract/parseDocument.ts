// Parses a contract's YAML (or JSON) text as untrusted input, within bounds:
// a limited nesting depth and number of aliases, and a limited size once
// every alias and $ref is expanded (selfContained.ts), so that an alias bomb
// is refused at once rather than expanded by whatever walks the document
// later. The value returned is a plain tree (no node shared by two aliases),
// with its JSON text made once, for /openapi.json.
import { load } from 'js-yaml';
import { bundled, type ContractFiles } from './bundle.js';
import { followRefs, resolvePointer } from './pointer.js';
import { checkSelfContained } from './selfContained.js';

/** js-yaml's own default depth, kept explicit: deeper nesting is refused. */
const MAX_DEPTH = 100;
/** Far more aliases than a hand-written contract uses; their expansion is bounded separately. */
const MAX_ALIASES = 1_000;

export interface ParsedDocument {
  document: unknown;
  /** The document as JSON, made once. */
  json: string;
  /** The files besides the root that a split contract's $refs named, kept in the document (bundle.ts). */
  files: string[];
}

/**
 * Throws one line saying what is wrong with the text as a document. With `files`, a $ref may name a file of the
 * contract's folder, which is kept in the document; without, every $ref must point inside the text. A recursive
 * schema is `served` (the default with `files`); `refused` is for a reader that cannot walk a cycle.
 */
export function parseDocument(
  text: string,
  files?: ContractFiles,
  recursive: 'served' | 'refused' = files ? 'served' : 'refused',
): ParsedDocument {
  const parsed = parseYaml(text);
  const { document, read } = files ? bundled(parsed, files) : { document: parsed, read: [] };
  // Measured before anything expands it: an alias bomb stops here.
  checkSelfContained(document, recursive);
  const json = JSON.stringify(document) ?? 'null';
  const tree = JSON.parse(json) as unknown;
  return { document: inlinedPathItems(read.length > 0 ? collapsedRefs(tree) : tree), json, files: read };
}

/**
 * The document with each path item that is a `$ref` (`/orders/{orderId}: {$ref: paths/orders_{orderId}.yaml}`, as
 * Redocly's layout writes one) replaced by a copy of the item it names, so that every pointer to an operation
 * (`#/paths/~1orders~1{orderId}/get`) names it in the document as written, as in the dereferenced one.
 */
function inlinedPathItems(document: unknown): unknown {
  const paths = (document as { paths?: unknown } | null)?.paths;
  if (typeof paths !== 'object' || paths === null) return document;
  for (const [path, item] of Object.entries(paths as Record<string, unknown>)) {
    if (typeof (item as { $ref?: unknown } | null)?.$ref !== 'string') continue;
    const { $ref: _ref, ...siblings } = item as Record<string, unknown>;
    const { value } = followRefs(document, (item as { $ref: string }).$ref);
    if (typeof value === 'object' && value !== null)
      (paths as Record<string, unknown>)[path] = { ...structuredClone(value), ...siblings };
  }
  return document;
}

/** The text's YAML (or JSON) value, within the bounds of depth and aliases; throws one line. */
export function parseYaml(text: string): unknown {
  try {
    return load(text, { maxDepth: MAX_DEPTH, maxAliases: MAX_ALIASES });
  } catch (error) {
    throw new Error(`it is not YAML this server reads: ${(error as Error).message.split('\n')[0]}`, {
      cause: error,
    });
  }
}

/**
 * The document with each `$ref` that names a bare `$ref` (a component that is a file's schema, say) pointed at where
 * the chain ends: the dereferencer follows one hop only. checkSelfContained has proved every chain ends.
 */
function collapsedRefs(document: unknown): unknown {
  const pending = [document];
  for (let value = pending.pop(); value !== undefined; value = pending.pop()) {
    if (typeof value !== 'object' || value === null) continue;
    const node = value as Record<string, unknown>;
    if (typeof node.$ref === 'string') {
      let target = node.$ref;
      for (let hops = 0; hops < 64; hops++) {
        const next = resolvePointer(document, target) as { $ref?: unknown } | undefined;
        if (typeof next?.$ref !== 'string' || Object.keys(next).length !== 1) break;
        target = next.$ref;
      }
      node.$ref = target;
    }
    for (const child of Object.values(node)) pending.push(child);
  }
  return document;
}

// The operations a document declares, whatever its version: a path item's fixed
// methods (OpenAPI 3.2 adds `query`) and 3.2's `additionalOperations`, each
// keyed by the method it names as sent. Every router, check and report reads
// the list from here, so an operation is found the same way everywhere.
import type { OpenAPIV3 } from 'openapi-types';
import { pointerTo } from './pointer.js';

/** A path item's own method keys, in the order OpenAPI lists them. `query` is OpenAPI 3.2's. */
export const FIXED_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace', 'query'] as const;

export interface DocumentOperation {
  /** The operationId as written; else `METHOD /path`, which names no other (an operationId holds no space by habit). */
  operationId: string;
  /** Upper case, as on the wire (additionalOperations name theirs as sent). */
  method: string;
  /** The path template as the document keys it. */
  path: string;
  /** Where the operation is written, e.g. #/paths/~1chatbots/post. */
  pointer: string;
  operation: OpenAPIV3.OperationObject;
  pathItem: OpenAPIV3.PathItemObject;
}

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Every operation of the document's paths, fixed methods first, then each path item's additionalOperations. */
export function documentOperations(document: { paths?: unknown }): DocumentOperation[] {
  const found: DocumentOperation[] = [];
  if (!isNode(document.paths)) return found;
  for (const [path, item] of Object.entries(document.paths)) {
    if (!isNode(item)) continue;
    const pathItem = item as OpenAPIV3.PathItemObject;
    for (const method of FIXED_METHODS) {
      const operation = item[method];
      if (isNode(operation)) found.push(described(method, path, pointerTo('paths', path, method), operation, pathItem));
    }
    const additional = item.additionalOperations;
    if (!isNode(additional)) continue;
    for (const [method, operation] of Object.entries(additional)) {
      if (isNode(operation))
        found.push(
          described(method, path, pointerTo('paths', path, 'additionalOperations', method), operation, pathItem),
        );
    }
  }
  return found;
}

function described(
  method: string,
  path: string,
  pointer: string,
  operation: Node,
  pathItem: OpenAPIV3.PathItemObject,
): DocumentOperation {
  const upper = method.toUpperCase();
  const written = operation.operationId;
  return {
    operationId: typeof written === 'string' ? written : `${upper} ${path}`,
    method: upper,
    path,
    pointer,
    operation: operation as OpenAPIV3.OperationObject,
    pathItem,
  };
}

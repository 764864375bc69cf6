// The schemas an answer of an operation is checked by (src/contract/check.ts): each documented response's header
// schemas and body schemas, at the pointers the checker asks for once references are followed. The MSW package
// compiles their validators ahead of time (src/contract/standalone.ts), so that an override can be checked there.
import type { OpenAPIV3 } from 'openapi-types';
import type { OpenApiDocument } from './contract.js';
import { documentOperations } from './operations.js';
import { escapePointer, followRefs } from './pointer.js';

export function responseSchemaPointers(document: OpenApiDocument): string[] {
  const pointers = new Set<string>();
  for (const { operation, pointer } of documentOperations(document)) {
    for (const status of Object.keys(operation.responses ?? {})) {
      const at = followRefs(document, `${pointer}/responses/${escapePointer(status)}`);
      const response = at.value as OpenAPIV3.ResponseObject;
      for (const name of Object.keys(response.headers ?? {})) {
        const header = followRefs(document, `${at.pointer}/headers/${escapePointer(name)}`);
        if ((header.value as OpenAPIV3.HeaderObject).schema) pointers.add(`${header.pointer}/schema`);
      }
      for (const [mediaType, media] of Object.entries(response.content ?? {})) {
        const where = `${at.pointer}/content/${escapePointer(mediaType)}`;
        // A schema of the whole body, or (OpenAPI 3.2) of each item of a streamed one (sequential.ts).
        if ((media as { schema?: unknown }).schema !== undefined) pointers.add(`${where}/schema`);
        if ((media as { itemSchema?: unknown }).itemSchema !== undefined) pointers.add(`${where}/itemSchema`);
      }
    }
  }
  return [...pointers];
}

// The schemas an answer of an operation is checked by (src/contract/check.ts): each documented response's header
// schemas and body schemas, at the pointers the checker asks for once references are followed. The MSW package
// compiles their validators ahead of time (src/contract/standalone.ts), so that an override can be checked there.
import type { OpenAPIV3 } from 'openapi-types';
import type { OpenApiDocument } from './contract.js';
import { escapePointer, followRefs } from './pointer.js';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

export function responseSchemaPointers(document: OpenApiDocument): string[] {
  const pointers = new Set<string>();
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = (item as Record<string, OpenAPIV3.OperationObject | undefined>)[method];
      for (const status of Object.keys(operation?.responses ?? {})) {
        const at = followRefs(document, `#/paths/${escapePointer(path)}/${method}/responses/${status}`);
        const response = at.value as OpenAPIV3.ResponseObject;
        for (const name of Object.keys(response.headers ?? {})) {
          const header = followRefs(document, `${at.pointer}/headers/${escapePointer(name)}`);
          if ((header.value as OpenAPIV3.HeaderObject).schema) pointers.add(`${header.pointer}/schema`);
        }
        for (const mediaType of Object.keys(response.content ?? {}))
          pointers.add(`${at.pointer}/content/${escapePointer(mediaType)}/schema`);
      }
    }
  }
  return [...pointers];
}

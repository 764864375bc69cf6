// The example answer the contract documents for an operation and a status: the body its media type gives (the single
// example, else the first named one, else one composed from the schema, as Prism does) and a value for each header
// that gives an example or is required. Prefer: code=NNN, an override without a body and an operation with no
// handler answer with it.
import type { OpenAPIV3 } from 'openapi-types';
import { composedExample, schemaExample } from './composedExample.js';
import type { Contract } from './contract.js';
import { dereferenced } from './pointer.js';
import type { ContractOperation } from './router.js';

export interface ExampleAnswer {
  status: number;
  body: unknown;
  headers: Record<string, string>;
}

export function exampleAnswer(
  contract: Contract,
  operation: ContractOperation | undefined,
  status: number,
): ExampleAnswer | undefined {
  const documented = contract.responseFor(operation, status);
  if (!documented) return undefined;
  const { document } = contract;
  const { response } = documented;
  const media = Object.values(response.content ?? {})[0];
  const named = dereferenced<OpenAPIV3.ExampleObject>(document, Object.values(media?.examples ?? {})[0]);
  // No example at all: one composed from the schema's own examples.
  const body =
    media?.example ??
    named?.value ??
    (media?.schema ? composedExample(media.schema as OpenAPIV3.SchemaObject, document) : null);
  return { status, body, headers: exampleHeaders(document, response) };
}

/** A value for each header of a response that gives an example, or that is required (composed from its schema). */
export function exampleHeaders(document: unknown, response: OpenAPIV3.ResponseObject): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, written] of Object.entries(response.headers ?? {})) {
    const header = dereferenced<OpenAPIV3.HeaderObject>(document, written);
    if (!header) continue;
    const schema = dereferenced<OpenAPIV3.SchemaObject>(document, header.schema);
    const named = dereferenced<OpenAPIV3.ExampleObject>(document, Object.values(header.examples ?? {})[0]);
    const example = header.example ?? named?.value ?? schemaExample(schema);
    if (example !== undefined) headers[name] = headerText(example);
    else if (header.required && schema) headers[name] = headerText(composedExample(schema, document));
  }
  return headers;
}

const headerText = (value: unknown) =>
  typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);

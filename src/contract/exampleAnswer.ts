// The example answer the contract documents for an operation and a status: the body its media type gives (the single
// example, else the first named one, else one composed from the schema, as Prism does) and a value for each header
// that gives an example or is required. Prefer: code=NNN, an override without a body and an operation with no handler
// answer with it. A request body's example is read the same way (the banner's Try lines, verify's lifecycles).
import type { OpenAPIV3 } from 'openapi-types';
import { ComposedTooLarge, composedExample, schemaExample } from './composedExample.js';
import { operationObject, type Contract } from './contract.js';
import type { CheckBudget } from './checkBudget.js';
import type { ExampleCheck } from './exampleCheck.js';
import { headerText } from './headerValue.js';
import { dereferenced, escapePointer } from './pointer.js';
import type { ContractOperation } from './router.js';
import { ItemReader, streamedAs, type SequentialMediaType } from './sequential.js';

/** OpenAPI 3.2's Example Object: the value as data (`dataValue`), or as sent (`serializedValue`). */
type ExampleObject = OpenAPIV3.ExampleObject & { dataValue?: unknown; serializedValue?: unknown };

export interface ExampleAnswer {
  status: number;
  body: unknown;
  headers: Record<string, string>;
  /** OpenAPI 3.2: a streamed answer (a sequential media type with an itemSchema), its items, each checked by it. */
  stream?: { kind: SequentialMediaType; mediaType: string; items: unknown[]; itemSchema: string };
}

/** The request body's example for a media type: the single example, else the first named one, else one composed. */
export function exampleRequestBody(contract: Contract, operation: ContractOperation, mediaType: string): unknown {
  const { document } = contract;
  const body = dereferenced<OpenAPIV3.RequestBodyObject>(document, operationObject(contract, operation).requestBody);
  const media = body?.content[mediaType];
  const named = dereferenced<ExampleObject>(document, Object.values(media?.examples ?? {})[0]);
  return (
    media?.example ??
    named?.dataValue ??
    named?.value ??
    (media?.schema ? composedExample(media.schema as OpenAPIV3.SchemaObject, document) : {})
  );
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
  const [mediaType, media] = Object.entries(response.content ?? {})[0] ?? [];
  const named = dereferenced<ExampleObject>(document, Object.values(media?.examples ?? {})[0]);
  const kind = mediaType === undefined ? undefined : streamedAs(mediaType, media);
  if (kind && mediaType && media) {
    const itemsSchema = (media as { itemSchema: OpenAPIV3.SchemaObject }).itemSchema;
    const items = streamExample(kind, media.example, named, itemsSchema, document);
    const itemSchema = `${documented.pointer}/content/${escapePointer(mediaType)}/itemSchema`;
    const stream = { kind, mediaType, items, itemSchema };
    return { status, body: undefined, headers: exampleHeaders(document, response), stream };
  }
  // No example at all: one composed from the schema's own examples.
  const body =
    media?.example ??
    named?.dataValue ??
    named?.value ??
    (media?.schema ? composedExample(media.schema as OpenAPIV3.SchemaObject, document) : null);
  return { status, body, headers: exampleHeaders(document, response) };
}

/**
 * The check of a body the contract made (its example, or one Prism made from it) against the JSON schema of its
 * status, as the router's validator reads it, its patterns on the bounded automaton (exampleCheck.ts), spending from
 * a budget where one is given; none without one.
 */
export function checkExampleBody(
  contract: Contract,
  operation: ContractOperation,
  status: number,
  body: unknown,
  budget?: CheckBudget,
): ExampleCheck | undefined {
  const documented = contract.responseFor(operation, status);
  if (!documented?.response.content?.['application/json']?.schema) return undefined;
  return contract.exampleValidator(`${documented.pointer}/content/application~1json/schema`)(body, budget);
}

/** The most characters a header's value composed from its schema may take: Node's clients read 16 KiB of headers. */
export const HEADER_CHARACTERS = 8_192;

/**
 * A value for each header of a response that gives an example, or that is required (composed from its schema; one
 * that would pass HEADER_CHARACTERS throws ComposedTooLarge, naming the header), written as the wire carries it
 * (headerValue.ts).
 */
export function exampleHeaders(document: unknown, response: OpenAPIV3.ResponseObject): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, written] of Object.entries(response.headers ?? {})) {
    const header = dereferenced<OpenAPIV3.HeaderObject>(document, written);
    if (!header) continue;
    const schema = dereferenced<OpenAPIV3.SchemaObject>(document, header.schema);
    const named = dereferenced<OpenAPIV3.ExampleObject>(document, Object.values(header.examples ?? {})[0]);
    const example = header.example ?? named?.value ?? schemaExample(schema);
    const text =
      example !== undefined
        ? headerText(example, header.explode)
        : header.required && schema
          ? composedHeader(name, schema, document, header.explode)
          : undefined;
    if (text !== undefined) headers[name] = text;
  }
  return headers;
}

function composedHeader(
  name: string,
  schema: OpenAPIV3.SchemaObject,
  document: unknown,
  explode: boolean | undefined,
): string | undefined {
  try {
    return headerText(composedExample(schema, document, HEADER_CHARACTERS), explode);
  } catch (error) {
    if (!(error instanceof ComposedTooLarge)) throw error;
    throw new ComposedTooLarge(error.limit, `the value of header ${name} composed from its schema`);
  }
}

/**
 * The items of a streamed example: a `serializedValue` read as the stream it is, a value that is a list (the stream
 * as OpenAPI 3.2 models it, an array of its items), another value as the one item; else one composed from the
 * itemSchema.
 */
function streamExample(
  kind: SequentialMediaType,
  written: unknown,
  named: ExampleObject | undefined,
  itemSchema: OpenAPIV3.SchemaObject,
  document: unknown,
): unknown[] {
  if (written === undefined && typeof named?.serializedValue === 'string') {
    const reader = new ItemReader(kind);
    return [...reader.push(named.serializedValue), ...reader.end()].map((item) =>
      'value' in item ? item.value : item.unreadable,
    );
  }
  const value = written ?? named?.dataValue ?? named?.value;
  if (Array.isArray(value)) return value;
  if (value !== undefined) return [value];
  return [composedExample(itemSchema, document)];
}

// Checks an answer of an admin API against its own contract (admin/openapi.yaml
// for serve and mock, admin/proxy.openapi.yaml for the proxy): the status is
// documented for the operation, the body fits the schema of its media type,
// and a problem is the documented one (its type, title and status).
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import type { OpenAPIV3 } from 'openapi-types';
import { expect } from 'vitest';
import { proxyAdminContract } from '../../src/http/admin/adminContract.js';

const ajv = addFormats.default(new Ajv({ strict: false, allErrors: true }));
const named = new Map<OpenAPIV3.Document, string>();

/** Fails the test unless `document` lists this answer of `method template`, and its body fits. */
export function expectDocumentedAnswer(
  document: OpenAPIV3.Document,
  method: string,
  template: string,
  answer: { status: number; type: string; body: unknown },
): void {
  const where = `${method} ${template} ${answer.status}`;
  const operations = document.paths[template] as Record<string, OpenAPIV3.OperationObject> | undefined;
  const operation = operations?.[method.toLowerCase()];
  expect(operation, `${method} ${template} is not in ${document.info.title}`).toBeDefined();
  const listed = operation?.responses[String(answer.status)];
  expect(listed, `${where} is not documented: ${JSON.stringify(answer.body)}`).toBeDefined();
  // A response is written in place, or named under components.responses.
  const operationPointer = `#/paths/${template.replace(/~/g, '~0').replace(/\//g, '~1')}/${method.toLowerCase()}`;
  const pointer = listed && '$ref' in listed ? listed.$ref : `${operationPointer}/responses/${answer.status}`;
  const response = resolve(document, listed);
  if (!response?.content) return expect(answer.body, `${where} has no body`).toBeUndefined();
  const mediaType = answer.type.replace(/;.*$/s, '').trim();
  expect(Object.keys(response.content), `${where} answered ${mediaType}`).toContain(mediaType);
  const schema = `${nameOf(document)}${pointer}/content/${mediaType.replace(/\//g, '~1')}/schema`;
  const validate = ajv.getSchema(schema) ?? ajv.compile({ $ref: schema });
  expect(validate(answer.body), `${where}: ${JSON.stringify(validate.errors)}`).toBe(true);
  const problem = response.content[mediaType]?.example as Record<string, unknown> | undefined;
  if (mediaType === 'application/problem+json' && problem)
    expect(answer.body).toMatchObject({ type: problem.type, title: problem.title, status: answer.status });
}

/** The answer's status, headers and parsed body, once it is checked against `document` at `method template`. */
export async function documentedAnswer(
  document: OpenAPIV3.Document,
  method: string,
  template: string,
  response: Response,
): Promise<{ status: number; headers: Headers; body: Record<string, unknown> | undefined }> {
  const text = await response.text();
  const body = text ? (JSON.parse(text) as Record<string, unknown>) : undefined;
  const type = response.headers.get('content-type') ?? '';
  expectDocumentedAnswer(document, method, template, { status: response.status, type, body });
  return { status: response.status, headers: response.headers, body };
}

/** The proxy's `/__admin/violations`, at the origin of the proxy serving `url`, checked against its admin contract. */
export async function proxyViolations(url: string): ReturnType<typeof documentedAnswer> {
  const response = await fetch(`${new URL(url).origin}/__admin/violations`);
  return documentedAnswer(proxyAdminContract().document, 'GET', '/violations', response);
}

/**
 * Fails the test unless the answer is the problem `name` of the document's components.responses: one the server
 * answers outside any operation (the proxy's own refusals), its body fitting the schema, its kind the example's.
 */
export function expectDocumentedProblem(
  document: OpenAPIV3.Document,
  name: string,
  answer: { status: number; type: string; body: unknown },
): void {
  const response = document.components?.responses?.[name] as OpenAPIV3.ResponseObject | undefined;
  const content = response?.content?.['application/problem+json'];
  expect(content, `${document.info.title} documents no problem response ${name}`).toBeDefined();
  expect(answer.type.replace(/;.*$/s, '').trim()).toBe('application/problem+json');
  const validate = ajv.compile({
    $ref: `${nameOf(document)}#/components/responses/${name}/content/application~1problem+json/schema`,
  });
  expect(validate(answer.body), `${name}: ${JSON.stringify(validate.errors)}`).toBe(true);
  const example = content?.example as Record<string, unknown> | undefined;
  expect(answer.body).toMatchObject({ type: example?.type, title: example?.title, status: answer.status });
  expect(answer.status).toBe(example?.status);
}

/** The problem a document's components.responses names, as the admin API sends it. */
export function documentedProblemType(document: OpenAPIV3.Document, name: string): unknown {
  const response = document.components?.responses?.[name] as OpenAPIV3.ResponseObject | undefined;
  return (response?.content?.['application/problem+json']?.example as { type?: string } | undefined)?.type;
}

function resolve(
  document: OpenAPIV3.Document,
  response: OpenAPIV3.ResponseObject | OpenAPIV3.ReferenceObject | undefined,
): OpenAPIV3.ResponseObject | undefined {
  if (!response || !('$ref' in response)) return response;
  const name = response.$ref.replace('#/components/responses/', '');
  return document.components?.responses?.[name] as OpenAPIV3.ResponseObject | undefined;
}

function nameOf(document: OpenAPIV3.Document): string {
  let name = named.get(document);
  if (!name) {
    name = `document-${named.size}`;
    ajv.addSchema(document, name);
    named.set(document, name);
  }
  return name;
}

// Checks an answer of an admin API against its own OpenAPI document (serve's and
// mock's adminSpec, the proxy's proxySpec): the status is documented for the
// operation, a problem is the documented one (its type, title and status, as
// application/problem+json), and a JSON body validates against its schema.
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import type { OpenAPIV3 } from 'openapi-types';
import { expect } from 'vitest';

const ajv = addFormats.default(new Ajv({ strict: false, allErrors: true }));
const named = new Map<OpenAPIV3.Document, string>();

/** The answer's status, headers and parsed body, once it is checked against `document` at `method template`. */
export async function documentedAnswer(
  document: OpenAPIV3.Document,
  method: string,
  template: string,
  response: Response,
): Promise<{ status: number; headers: Headers; body: Record<string, unknown> | undefined }> {
  const text = await response.text();
  const body = text ? (JSON.parse(text) as Record<string, unknown>) : undefined;
  const operation = (document.paths[template] as Record<string, OpenAPIV3.OperationObject> | undefined)?.[
    method.toLowerCase()
  ];
  expect(operation, `${method} ${template} is not in ${document.info.title}`).toBeDefined();
  const listed = operation?.responses[String(response.status)];
  expect(listed, `${method} ${template} answered ${response.status}, undocumented: ${text}`).toBeDefined();
  const documented = resolve(document, listed);
  const problem = documented?.content?.['application/problem+json']?.example as Record<string, unknown> | undefined;
  if (problem) {
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(body).toMatchObject({ type: problem.type, title: problem.title, status: response.status });
  } else if (documented?.content?.['application/json']) {
    const pointer = `#/paths/${template.replace(/\//g, '~1')}/${method.toLowerCase()}/responses/${response.status}`;
    const validate = ajv.compile({ $ref: `${nameOf(document)}${pointer}/content/application~1json/schema` });
    expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
  }
  return { status: response.status, headers: response.headers, body };
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

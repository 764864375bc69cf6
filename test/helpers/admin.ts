// Calls a server's admin API, and checks each answer's status and body against
// admin/openapi.yaml: JSON answers and problems alike.
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import type { OpenAPIV3 } from 'openapi-types';
import { expect } from 'vitest';
import { adminContract } from '../../src/http/admin/adminContract.js';

const document = adminContract().document;
const ajv = addFormats.default(new Ajv({ strict: false, allErrors: true }));
ajv.addSchema(document, 'admin');

/** Fails the test unless the operation documents this status, and the body fits the schema of its media type. */
export function expectAdminAnswer(method: string, template: string, status: number, type: string, body: unknown) {
  const operations = document.paths[template] as Record<string, OpenAPIV3.OperationObject> | undefined;
  const operation = operations?.[method.toLowerCase()];
  expect(operation, `${method} ${template} is not in admin/openapi.yaml`).toBeDefined();
  const written = operation?.responses[String(status)];
  expect(
    written,
    `${method} ${template} answered ${status}, which it does not document: ${JSON.stringify(body)}`,
  ).toBeDefined();
  // A response is written in place, or named under components.responses.
  const pointer =
    written && '$ref' in written
      ? written.$ref
      : `#/paths/${template.replace(/~/g, '~0').replace(/\//g, '~1')}/${method.toLowerCase()}/responses/${status}`;
  const response = (
    written && '$ref' in written ? document.components?.responses?.[written.$ref.split('/').pop()!] : written
  ) as OpenAPIV3.ResponseObject;
  const mediaType = type.replace(/;.*$/s, '').trim();
  if (!response.content) return expect(body, `${method} ${template} ${status} has no body`).toBeUndefined();
  expect(Object.keys(response.content), `${method} ${template} ${status} answered ${mediaType}`).toContain(mediaType);
  const schema = `admin${pointer}/content/${mediaType.replace(/\//g, '~1')}/schema`;
  const validate = ajv.getSchema(schema) ?? ajv.compile({ $ref: schema });
  expect(validate(body), `${method} ${template} ${status}: ${JSON.stringify(validate.errors)}`).toBe(true);
}

/** `url`: any URL of the server. `template`: the documented path, when `path` fills one in. */
export function adminCaller(url: () => string) {
  return async (method: string, path: string, body?: unknown, template = path.replace(/\?.*$/, '')) => {
    const response = await fetch(`${new URL(url()).origin}/__admin${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
    const text = await response.text();
    const json = text ? (JSON.parse(text) as Record<string, unknown>) : undefined;
    expectAdminAnswer(method, template, response.status, response.headers.get('content-type') ?? '', json);
    return { status: response.status, body: json, headers: response.headers };
  };
}

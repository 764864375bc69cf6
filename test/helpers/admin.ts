// Calls a server's admin API, and checks each answer's status and JSON body against the admin API's document.
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import type { OpenAPIV3 } from 'openapi-types';
import { expect } from 'vitest';
import { adminSpec } from '../../src/http/admin/spec.js';

const ajv = addFormats.default(new Ajv({ strict: false, allErrors: true }));
ajv.addSchema(adminSpec, 'admin');

/** `url`: any URL of the server. `template`: the documented path, when `path` fills one in. */
export function adminCaller(url: () => string) {
  return async (method: string, path: string, body?: unknown, template = path.replace(/\?.*$/, '')) => {
    const response = await fetch(`${new URL(url()).origin}/__admin${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
    const text = await response.text();
    const operations = adminSpec.paths[template] as Record<string, OpenAPIV3.OperationObject> | undefined;
    const operation = operations?.[method.toLowerCase()];
    expect(operation, `${method} ${template} is not in the admin API's document`).toBeDefined();
    const responses = operation?.responses ?? {};
    expect(Object.keys(responses), `${method} ${path} answered ${response.status}: ${text}`).toContain(
      String(response.status),
    );
    const json = text ? (JSON.parse(text) as Record<string, unknown>) : undefined;
    const documented = responses[String(response.status)] as OpenAPIV3.ResponseObject | undefined;
    if (documented && '$ref' in documented === false && documented.content?.['application/json']) {
      const pointer = `#/paths/${template.replace(/\//g, '~1')}/${method.toLowerCase()}/responses/${response.status}`;
      const validate = ajv.compile({ $ref: `admin${pointer}/content/application~1json/schema` });
      expect(validate(json), JSON.stringify(validate.errors)).toBe(true);
    }
    return { status: response.status, body: json, headers: response.headers };
  };
}

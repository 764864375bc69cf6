// Checks an HTTP answer against the contract: the status must be documented for
// the request, the content type must be one listed for that status, the body
// must validate against its schema, and required headers must be there. The
// tests and `verify` both rely on it.
import type { OpenAPIV3 } from 'openapi-types';
import type { Contract } from './contract.js';
import { escapePointer } from './pointer.js';

export interface ObservedResponse {
  method: string;
  /** The request path below the base URL, e.g. /chatbots. */
  path: string;
  /** True when the request was a CORS preflight, which the contract leaves to CORS. */
  preflight?: boolean;
  status: number;
  headers: Headers;
  text: string;
}

/** The problems found; an empty list means the answer honours the contract. */
export function contractViolations(contract: Contract, response: ObservedResponse): string[] {
  const { method, path, status, headers, text } = response;
  if (response.preflight) {
    return status === 204 && text === '' ? [] : [`a CORS preflight should answer 204 with no body, not ${status}`];
  }
  const match = contract.router.match(method, path);
  const operation = match.kind === 'operation' ? match.operation : undefined;
  if (!operation) {
    // No operation matched: the contract names the answer under x-unmatched-request-responses.
    const expected = match.kind === 'method-not-allowed' ? 405 : 404;
    if (status !== expected) return [`${method} ${path}: expected ${expected} for a request no operation matches, got ${status}`];
  }
  const documented = contract.responseFor(operation, status);
  if (!documented) return [`${method} ${path}: status ${status} is not documented`];
  const { pointer, response: definition } = documented;
  const problems: string[] = [];

  for (const [name, header] of Object.entries(definition.headers ?? {})) {
    if ((header as OpenAPIV3.HeaderObject).required && !headers.has(name)) {
      problems.push(`${status}: required header ${name} is missing`);
    }
  }
  // A HEAD answer has the headers of the GET it stands for, and never a body.
  if (method.toUpperCase() === 'HEAD') return problems;
  const mediaType = headers.get('content-type')?.split(';')[0]?.trim() ?? '';
  if (!definition.content) {
    if (text !== '') problems.push(`${status}: the contract documents no body, but one was sent`);
    return problems;
  }
  if (!(mediaType in definition.content)) {
    return [...problems, `${status}: content type "${mediaType}" is not one of ${Object.keys(definition.content).join(', ')}`];
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return [...problems, `${status}: the body is not JSON: ${text.slice(0, 200)}`];
  }
  const validate = contract.schemaValidator(`${pointer}/content/${escapePointer(mediaType)}/schema`);
  if (!validate(body)) {
    for (const error of validate.errors ?? []) {
      problems.push(`${status}: body${error.instancePath} ${error.message} (${JSON.stringify(error.params)})`);
    }
  }
  return problems;
}

/** Throws with every violation listed, for use in tests. */
export function assertHonoursContract(contract: Contract, response: ObservedResponse): void {
  const problems = contractViolations(contract, response);
  if (problems.length > 0) {
    throw new Error(`${response.method} ${response.path} breaks openapi.yaml:\n  ${problems.join('\n  ')}`);
  }
}

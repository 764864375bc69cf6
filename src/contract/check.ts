// Checks an HTTP answer against the contract: the status must be documented for
// the request, the content type must be one listed for that status, the body
// (of a JSON type) must validate against its schema, and the documented headers must be there
// with values their schemas allow. The tests, `verify` and `proxy` rely on it.
// An answer the contract itself made (an override's example) is checked with
// its patterns on the bounded automaton, never the platform's RegExp
// (exampleCheck.ts).
import type { ErrorObject } from 'ajv';
import type { OpenAPIV3 } from 'openapi-types';
import type { Contract } from './contract.js';
import { ANSWER_TOO_DEEP, MAX_ANSWER_DEPTH, textDeeperThan } from './jsonDepth.js';
import { isJsonMediaName } from './resourceSchemas.js';
import { groupedByItem } from './schemaErrors.js';
import { streamCheckOf } from './streamCheck.js';
import type { ObservedResponse, Violation } from './violation.js';
import { escapePointer, followRefs, resolvePointer } from './pointer.js';
import { headerData } from './headerValue.js';

export type { ObservedResponse, Violation, ViolationKind } from './violation.js';

/**
 * Every way the answer breaks the contract; an empty list means it honours it. `made`: the contract made its body and
 * headers (an example), which are checked as exampleCheck.ts checks them.
 */
export function responseViolations(contract: Contract, response: ObservedResponse, made = false): Violation[] {
  const { method, path, status, headers, text } = response;
  if (response.preflight) {
    return status === 204 && text === ''
      ? []
      : [
          {
            kind: 'status',
            message: `a CORS preflight should answer 204 with no body, not ${status}`,
            pointer: '#/info/description',
          },
        ];
  }
  const match = contract.router.match(method, path);
  const operation = match.kind === 'operation' ? match.operation : undefined;
  if (!operation) {
    // No operation matched: the contract names the answer under x-unmatched-request-responses.
    const expected = match.kind === 'method-not-allowed' ? 405 : 404;
    if (status !== expected) {
      const message = `${method} ${path}: expected ${expected} for a request no operation matches, got ${status}`;
      const unlisted = expected === 405 ? 'a method its path does not list' : 'a path the contract does not list';
      const cause = `${method.toUpperCase()} to ${unlisted}: the answer is not ${expected}`;
      return [{ kind: 'status', message, pointer: `#/x-unmatched-request-responses/${expected}`, cause }];
    }
  }
  const documented = contract.responseFor(operation, status);
  if (!documented) {
    const pointer = operation ? `${operation.pointer}/responses` : '#/x-unmatched-request-responses';
    const message = `${method} ${path}: status ${status} is not documented`;
    return [{ kind: 'status', message, pointer, cause: 'a status that is not documented' }];
  }
  const { pointer, response: definition } = documented;
  const problems = headerViolations(contract, pointer, definition, status, headers, made);
  // A HEAD answer has the headers of the GET it stands for, and never a body.
  if (method.toUpperCase() === 'HEAD') return problems;
  const mediaType = headers.get('content-type')?.split(';')[0]?.trim() ?? '';
  if (!definition.content) {
    if (text !== '')
      problems.push({
        kind: 'content-type',
        message: `${status}: the contract documents no body, but one was sent`,
        pointer,
      });
    return problems;
  }
  if (!(mediaType in definition.content)) {
    const listed = Object.keys(definition.content).join(', ');
    return [
      ...problems,
      {
        kind: 'content-type',
        message: `${status}: content type "${mediaType}" is not one of ${listed}`,
        pointer: `${pointer}/content`,
      },
    ];
  }
  const stream = streamCheckOf(contract, documented, mediaType, status);
  if (stream) return [...problems, ...stream.push(text), ...stream.end()];
  // A body of another media type (an image, a text) is its own bytes, not JSON: its type is what is checked.
  if (!isJsonMediaName(mediaType)) return problems;
  const schemaPointer = `${pointer}/content/${escapePointer(mediaType)}/schema`;
  // Its validator would recurse once a level: past the bound, the body is not checked.
  if (textDeeperThan(text, MAX_ANSWER_DEPTH)) {
    const message = `${status}: the body ${ANSWER_TOO_DEEP}: it was not checked`;
    return [...problems, { kind: 'depth', message, pointer: schemaPointer, cause: 'a body nested too deep' }];
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return [
      ...problems,
      {
        kind: 'content-type',
        message: `${status}: the body is not JSON: ${text.slice(0, 200)}`,
        pointer: schemaPointer,
        cause: 'a body that is not JSON',
      },
    ];
  }
  const errors = schemaErrors(contract, schemaPointer, body, made);
  if (errors.length > 0) {
    for (const [what, count] of groupedByItem(errors)) {
      problems.push({
        kind: 'schema',
        message: `${status}: ${what}${count > 1 ? ` (in ${count} items)` : ''}`,
        pointer: schemaPointer,
      });
    }
  }
  return problems;
}

function headerViolations(
  contract: Contract,
  pointer: string,
  definition: OpenAPIV3.ResponseObject,
  status: number,
  headers: Headers,
  made: boolean,
): Violation[] {
  const problems: Violation[] = [];
  for (const name of Object.keys(definition.headers ?? {})) {
    const at = followRefs(contract.document, `${pointer}/headers/${escapePointer(name)}`);
    const header = at.value as OpenAPIV3.HeaderObject;
    const value = headers.get(name);
    if (value === null) {
      if (header.required)
        problems.push({
          kind: 'headers',
          message: `${status}: required header ${name} is missing`,
          pointer: at.pointer,
        });
      continue;
    }
    if (!header.schema) continue;
    // The text is checked as the value it stands for, read as the contract's style for headers writes it.
    const resolved = resolvePointer(contract.dereferenced, at.pointer) as OpenAPIV3.HeaderObject | undefined;
    const schema = resolved?.schema as OpenAPIV3.SchemaObject | undefined;
    const data = headerData(value, schema, resolved?.explode ?? false);
    const errors = schemaErrors(contract, `${at.pointer}/schema`, data, made);
    if (errors.length > 0) {
      const why = errors.map((error) => error.message).join('; ');
      problems.push({
        kind: 'headers',
        message: `${status}: header ${name} "${value}" ${why}`,
        pointer: `${at.pointer}/schema`,
      });
    }
  }
  return problems;
}

/** The errors of a value against the schema at a pointer: none when it fits. */
function schemaErrors(contract: Contract, pointer: string, value: unknown, made: boolean): readonly ErrorObject[] {
  if (made) return contract.exampleValidator(pointer)(value).errors;
  const validate = contract.schemaValidator(pointer);
  return validate(value) ? [] : (validate.errors ?? []);
}

/** The problems found, as sentences; an empty list means the answer honours the contract. */
export function contractViolations(contract: Contract, response: ObservedResponse): string[] {
  return responseViolations(contract, response).map((violation) => violation.message);
}

/** Throws with every violation listed, for use in tests. */
export function assertHonoursContract(contract: Contract, response: ObservedResponse): void {
  const problems = contractViolations(contract, response);
  if (problems.length > 0) {
    throw new Error(`${response.method} ${response.path} breaks openapi.yaml:\n  ${problems.join('\n  ')}`);
  }
}

// Checks an HTTP answer against the contract: the status must be documented for
// the request, the content type must be one listed for that status, the body
// must validate against its schema, and the documented headers must be there
// with values their schemas allow. The tests, `verify` and `proxy` rely on it.
import type { ErrorObject } from 'ajv';
import type { OpenAPIV3 } from 'openapi-types';
import type { Contract } from './contract.js';
import { ItemReader, sequentialKind, type ReadItem, type SequentialMediaType } from './sequential.js';
import { escapePointer, followRefs } from './pointer.js';

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

/** The part of the contract an answer breaks, as `verify` names them. */
export type ViolationKind = 'status' | 'content-type' | 'headers' | 'schema';

export interface Violation {
  kind: ViolationKind;
  message: string;
  /** Where openapi.yaml says what was expected, e.g. #/components/responses/Unauthorized/headers/WWW-Authenticate. */
  pointer: string;
}

/** Every way the answer breaks the contract; an empty list means it honours it. */
export function responseViolations(contract: Contract, response: ObservedResponse): Violation[] {
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
      return [{ kind: 'status', message, pointer: `#/x-unmatched-request-responses/${expected}` }];
    }
  }
  const documented = contract.responseFor(operation, status);
  if (!documented) {
    const pointer = operation ? `${operation.pointer}/responses` : '#/x-unmatched-request-responses';
    return [{ kind: 'status', message: `${method} ${path}: status ${status} is not documented`, pointer }];
  }
  const { pointer, response: definition } = documented;
  const problems = headerViolations(contract, pointer, definition, status, headers);
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
  const media = definition.content[mediaType] as { itemSchema?: unknown };
  const kind = sequentialKind(mediaType);
  if (kind && media.itemSchema !== undefined) {
    const reader = new StreamCheck(contract, `${pointer}/content/${escapePointer(mediaType)}`, kind, status);
    return [...problems, ...reader.push(text), ...reader.end()];
  }
  const schemaPointer = `${pointer}/content/${escapePointer(mediaType)}/schema`;
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
      },
    ];
  }
  const validate = contract.schemaValidator(schemaPointer);
  if (!validate(body)) {
    for (const [what, count] of groupedByItem(validate.errors ?? [])) {
      problems.push({
        kind: 'schema',
        message: `${status}: ${what}${count > 1 ? ` (in ${count} items)` : ''}`,
        pointer: schemaPointer,
      });
    }
  }
  return problems;
}

// Each schema error once, with the number of places it occurs: the same error in many
// items of a list (163 chatbots whose created_at lacks milliseconds) is one message,
// with the item's index as a star (body/data/*/created_at), rather than one per item.
function groupedByItem(errors: readonly ErrorObject[]): Map<string, number> {
  // Keyed by the path with every index starred, then the error; each with the real paths it was found at.
  const places = new Map<string, Set<string>>();
  for (const error of errors) {
    const place = error.instancePath.replace(/\/\d+(?=\/|$)/g, '/*');
    const what = `${place} ${error.message} (${JSON.stringify(error.params)})`;
    const seen = places.get(what) ?? new Set<string>();
    places.set(what, seen.add(error.instancePath));
  }
  return new Map(
    [...places].map(([what, paths]): [string, number] =>
      // An error at one place only keeps its real path.
      paths.size === 1 ? [`body${[...paths][0]}${what.slice(what.indexOf(' '))}`, 1] : [`body${what}`, paths.size],
    ),
  );
}

function headerViolations(
  contract: Contract,
  pointer: string,
  definition: OpenAPIV3.ResponseObject,
  status: number,
  headers: Headers,
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
    const validate = contract.schemaValidator(`${at.pointer}/schema`);
    if (!validate(value)) {
      const why = validate.errors?.map((error) => error.message).join('; ');
      problems.push({
        kind: 'headers',
        message: `${status}: header ${name} "${value}" ${why}`,
        pointer: `${at.pointer}/schema`,
      });
    }
  }
  return problems;
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

/** An item of a stream as it came, and how it breaks the contract (nothing when it honours it). */
export interface CheckedItem {
  text: string;
  violations: Violation[];
}

/** The check of each item of a streamed answer, when the contract documents its status and media type as one. */
export function streamCheckFor(
  contract: Contract,
  answer: Pick<ObservedResponse, 'method' | 'path' | 'status' | 'headers'>,
): StreamCheck | undefined {
  const match = contract.router.match(answer.method, answer.path);
  if (match.kind !== 'operation') return undefined;
  const documented = contract.responseFor(match.operation, answer.status);
  const mediaType = answer.headers.get('content-type')?.split(';')[0]?.trim() ?? '';
  const kind = sequentialKind(mediaType);
  const media = documented?.response.content?.[mediaType] as { itemSchema?: unknown } | undefined;
  if (!documented || !kind || media?.itemSchema === undefined) return undefined;
  return new StreamCheck(contract, `${documented.pointer}/content/${escapePointer(mediaType)}`, kind, answer.status);
}

/**
 * A streamed answer (OpenAPI 3.2's sequential media types) checked item by item as its text arrives, each against the
 * media type's itemSchema: what `proxy` runs on an answer it passes on, and `verify` on one it reads.
 */
export class StreamCheck {
  private readonly reader: ItemReader;
  private readonly itemSchema: string;
  private count = 0;

  constructor(
    private readonly contract: Contract,
    /** The media type's pointer, e.g. #/paths/~1events/get/responses/200/content/text~1event-stream. */
    media: string,
    kind: SequentialMediaType,
    private readonly status: number,
  ) {
    this.reader = new ItemReader(kind);
    this.itemSchema = `${media}/itemSchema`;
  }

  push(text: string): Violation[] {
    return this.checked(this.reader.push(text)).flatMap((item) => item.violations);
  }

  end(): Violation[] {
    return this.checked(this.reader.end()).flatMap((item) => item.violations);
  }

  /** The items the text completes, each with its text as it came and how it breaks the contract. */
  items(text: string, ended = false): CheckedItem[] {
    return this.checked([...this.reader.push(text), ...(ended ? this.reader.end() : [])]);
  }

  /** The characters of the item not finished yet: what the check holds. */
  get pending(): number {
    return this.reader.pending;
  }

  private checked(items: readonly ReadItem[]): CheckedItem[] {
    const validate = this.contract.schemaValidator(this.itemSchema);
    return items.map((item) => {
      const at = `${this.status}: item ${++this.count}`;
      const violations: Violation[] = [];
      if (!('value' in item)) {
        const message = `${at} cannot be read: ${item.unreadable}`;
        violations.push({ kind: 'content-type', message, pointer: this.itemSchema });
      } else if (!validate(item.value)) {
        for (const [what, count] of groupedByItem(validate.errors ?? []))
          violations.push({
            kind: 'schema',
            message: `${at}: ${what}${count > 1 ? ` (in ${count} items)` : ''}`,
            pointer: this.itemSchema,
          });
      }
      return { text: item.text, violations };
    });
  }
}

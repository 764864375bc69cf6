// What the phases share: the operations and their request bodies, how a body
// carries the run's name prefix (verify-<run id>), so that every record a run
// creates can be found again on a shared deployment, and the valid bodies of a
// schema the generators cannot make exactly, filtered by the contract's own
// validator. A body verify cannot make is skipped, named in the report.
import type fc from 'fast-check';
import type { ContractOperation } from '../../contract/router.js';
import { jsonBody, type KeyRole, type Phase, type TestCase } from '../cases.js';
import { boundedFilter } from '../generate/boundedFilter.js';
import { CannotGenerate } from '../generate/cannotGenerate.js';
import { requestBody, type RequestBody } from '../generate/requestBody.js';
import { typesOf, type Schema } from '../generate/schemas.js';
import { validArbitrary, type Overrides } from '../generate/valid.js';
import type { Session } from '../session.js';

export interface BodyOperation extends RequestBody {
  operation: ContractOperation;
}

/** The operations that take a JSON body, each with its schema; one whose schema accepts no value is a skip. */
export function bodyOperations(session: Session, phase: Phase): BodyOperation[] {
  return session.options.contract.operations.flatMap((operation) => {
    try {
      const body = requestBody(session.options.contract, operation);
      return body ? [{ operation, ...body }] : [];
    } catch (error) {
      skipOn(session, error, operation, phase, 'cases of its request body');
      return [];
    }
  });
}

/** Names a case verify could not make in the report; any other error is the run's. */
export function skipOn(session: Session, error: unknown, operation: ContractOperation, phase: Phase, what: string) {
  if (!(error instanceof CannotGenerate)) throw error;
  session.skips.add({ operation: operation.operationId, phase, what, reason: error.message });
}

/** Valid bodies: generated, and where the form is not exact, kept to those the contract's validator accepts. */
export function validBodies(session: Session, body: BodyOperation, overrides?: Overrides): fc.Arbitrary<unknown> {
  const valid = validArbitrary(body.schema, overrides);
  if (body.exact) return valid;
  return boundedFilter(
    [valid],
    (value) => accepted(session, body, value),
    (tries) =>
      `none of ${tries} bodies generated is one its schema accepts (a oneOf, a not, or a keyword no generator ` +
      'makes, such as multipleOf)',
  );
}

/** Whether the contract's own validator (the oracle's) accepts the body, whatever the other parts of the request. */
export function accepted(session: Session, body: BodyOperation, value: unknown): boolean {
  const parts = { params: {}, headers: {}, body: value, mediaType: body.mediaType };
  const errors = session.options.contract.router.validateRequest(body.operation, parts);
  return !errors.some((error) => error.instancePath.startsWith('/requestBody'));
}

/** A name as the run's prefix starts one (the run id is 8 hex digits), to try a name's pattern on. */
const PREFIXED = ['verify-0a1b2c3d ', 'verify-0a1b2c3d x'];

/** The schema of a `name` that is text the run's prefix may start, with room for more; undefined for any other. */
export function plainName(schema: Schema): Schema | undefined {
  const name = schema.properties?.name as Schema | undefined;
  if (!name || !typesOf(name).includes('string') || name.enum || name.format) return undefined;
  // A name too short for the prefix and some text is any other string.
  if (name.maxLength !== undefined && name.maxLength < (PREFIXED[1]?.length ?? 0) + 1) return undefined;
  const { pattern } = name;
  return !pattern || PREFIXED.every((text) => new RegExp(pattern, 'u').test(text)) ? name : undefined;
}

/** The longest a name may be (its schema's maxLength), and so how much follows the prefix. */
export function nameLimit(schema: Schema): number {
  return plainName(schema)?.maxLength ?? 200;
}

/** A string of exactly `length` characters for a property: names start with the run's prefix where they fit. */
export function filler(session: Session, path: string[], length: number): string {
  if (path.join('.') !== 'name' || length <= session.prefix.length + 1) return 'x'.repeat(length);
  return `${session.prefix} `.padEnd(length, 'x');
}

/** The body with its name prefixed (cut to the schema's maxLength), where its name is plain text. */
export function labelled(session: Session, schema: Schema | undefined, body: unknown): unknown {
  if (typeof body !== 'object' || body === null || typeof (body as { name?: unknown }).name !== 'string') return body;
  if (!schema || !plainName(schema)) return body;
  const name = `${session.prefix} ${(body as { name: string }).name}`;
  return { ...body, name: [...name].slice(0, nameLimit(schema)).join('') };
}

/** A JSON request of the operation's media type, with the main key (or another role's). */
export function jsonCase(
  session: Session,
  phase: Phase,
  operation: ContractOperation,
  label: string,
  body: unknown,
  role: KeyRole = 'main',
): TestCase {
  return {
    phase,
    label,
    method: operation.method,
    path: operation.path,
    headers: session.headers(operation.bodyTypes[0] ?? 'application/json'),
    body: jsonBody(body),
    role,
  };
}

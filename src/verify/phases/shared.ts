// What the phases share: the operations and their request schemas, and how a
// body carries the run's name prefix (verify-<run id>), so that every chatbot a
// run creates can be found again on a shared deployment.
import type { ContractOperation } from '../../contract/router.js';
import { jsonBody, type KeyRole, type Phase, type TestCase } from '../cases.js';
import { requestSchema, type Schema } from '../generate/schemas.js';
import type { Session } from '../session.js';

export interface BodyOperation {
  operation: ContractOperation;
  schema: Schema;
}

export function bodyOperations(session: Session): BodyOperation[] {
  return session.options.contract.operations.flatMap((operation) => {
    const schema = requestSchema(session.options.contract, operation);
    return schema ? [{ operation, schema }] : [];
  });
}

/** The longest a name may be (its schema's maxLength), and so how much follows the prefix. */
export function nameLimit(schema: Schema): number {
  return (schema.properties?.name as Schema | undefined)?.maxLength ?? 200;
}

/** A string of exactly `length` characters for a property: names start with the run's prefix where they fit. */
export function filler(session: Session, path: string[], length: number): string {
  if (path.join('.') !== 'name' || length <= session.prefix.length + 1) return 'x'.repeat(length);
  return `${session.prefix} `.padEnd(length, 'x');
}

/** The body with its name prefixed (cut to the schema's maxLength). */
export function labelled(session: Session, schema: Schema, body: unknown): unknown {
  if (typeof body !== 'object' || body === null || typeof (body as { name?: unknown }).name !== 'string') return body;
  const name = `${session.prefix} ${(body as { name: string }).name}`;
  return { ...body, name: [...name].slice(0, nameLimit(schema)).join('') };
}

/** A JSON request with the main key (or another role's). */
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
    headers: session.headers(role, 'application/json'),
    body: jsonBody(body),
    role,
  };
}

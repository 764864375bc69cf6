// What a lifecycle reads and sends (lifecycle.ts): the record a success answer
// holds, a create's body (its example, else one composed from its schema),
// the path of a step with its parents' records and its own named, and the
// parents of a sub-resource's record, each made first by its own create, as a
// client makes them.
import { ComposedTooLarge } from '../../contract/composedExample.js';
import { exampleRequestBody } from '../../contract/exampleAnswer.js';
import type { ContractOperation } from '../../contract/router.js';
import { jsonBody, type TestCase } from '../cases.js';
import { CannotGenerate } from '../generate/cannotGenerate.js';
import type { Exercised, Session } from '../session.js';
import type { Lifecycle, LifecycleStep } from './lifecycles.js';

type Record_ = Record<string, unknown>;

/** A step's path: its parents' records (`scope`, outermost first) and its own (`id`, where it names one) filled. */
export function scopedPath(step: LifecycleStep, parents: readonly string[], id?: string): string {
  let path = step.operation.path;
  step.scope.forEach((name, index) => (path = path.replace(`{${name}}`, encodeURIComponent(parents[index] ?? ''))));
  return id === undefined || step.item === undefined ? path : path.replace(`{${step.item}}`, encodeURIComponent(id));
}

/**
 * The ids of the records a lifecycle's record is made below, outermost first, each made by its own create (sent as
 * `steps`, so that a failure replays them); none for a top-level resource, undefined when a create did not answer one.
 */
export async function madeParents(
  session: Session,
  lifecycle: Lifecycle,
  steps: TestCase[],
): Promise<string[] | undefined> {
  const { parent } = lifecycle;
  if (!parent?.create) return lifecycle.create?.scope.length ? undefined : [];
  const above = await madeParents(session, parent, steps);
  if (!above) return undefined;
  const create = parent.create;
  const body = createBody(session, create.operation);
  const made = await session.exercise({
    phase: 'stateful',
    label: `lifecycle: create the parent (${create.operation.operationId})`,
    method: create.operation.method,
    path: scopedPath(create, above),
    headers: session.headers(create.operation.bodyTypes[0] ?? 'application/json'),
    body: jsonBody(body),
    role: 'main',
  });
  steps.push(made.testCase);
  const id = valueAt(made, parent.idPath);
  return typeof id === 'string' || typeof id === 'number' ? [...above, String(id)] : undefined;
}

/** The record a success answer holds, where its envelope puts it. */
export function recordOf(exercised: Exercised, envelope: readonly string[]): Record_ | undefined {
  const value = valueAt(exercised, envelope);
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record_) : undefined;
}

/** The value at a path of a success answer's JSON body. */
export function valueAt(exercised: Exercised, path: readonly string[]): unknown {
  const { answer } = exercised;
  if (!answer || answer.status >= 300) return undefined;
  try {
    let value: unknown = JSON.parse(answer.text);
    for (const member of path) value = (value as Record_ | null)?.[member];
    return value;
  } catch {
    return undefined;
  }
}

/** The create's body: its first example, else one composed from its schema; a name carries the run's prefix. */
export function createBody(session: Session, operation: ContractOperation): unknown {
  const [mediaType = 'application/json'] = operation.bodyTypes;
  const body = composedBody(session, operation, mediaType);
  return typeof body === 'object' && body !== null && typeof (body as Record_).name === 'string'
    ? { ...body, name: `${session.prefix} lifecycle` }
    : body;
}

/** The request body's example; CannotGenerate, naming why, where none is written and one would be too large. */
function composedBody(session: Session, operation: ContractOperation, mediaType: string): unknown {
  try {
    return exampleRequestBody(session.options.contract, operation, mediaType);
  } catch (error) {
    if (!(error instanceof ComposedTooLarge)) throw error;
    throw new CannotGenerate(
      `verify cannot make a body for ${operation.method} ${operation.path}: it has no example, and ${error.message}`,
      { cause: error },
    );
  }
}

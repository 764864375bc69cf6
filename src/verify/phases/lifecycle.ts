// Part of the stateful phase: for each resource the contract links or
// implies (lifecycles.ts; the chatbots once their read is written), one
// lifecycle against the service: create → read → update → read → delete →
// read answers 404, with another account's key trying to read, change and
// delete each step's record (where the create and the read take a key: without
// one, every caller is the same). A service that forgets a delete, loses an update
// or leaks a record across accounts is caught, and the steps are reported as
// the curl commands that replay them.
import { operationObject, type Contract } from '../../contract/contract.js';
import type { ResourceAction } from '../../contract/resources.js';
import { propertiesOf, typeOf } from '../../contract/resourceSchemas.js';
import type { ContractOperation } from '../../contract/router.js';
import type { OpenAPIV3 } from 'openapi-types';
import { jsonBody, type KeyRole, type TestCase } from '../cases.js';
import type { CheckName } from '../checks/types.js';
import type { Exercised, Session } from '../session.js';
import { lifecyclesOf, type Lifecycle, type LifecycleStep } from './lifecycles.js';
import { createBody, madeParents, recordOf, scopedPath, valueAt } from './records.js';
import { skipOn } from './shared.js';

type Record_ = Record<string, unknown>;

export async function runLifecycles(session: Session): Promise<void> {
  for (const found of lifecyclesOf(session.options.contract)) await lifecycle(session, found);
}

async function lifecycle(session: Session, ops: Lifecycle): Promise<void> {
  const steps: TestCase[] = [];
  let parents: string[] | undefined;
  let body: unknown;
  try {
    // A sub-resource's record is made below its parents', made first.
    parents = await madeParents(session, ops, steps);
    body = createBody(session, must(ops, 'create').operation);
  } catch (error) {
    return skipOn(session, error, must(ops, 'create').operation, 'stateful', 'its lifecycle');
  }
  if (!parents) return;
  const send = async (
    action: ResourceAction,
    label: string,
    role: KeyRole,
    id?: string,
    body?: unknown,
    gone = false,
  ) => {
    const step = must(ops, action);
    const { operation } = step;
    const path = scopedPath(step, parents, id);
    const mediaType = bodyType(operation, action);
    const testCase: TestCase = {
      phase: 'stateful',
      label,
      method: operation.method,
      path,
      headers: session.headers(body === undefined ? undefined : mediaType),
      ...(body === undefined ? {} : { body: jsonBody(body) }),
      role,
      ...(gone ? { focus: 'record_not_found' as const } : {}),
    };
    const exercised = await session.exercise(testCase);
    steps.push(exercised.testCase);
    return exercised;
  };
  const judge = (check: CheckName, exercised: Exercised, failed: string | undefined, expected: string) => {
    if (!session.enabled(check)) return;
    const operation = exercised.expectation.operation?.operationId ?? 'unmatched';
    session.findings.count(check, operation, failed !== undefined);
    if (failed === undefined) return;
    const failure = { check, message: failed, expected, pointer: exercised.expectation.pointer };
    const curl = steps.map((step) => session.curl(step));
    session.keep({ operation, failure, testCase: exercised.testCase, answer: exercised.answer, curl });
  };
  // Accounts are a key's: where the create or the read takes no key, every caller is the same one.
  const secured = must(ops, 'create').operation.secured && must(ops, 'read').operation.secured;
  const other = session.options.keys.otherAccount && secured ? ('otherAccount' as const) : undefined;
  const create = must(ops, 'create');
  const made = await send('create', 'lifecycle: create', 'main', undefined, body);
  const record = recordOf(made, create.envelope);
  const id = valueAt(made, ops.idPath);
  if (!record || (typeof id !== 'string' && typeof id !== 'number')) return;
  const key = String(id);
  const read = async (label: string, role: KeyRole = 'main', gone = false) => {
    const exercised = await send('read', label, role, key, undefined, gone);
    return { exercised, record: recordOf(exercised, must(ops, 'read').envelope) };
  };
  const first = await read('lifecycle: read what was created');
  judge(
    'ensure_resource_availability',
    first.exercised,
    first.record ? undefined : `a read of ${key} answered ${first.exercised.answer?.status}`,
    'the record just created',
  );
  const hidden = async (action: ResourceAction, label: string, body?: unknown) => {
    if (!other || !ops[action]) return;
    const exercised = await send(action, `lifecycle: ${label} as another account`, other, key, body, true);
    const status = exercised.answer?.status ?? 0;
    const failed = status === 404 ? undefined : `another account's ${label} answered ${status}`;
    judge(
      'resource_tenancy',
      exercised,
      failed,
      'a 404: another account neither sees nor changes it, nor learns it exists',
    );
  };
  await hidden('read', 'read');
  const change = ops.modify ?? ops.replace;
  const changed = change && changeOf(session, change.operation, record, change.action);
  if (change && changed) {
    await hidden(change.action, 'update', changed.body);
    const updated = await send(change.action, 'lifecycle: update', 'main', key, changed.body);
    if ((updated.answer?.status ?? 0) < 300) {
      const after = await read('lifecycle: read after the update');
      const kept = after.record?.[changed.property] === changed.value;
      judge(
        'update_kept',
        after.exercised,
        kept ? undefined : `${changed.property} is not the value the update sent`,
        `${changed.property}: ${JSON.stringify(changed.value)}`,
      );
    }
  }
  if (!ops.remove) return;
  await hidden('remove', 'delete');
  const still = await read('lifecycle: read after another account’s delete');
  if (other)
    judge(
      'resource_tenancy',
      still.exercised,
      still.record ? undefined : 'another account’s delete removed it',
      'the record, still there',
    );
  const removed = await send('remove', 'lifecycle: delete', 'main', key);
  if ((removed.answer?.status ?? 0) >= 300) return;
  const gone = await read('lifecycle: read after the delete', 'main', true);
  const status = gone.exercised.answer?.status ?? 0;
  judge(
    'use_after_free',
    gone.exercised,
    status === 404 ? undefined : `a read after the delete answered ${status}`,
    'a 404: the record is gone',
  );
}

/** A change of one string the client may set: the body that makes it (a merge patch, or the whole replacement). */
function changeOf(session: Session, operation: ContractOperation, record: Record_, action: ResourceAction) {
  const media = requestMedia(session.options.contract, operation, bodyType(operation, action));
  const schema = media?.schema as OpenAPIV3.SchemaObject | undefined;
  if (!schema) return undefined;
  const settable = Object.entries(propertiesOf(schema)).find(
    ([name, property]) =>
      typeOf(property) === 'string' && !property.readOnly && !property.format && !property.enum && name in record,
  );
  if (!settable) return undefined;
  const [property] = settable;
  const value = `${session.prefix} changed`;
  const body = action === 'modify' ? { [property]: value } : { ...pick(record, schema), [property]: value };
  return { property, value, body };
}

function pick(record: Record_, schema: OpenAPIV3.SchemaObject | undefined): Record_ {
  const names = Object.keys(propertiesOf(schema));
  return Object.fromEntries(Object.entries(record).filter(([name]) => names.includes(name)));
}

function requestMedia(
  contract: Contract,
  operation: ContractOperation,
  mediaType = operation.bodyTypes[0],
): OpenAPIV3.MediaTypeObject | undefined {
  const body = operationObject(contract, operation).requestBody as OpenAPIV3.RequestBodyObject | undefined;
  return mediaType === undefined ? undefined : body?.content[mediaType];
}

/** The media type a step sends: a merge patch's for a modify (a JSON Patch is not sent), else the first. */
function bodyType(operation: ContractOperation, action: ResourceAction): string | undefined {
  return action === 'modify'
    ? operation.bodyTypes.find((type) => !type.includes('json-patch'))
    : operation.bodyTypes[0];
}

function must(ops: Lifecycle, action: ResourceAction): LifecycleStep {
  const found = ops[action];
  if (!found) throw new Error(`the lifecycle has no ${action}`);
  return found;
}

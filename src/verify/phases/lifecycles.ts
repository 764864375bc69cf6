// The lifecycles verify runs: a create and the operations that read, change
// and remove what it made. OpenAPI links of a create's success answer name
// them where the contract writes them (an id parameter given as
// `$response.body#/pointer`); else the resources the contract implies
// (src/contract/resources.ts). A sub-resource's lifecycle names its parent's:
// its record is made below a parent made first, as a client would make it.
import type { OpenAPIV3 } from 'openapi-types';
import { operationObject, type Contract } from '../../contract/contract.js';
import { unescapePointer } from '../../contract/pointer.js';
import { inferResources, type InferredOperation, type ResourceAction } from '../../contract/resources.js';
import type { ContractOperation } from '../../contract/router.js';

export interface LifecycleStep {
  operation: ContractOperation;
  action: ResourceAction;
  /** The path parameter that names the record. */
  item?: string;
  /** Where the record sits in the step's success answer. */
  envelope: readonly string[];
  /** This step's path parameters naming the parents' records, outermost first (none for a top-level resource). */
  scope: readonly string[];
}

/**
 * The steps, by action, and where the create's answer holds the new record's id; a sub-resource's parent, whose
 * lifecycle makes the record its paths name first.
 */
export type Lifecycle = Partial<Record<ResourceAction, LifecycleStep>> & {
  idPath: readonly string[];
  parent?: Lifecycle;
};

const BY_METHOD: Readonly<Record<string, ResourceAction>> = {
  GET: 'read',
  PUT: 'replace',
  PATCH: 'modify',
  DELETE: 'remove',
};

export function lifecyclesOf(contract: Contract): Lifecycle[] {
  const inferred = inferResources(contract.dereferenced).inferred;
  const operationOf = (id: string) => contract.operations.find((op) => op.operationId === id);
  const step = (found: InferredOperation): LifecycleStep | undefined => {
    const operation = operationOf(found.operationId);
    const envelope = found.envelope ?? [];
    return operation && { operation, action: found.action, item: found.item, envelope, scope: found.scope };
  };
  const lifecycles = new Map<string, Lifecycle>();
  for (const found of inferred.values()) {
    const made = step(found);
    if (!made) continue;
    const lifecycle = lifecycles.get(found.collection) ?? { idPath: [] };
    lifecycle[found.action] ??= made;
    if (found.action === 'create') lifecycle.idPath = [...made.envelope, found.idProperty];
    lifecycles.set(found.collection, lifecycle);
  }
  const linked = contract.operations.flatMap((operation) => {
    const lifecycle = linkedLifecycle(contract, operation, inferred);
    return lifecycle ? [lifecycle] : [];
  });
  // A create the contract links is run by its links, not again by the inference.
  const creates = new Set(linked.map((lifecycle) => lifecycle.create?.operation.operationId));
  for (const [collection, lifecycle] of lifecycles) {
    if (!lifecycle.create?.scope.length) continue;
    // /bots/{}/notes is made below a record of /bots.
    const parent = lifecycles.get(collection.slice(0, collection.lastIndexOf('/{}')));
    if (parent?.create) lifecycle.parent = parent;
  }
  const implied = [...lifecycles.values()].filter((lifecycle) => !creates.has(lifecycle.create?.operation.operationId));
  return [...linked, ...implied].filter(
    (lifecycle) => lifecycle.create && lifecycle.read && (!lifecycle.create.scope.length || lifecycle.parent),
  );
}

/** The lifecycle a POST's links write: each linked operation's id parameter taken from the create's answer. */
function linkedLifecycle(
  contract: Contract,
  operation: ContractOperation,
  inferred: ReadonlyMap<string, InferredOperation>,
): Lifecycle | undefined {
  if (operation.method !== 'POST') return undefined;
  const { responses } = operationObject(contract, operation);
  const status = Object.keys(responses)
    .filter((key) => /^2\d\d$/.test(key))
    .sort()[0];
  const links = (status && (responses[status] as OpenAPIV3.ResponseObject).links) || {};
  const lifecycle: Lifecycle = {
    idPath: [],
    create: { operation, action: 'create', envelope: inferred.get(operation.operationId)?.envelope ?? [], scope: [] },
  };
  for (const link of Object.values(links) as OpenAPIV3.LinkObject[]) {
    const target = contract.operations.find((op) => op.operationId === link.operationId);
    const action = target && BY_METHOD[target.method];
    const [item, expression] =
      Object.entries(link.parameters ?? {}).find(
        ([name, value]) =>
          target?.path.includes(`{${name}}`) && typeof value === 'string' && value.startsWith('$response.body#/'),
      ) ?? [];
    if (!target || !action || item === undefined || lifecycle[action]) continue;
    const idPath = String(expression).slice('$response.body#/'.length).split('/').map(unescapePointer);
    lifecycle.idPath = idPath;
    const envelope = inferred.get(target.operationId)?.envelope ?? idPath.slice(0, -1);
    lifecycle[action] = { operation: target, action, item, envelope, scope: [] };
  }
  return lifecycle.read ? lifecycle : undefined;
}

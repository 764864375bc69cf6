// The operations of two contracts side by side: added, removed (deprecated first or not), deprecated, renamed, and
// for those on both sides their parameters, request body, responses and security.
import { isDeepStrictEqual } from 'node:util';
import { withParametersAs } from '../contract/pathTemplate.js';
import { compareContent, compareHeaders } from './compareMessages.js';
import { compareParameters } from './compareParameters.js';
import { compareSecurity } from './compareSecurity.js';
import {
  compareLifecycle,
  isUnstable,
  OPERATION_LIFECYCLE,
  removalOf,
  STABILITY_LEVELS,
  stabilityOf,
  sunsetOf,
  type Stability,
} from './sunset.js';
import { compareWebhook } from './compareWebhook.js';
import { at, beside, type Contract, type Located, type Pair } from './document.js';
import type { RuleId } from './catalogue.js';
import type { Finding } from './finding.js';
import { isSchema, type Schema } from './schema/schema.js';

export { contractOf, type Contract } from './document.js';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace', 'query'];
/**
 * Findings past which the diff stops (exit 2): more than anyone reviews, and a document's own security list, which
 * every operation without one repeats, can make an operation's findings times the operations.
 */
export const MAX_FINDINGS = 100_000;

type Section = 'paths' | 'webhooks';
/** An operation located, and named as a reviewer reads it: `GET /books/{bookId}`, `POST webhook newBook`. */
type Operation = Located & { name: string };

/** A path by its shape: `/books/{bookId}` and `/books/{id}` are one path, whatever its parameters are named. */
export const shapeOf = (path: string): string => withParametersAs(path, '{}');

/**
 * The operations of a document (its paths, or its webhooks) by `METHOD /path` with the path by its shape, each
 * located. OpenAPI 3.2's additionalOperations are read with the methods they name.
 */
export function operationsOf(contract: Contract, section: Section = 'paths'): Map<string, Operation> {
  const operations = new Map<string, Operation>();
  const root = { value: contract.document, at: '#' };
  const paths = at(contract.document, root, section).value;
  if (!isSchema(paths)) return operations;
  for (const path of Object.keys(paths)) {
    const item = at(contract.document, root, section, path);
    if (!isSchema(item.value)) continue;
    const name = section === 'paths' ? shapeOf(path) : path;
    const label = section === 'paths' ? path : `webhook ${path}`;
    const add = (method: string, operation: Located) => {
      const key = `${method.toUpperCase()} ${name}`;
      const named = { ...operation, name: `${method.toUpperCase()} ${label}` };
      if (isSchema(operation.value) && !operations.has(key)) operations.set(key, named);
    };
    for (const method of METHODS) add(method, at(contract.document, item, method));
    const more = at(contract.document, item, 'additionalOperations');
    if (isSchema(more.value))
      for (const method of Object.keys(more.value)) add(method, at(contract.document, more, method));
  }
  return operations;
}

export function compareOperations(before: Contract, after: Contract, found: Finding[]): void {
  compareOperationsIn('paths', before, after, found);
  compareOperationsIn('webhooks', before, after, found);
}

function compareOperationsIn(section: Section, before: Contract, after: Contract, found: Finding[]): void {
  const [was, is] = [operationsOf(before, section), operationsOf(after, section)];
  for (const [key, operation] of is) {
    if (!was.has(key)) found.push({ kind: 'endpoint-added', where: operation.name, origin: operation.at });
  }
  for (const [key, operation] of was) {
    if (is.has(key)) continue;
    const removed = operation.value as Schema;
    // oasdiff reads x-stability-level on paths only (webhooks join them after): an unreadable one is an error, and a
    // draft or alpha operation may go without notice.
    const stability = section === 'paths' ? stabilityOf(removed) : 'stable';
    if (stability === 'invalid') {
      const origin = `${operation.at}/x-stability-level`;
      found.push({
        kind: 'api-invalid-stability-level',
        where: operation.name,
        origin,
        before: removed['x-stability-level'],
      });
    }
    if (stability === 'invalid' || isUnstable(stability)) continue;
    const kind = removalOf(OPERATION_LIFECYCLE, removed);
    if (kind) found.push({ kind, where: operation.name, origin: operation.at, ...sunsetOf(removed) });
  }
  for (const [key, now] of is) {
    const old = was.get(key);
    if (old) compareOperation({ where: now.name, before, after, old, now, found }, section === 'webhooks');
    if (found.length > MAX_FINDINGS)
      throw new Error(`they differ in more than ${MAX_FINDINGS.toLocaleString('en')} places, more than a review reads`);
  }
}

/**
 * One operation in two versions. A webhook's roles are reversed: the API sends its request, which is judged as a
 * response is (may the client now receive what it could not?), and the client sends its answer, judged as a request.
 */
function compareOperation(pair: Pair, webhook: boolean): void {
  const { where: name, before, after, old, now, found } = pair;
  const o = old.value as Schema;
  const n = now.value as Schema;
  const push = (kind: RuleId, keyword: string, values: { before?: unknown; after?: unknown } = {}) =>
    found.push({ kind, where: name, origin: `${now.at}/${keyword}`, ...values });
  const stability = webhook ? 'stable' : compareStability(pair);
  // A draft or alpha operation may change in any way (oasdiff's default threshold): nothing more is said of it.
  if (isUnstable(stability)) return;
  compareLifecycle(OPERATION_LIFECYCLE, o, n, stability !== 'invalid', (kind, keyword) =>
    push(kind, keyword, { before: o[keyword], after: n[keyword] }),
  );
  if (o.operationId !== n.operationId) {
    const kind = o.operationId === undefined ? 'api-operation-id-added' : 'api-operation-id-changed';
    push(kind, 'operationId', { before: o.operationId, after: n.operationId });
  }
  for (const keyword of ['summary', 'description', 'tags', 'externalDocs']) {
    if (!isDeepStrictEqual(o[keyword], n[keyword])) {
      push('documentation-changed', keyword);
      break;
    }
  }
  if (webhook) return compareWebhook(pair);
  compareParameters(pair, stability !== 'invalid');
  compareRequestBody(pair);
  compareResponses(pair);
  compareSecurity(name, before.document, after.document, o, n, found, now.at);
}

/**
 * x-stability-level on both sides: unreadable (breaking, as oasdiff has it), or lowered (breaking: clients were told
 * the operation would hold) or raised; what a draft or alpha operation becomes is not judged. Returns the new level.
 */
function compareStability({ where, old, now, found }: Pair): Stability | 'invalid' {
  const [o, n] = [old.value as Schema, now.value as Schema];
  const [was, is] = [stabilityOf(o), stabilityOf(n)];
  const keyword = 'x-stability-level';
  if (was === 'invalid')
    found.push({ kind: 'api-invalid-stability-level', where, origin: `${old.at}/${keyword}`, before: o[keyword] });
  if (is === 'invalid')
    found.push({ kind: 'api-invalid-stability-level', where, origin: `${now.at}/${keyword}`, after: n[keyword] });
  if (was !== 'invalid' && is !== 'invalid' && was !== is && !isUnstable(was)) {
    const rank = (level: Stability) => STABILITY_LEVELS.indexOf(level);
    const kind = rank(is) < rank(was) ? 'api-stability-decreased' : 'api-stability-increased';
    found.push({ kind, where, origin: `${now.at}/${keyword}`, before: o[keyword], after: n[keyword] });
  }
  return is;
}

function compareRequestBody({ where: name, before, after, old, now, found }: Pair): void {
  const [was, is] = [at(before.document, old, 'requestBody'), at(after.document, now, 'requestBody')];
  const where = `${name} request body`;
  const required = (body: Located) => isSchema(body.value) && body.value.required === true;
  if (!isSchema(was.value) && !isSchema(is.value)) return;
  if (!isSchema(was.value)) {
    const kind = required(is) ? 'request-body-added-required' : 'request-body-added-optional';
    return void found.push({ kind, where, origin: is.at });
  }
  if (!isSchema(is.value)) return void found.push({ kind: 'request-body-removed', where, origin: was.at });
  if (!required(was) && required(is))
    found.push({ kind: 'request-body-became-required', where, origin: `${is.at}/required` });
  if (required(was) && !required(is))
    found.push({ kind: 'request-body-became-optional', where, origin: `${is.at}/required` });
  compareContent('request', { where: `${name} request`, before, after, old: was, now: is, found });
}

function compareResponses({ where: name, before, after, old, now, found }: Pair): void {
  const [was, is] = [at(before.document, old, 'responses'), at(after.document, now, 'responses')];
  const statuses = (located: Located) => new Set(isSchema(located.value) ? Object.keys(located.value) : []);
  const success = (status: string) => /^2/.test(status);
  // Each side's statuses read once: a contract may list thousands.
  const [wasStatuses, isStatuses] = [statuses(was), statuses(is)];
  for (const status of isStatuses) {
    const where = `${name} response ${status}`;
    const response = at(after.document, is, status);
    if (!wasStatuses.has(status)) {
      const kind = success(status) ? 'response-success-status-added' : 'response-non-success-status-added';
      found.push({ kind, where, origin: response.at });
      continue;
    }
    const previous = at(before.document, was, status);
    const both = { where, before, after, old: previous, now: response, found };
    compareContent('response', both);
    compareHeaders(both);
  }
  for (const status of wasStatuses) {
    if (isStatuses.has(status)) continue;
    const kind = success(status) ? 'response-success-status-removed' : 'response-non-success-status-removed';
    // Where the operation named it, not the component it named: the new contract may keep that component unused.
    found.push({ kind, where: `${name} response ${status}`, origin: beside(before.document, was, status).at });
  }
}

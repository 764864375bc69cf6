// An operation's parameters in two versions, path-level and its own (its own win), by location and name: added,
// removed, made required or optional, written differently on the wire, defaults, and their schemas.
import { isDeepStrictEqual } from 'node:util';
import { parameterNames } from '../contract/pathTemplate.js';
import { at, beside, follow, type Contract, type Located, type Pair } from './document.js';
import type { Finding } from './finding.js';
import { compareSchemas, type SchemaSide } from './schema/compareSchemas.js';
import { isSchema, type Schema } from './schema/schema.js';
import { compareLifecycle, PARAMETER_LIFECYCLE, removalOf, sunsetOf } from './sunset.js';

/**
 * Path-level and operation-level parameters, by location and name (the operation's win). A path parameter is keyed
 * by its place in the path's template, so that one renamed (`{bookId}` → `{id}`) is the same parameter.
 */
function parametersOf(contract: Contract, operation: Located): Map<string, Located> {
  const pathItem = operation.at.replace(/\/[^/]+$/, '').replace(/\/additionalOperations$/, '');
  const template = /^#\/paths\/([^/]+)$/.exec(pathItem)?.[1];
  const names = parameterNames(template ? (pointerKeys(`#/${template}`)[0] ?? '') : '');
  const keyOf = (parameter: Schema) => {
    const place = parameter.in === 'path' ? names.indexOf(String(parameter.name)) : -1;
    return place >= 0 ? `path {${place}}` : `${String(parameter.in)} ${String(parameter.name)}`;
  };
  const parameters = new Map<string, Located>();
  for (const owner of [pathItem, operation.at]) {
    const list = at(contract.document, { value: contract.document, at: '#' }, ...pointerKeys(owner), 'parameters');
    if (!Array.isArray(list.value)) continue;
    list.value.forEach((_, index) => {
      const parameter = at(contract.document, list, String(index));
      if (isSchema(parameter.value) && typeof parameter.value.name === 'string')
        parameters.set(keyOf(parameter.value), parameter);
    });
  }
  return parameters;
}

const pointerKeys = (pointer: string): string[] =>
  pointer
    .replace(/^#\/?/, '')
    .split('/')
    .filter(Boolean)
    .map((key) => key.replace(/~1/g, '/').replace(/~0/g, '~'));

/**
 * `judged`: whether the operation's stability level is readable; oasdiff says nothing of a parameter's deprecation
 * when it is not.
 */
export function compareParameters({ where: name, before, after, old, now, found }: Pair, judged = true): void {
  const [was, is] = [parametersOf(before, old), parametersOf(after, now)];
  const label = (parameter: Located) => {
    const { in: place, name: called } = parameter.value as Schema;
    return `${name} parameter ${String(place)} ${String(called)}`;
  };
  for (const [key, parameter] of is) {
    const p = parameter.value as Schema;
    const where = label(parameter);
    const previous = was.get(key);
    if (!previous) {
      const kind =
        p.in === 'path'
          ? 'new-request-path-parameter'
          : p.required === true
            ? 'new-required-request-parameter'
            : 'new-optional-request-parameter';
      found.push({ kind, where, origin: parameter.at });
      continue;
    }
    const q = previous.value as Schema;
    compareLifecycle(PARAMETER_LIFECYCLE, q, p, judged, (kind, keyword) =>
      found.push({ kind, where, origin: `${parameter.at}/${keyword}`, before: q[keyword], after: p[keyword] }),
    );
    if (q.required !== true && p.required === true)
      found.push({ kind: 'request-parameter-became-required', where, origin: `${parameter.at}/required` });
    if (q.required === true && p.required !== true)
      found.push({ kind: 'request-parameter-became-optional', where, origin: `${parameter.at}/required` });
    if (q.style !== p.style || q.explode !== p.explode || mediaTypeOf(q) !== mediaTypeOf(p))
      found.push({ kind: 'request-parameter-serialization-changed', where, origin: `${parameter.at}/style` });
    // A parameter written with `content` (OpenAPI 3.2's querystring always is) is its media type's schema.
    const schema = (contract: Contract, located: Located): SchemaSide => {
      const media = mediaTypeOf(located.value as Schema);
      return {
        ...contract,
        schema:
          media === undefined
            ? beside(contract.document, located, 'schema')
            : beside(contract.document, located, 'content', media, 'schema'),
      };
    };
    const defaultOf = (contract: Contract, located: Located) =>
      follow(contract.document, schema(contract, located).schema);
    const [oldDefault, newDefault] = [defaultOf(before, previous).value, defaultOf(after, parameter).value];
    // oasdiff judges the default of a parameter optional on both sides only: a required one is always sent.
    const optional = q.required !== true && p.required !== true;
    if (
      optional &&
      isSchema(oldDefault) &&
      isSchema(newDefault) &&
      !isDeepStrictEqual(oldDefault.default, newDefault.default)
    ) {
      found.push({
        kind:
          oldDefault.default === undefined
            ? 'request-parameter-default-value-added'
            : newDefault.default === undefined
              ? 'request-parameter-default-value-removed'
              : 'request-parameter-default-value-changed',
        where,
        origin: `${parameter.at}/schema/default`,
        before: oldDefault.default,
        after: newDefault.default,
      });
    }
    const sized: Finding[] = [];
    // Text on the wire, but for a JSON media type: a form's values, a query or header value, are text either way.
    const site = { direction: 'request' as const, where, text: !/json/i.test(mediaTypeOf(p) ?? '') };
    compareSchemas(site, schema(before, previous), schema(after, parameter), sized);
    // A parameter's default is its own rule (above): it changes what a request that leaves it out means.
    for (const finding of sized) if (finding.kind !== 'default-value-changed') found.push(finding);
  }
  for (const [key, parameter] of was) {
    if (is.has(key)) continue;
    const removed = parameter.value as Schema;
    const kind = removalOf(PARAMETER_LIFECYCLE, removed);
    if (kind) found.push({ kind, where: label(parameter), origin: parameter.at, ...sunsetOf(removed) });
  }
}

/** The media type a parameter is written in with `content`; undefined for one with a `schema`. */
function mediaTypeOf(parameter: Schema): string | undefined {
  return isSchema(parameter.content) ? Object.keys(parameter.content)[0] : undefined;
}

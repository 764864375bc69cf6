// A request body's or a response's media types and their schemas, and a response's headers, in two versions.
import { isDeepStrictEqual } from 'node:util';
import { at, beside, type Contract, type Located, type Pair } from './document.js';
import { compareSchemas, type SchemaSide } from './schema/compareSchemas.js';
import { isSchema, type Schema } from './schema/schema.js';

/** The media types of a request body or a response, and the schema of each one both sides have. */
export function compareContent(
  direction: 'request' | 'response',
  { where, before, after, old, now, found }: Pair,
): void {
  const [was, is] = [at(before.document, old, 'content'), at(after.document, now, 'content')];
  const types = (located: Located) => new Set(isSchema(located.value) ? Object.keys(located.value) : []);
  // Each side's media types read once: a contract may list thousands.
  const [wasTypes, isTypes] = [types(was), types(is)];
  for (const type of isTypes) {
    if (!wasTypes.has(type)) {
      found.push({
        kind: direction === 'request' ? 'request-body-media-type-added' : 'response-media-type-added',
        where,
        origin: at(after.document, is, type).at,
      });
      continue;
    }
    const side = (contract: Contract, content: Located): SchemaSide => ({
      ...contract,
      schema: beside(contract.document, content, type, 'schema'),
    });
    const label = isTypes.size > 1 ? `${where} ${type} body` : `${where} body`;
    const media = (contract: Contract, content: Located) => at(contract.document, content, type).value as Schema;
    const [oldMedia, newMedia] = [media(before, was), media(after, is)];
    if (!isDeepStrictEqual([oldMedia.example, oldMedia.examples], [newMedia.example, newMedia.examples]))
      found.push({
        kind: 'documentation-changed',
        where: label,
        origin: `${at(after.document, is, type).at}/examples`,
      });
    compareSchemas({ direction, where: label }, side(before, was), side(after, is), found);
    // OpenAPI 3.2's itemSchema: each item of a sequential media type (JSON Lines, server-sent events). Where one side
    // has none, its items may be anything: an itemSchema added or removed is judged as one that is `{}`.
    const [oldItems, newItems] = [
      beside(before.document, was, type, 'itemSchema'),
      beside(after.document, is, type, 'itemSchema'),
    ];
    if (oldItems.value !== undefined || newItems.value !== undefined) {
      const anything = (located: Located): Located =>
        located.value === undefined ? { ...located, value: {} } : located;
      compareSchemas(
        { direction, where: `${label} item` },
        { ...before, schema: anything(oldItems) },
        { ...after, schema: anything(newItems) },
        found,
      );
    }
  }
  for (const type of wasTypes) {
    if (isTypes.has(type)) continue;
    found.push({
      kind: direction === 'request' ? 'request-body-media-type-removed' : 'response-media-type-removed',
      where,
      origin: at(before.document, was, type).at,
    });
  }
}

export function compareHeaders({ where, before, after, old, now, found }: Pair): void {
  const [was, is] = [at(before.document, old, 'headers'), at(after.document, now, 'headers')];
  const names = (located: Located) => (isSchema(located.value) ? Object.keys(located.value) : []);
  const lower = (list: string[]) => new Map(list.map((name) => [name.toLowerCase(), name]));
  const [wasNames, isNames] = [lower(names(was)), lower(names(is))];
  for (const [key, header] of isNames) {
    const located = at(after.document, is, header);
    const label = `${where} header ${header}`;
    const previousName = wasNames.get(key);
    if (!previousName) {
      found.push({ kind: 'response-header-added', where: label, origin: located.at });
      continue;
    }
    const previous = at(before.document, was, previousName);
    const required = (value: unknown) => isSchema(value) && value.required === true;
    if (required(previous.value) && !required(located.value))
      found.push({ kind: 'response-header-became-optional', where: label, origin: `${located.at}/required` });
    if (!required(previous.value) && required(located.value))
      found.push({ kind: 'response-header-became-required', where: label, origin: `${located.at}/required` });
    compareSchemas(
      { direction: 'response', where: label, text: true },
      { ...before, schema: beside(before.document, previous, 'schema') },
      { ...after, schema: beside(after.document, located, 'schema') },
      found,
    );
  }
  for (const [key, header] of wasNames) {
    if (isNames.has(key)) continue;
    const located = at(before.document, was, header);
    const required = isSchema(located.value) && located.value.required === true;
    found.push({
      kind: required ? 'required-response-header-removed' : 'optional-response-header-removed',
      where: `${where} header ${header}`,
      origin: located.at,
    });
  }
}

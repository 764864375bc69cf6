// A request body's or a response's media types and their schemas, and a response's headers, in two versions.
import { isDeepStrictEqual } from 'node:util';
import { at, beside, type Contract, type Located, type Pair } from './document.js';
import { removedTypes } from './mediaTypeNames.js';
import { compareSchemas, type SchemaSide } from './schema/compareSchemas.js';
import { isSchema, type Schema } from './schema/schema.js';

/**
 * The media types of a request body or a response, and the schema of each one both sides have. In a response, a
 * media type removed and an equivalent one added (mediaTypeNames.ts) are one media type renamed.
 */
export function compareContent(direction: 'request' | 'response', pair: Pair): void {
  const { where, before, after, old, now, found } = pair;
  const [was, is] = [at(before.document, old, 'content'), at(after.document, now, 'content')];
  const types = (located: Located) => new Set(isSchema(located.value) ? Object.keys(located.value) : []);
  // Each side's media types read once: a contract may list thousands.
  const [wasTypes, isTypes] = [types(was), types(is)];
  const gone = new Set([...wasTypes].filter((type) => !isTypes.has(type)));
  const renamings = removedTypes(direction === 'response' ? gone : []);
  const content = { was, is, label: (type: string) => (isTypes.size > 1 ? `${where} ${type} body` : `${where} body`) };
  for (const type of isTypes) {
    if (wasTypes.has(type)) {
      compareMedia(direction, pair, content, type, type);
      continue;
    }
    const renamed = renamings.take(type);
    if (renamed) {
      gone.delete(renamed.name);
      const kind =
        `response-media-type-name-${renamed.how === 'parameters-changed' ? 'changed' : renamed.how}` as const;
      found.push({ kind, where, origin: at(after.document, is, type).at, before: renamed.name, after: type });
      compareMedia(direction, pair, content, renamed.name, type);
      continue;
    }
    found.push({
      kind: direction === 'request' ? 'request-body-media-type-added' : 'response-media-type-added',
      where,
      origin: at(after.document, is, type).at,
    });
  }
  for (const type of gone) {
    found.push({
      kind: direction === 'request' ? 'request-body-media-type-removed' : 'response-media-type-removed',
      where,
      origin: at(before.document, was, type).at,
    });
  }
}

/** JSON and its structured suffix (RFC 6838): a 1 is not a "1" there, as it is in XML or a form. */
const isJsonType = (type: string) => /^application\/(?:[^;]*\+)?json\s*(?:;|$)/i.test(type.trim());

interface Content {
  was: Located;
  is: Located;
  label: (type: string) => string;
}

/** One media type in two versions, under its old and its new name: its examples, schema and item schema. */
function compareMedia(
  direction: 'request' | 'response',
  { before, after, found }: Pair,
  { was, is, label: labelOf }: Content,
  oldType: string,
  newType: string,
): void {
  const side = (contract: Contract, content: Located, type: string): SchemaSide => ({
    ...contract,
    schema: beside(contract.document, content, type, 'schema'),
  });
  const label = labelOf(newType);
  const media = (contract: Contract, content: Located, type: string) =>
    at(contract.document, content, type).value as Schema;
  const [oldMedia, newMedia] = [media(before, was, oldType), media(after, is, newType)];
  if (!isDeepStrictEqual([oldMedia.example, oldMedia.examples], [newMedia.example, newMedia.examples]))
    found.push({
      kind: 'documentation-changed',
      where: label,
      origin: `${at(after.document, is, newType).at}/examples`,
    });
  const loose = !isJsonType(newType);
  compareSchemas({ direction, where: label, loose }, side(before, was, oldType), side(after, is, newType), found);
  // OpenAPI 3.2's itemSchema: each item of a sequential media type (JSON Lines, server-sent events). Where one side
  // has none, its items may be anything: an itemSchema added or removed is judged as one that is `{}`.
  const [oldItems, newItems] = [
    beside(before.document, was, oldType, 'itemSchema'),
    beside(after.document, is, newType, 'itemSchema'),
  ];
  if (oldItems.value !== undefined || newItems.value !== undefined) {
    const anything = (located: Located): Located => (located.value === undefined ? { ...located, value: {} } : located);
    compareSchemas(
      { direction, where: `${label} item` },
      { ...before, schema: anything(oldItems) },
      { ...after, schema: anything(newItems) },
      found,
    );
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

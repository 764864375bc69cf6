// An object's properties in two versions: named ones added or removed (seen from the side of the wire: a request never
// carries a readOnly one), made required or optional, walked into where both have them; and additionalProperties.
import { isDeepStrictEqual } from 'node:util';
import { beside } from '../document.js';
import type { RuleId } from '../catalogue.js';
import type { Finding } from '../finding.js';
import { isSchema, propertiesOf, requiredOf, type Direction, type Schema } from './schema.js';
import type { Node, SchemaSide } from './walk.js';

export function compareProperties(
  { walk, site, before, after, old, now, found, path, finding }: Node,
  judged: (keyword: string) => void,
): void {
  const hidden = site.direction === 'request' ? 'readOnly' : 'writeOnly';
  const o = old.value as Schema;
  const n = now.value as Schema;
  const seen = (schema: Schema, side: SchemaSide) =>
    Object.entries(propertiesOf(schema)).filter(([, property]) => side.expand(property)[hidden] !== true);
  const wasNamed = new Map(seen(o, before));
  const isNamed = new Map(seen(n, after));
  const [wasRequired, isRequired] = [new Set(requiredOf(o)), new Set(requiredOf(n))];
  const stillOpen = n.additionalProperties !== false;
  // A property that was there, hidden (readOnly in a request, writeOnly in a response), is named by its own rule.
  for (const name of isNamed.keys()) {
    if (wasNamed.has(name)) continue;
    const required = isRequired.has(name);
    const kind = kept(o, name) ? madeShown(site.direction, required) : added(site.direction, required);
    finding(kind, `properties/${name}`, {}, now.at, name);
  }
  for (const name of wasNamed.keys()) {
    if (isNamed.has(name)) continue;
    const kind = kept(n, name)
      ? madeHidden(site.direction, wasRequired.has(name))
      : removed(site.direction, wasRequired.has(name), stillOpen);
    finding(kind, `properties/${name}`, {}, old.at, name);
  }
  for (const name of isNamed.keys()) {
    if (!wasNamed.has(name) || wasRequired.has(name) === isRequired.has(name)) continue;
    const values = { before: o.required, after: n.required };
    finding(isRequired.has(name) ? 'became-required' : 'became-optional', 'required', values, now.at, name);
  }
  // Walked into where both versions name it: in a request, a readOnly property too. A client SHOULD NOT send one
  // (OpenAPI 3.0.3, Schema Object) but may, a response read back and sent again; the server is "expected to ignore or
  // reject" it (JSON Schema validation §9.4), and rejects it by the constraints it now has: a pattern added to a
  // readOnly property is a request change (oasdiff TestBreaking_AddPattern: request-property-pattern-added, ERR).
  // Added, removed or made required, it is not: those take effect on responses only. A writeOnly property is never
  // sent in a response ("never present when retrieved"): what changes about one is news (compareWriteOnly).
  const both = (name: string) => name in propertiesOf(o) && name in propertiesOf(n);
  const readOnly = (schema: Schema, side: SchemaSide, name: string) =>
    side.expand(propertiesOf(schema)[name]).readOnly === true;
  const walked = [
    ...isNamed.keys(),
    ...(site.direction === 'request'
      ? Object.keys(propertiesOf(n)).filter(
          (name) => both(name) && readOnly(o, before, name) && readOnly(n, after, name),
        )
      : []),
  ];
  for (const name of walked) {
    if (!both(name) || (!wasNamed.has(name) && isNamed.has(name))) continue;
    walk(
      site,
      { ...before, schema: beside(before.document, old, 'properties', name) },
      { ...after, schema: beside(after.document, now, 'properties', name) },
      found,
      path ? `${path}.${name}` : name,
    );
  }
  if (site.direction === 'response') compareWriteOnly({ walk, site, before, after, old, now, found, path, finding });
  comparePatterns({ walk, site, before, after, old, now, found, path, finding }, judged);
  const [was, is] = [o.additionalProperties, n.additionalProperties];
  if (isSchema(was) && isSchema(is)) {
    // Walked even when written alike: the same $ref on both sides may name a schema that changed.
    walk(
      site,
      { ...before, schema: beside(before.document, old, 'additionalProperties') },
      { ...after, schema: beside(after.document, now, 'additionalProperties') },
      found,
      `${path}{*}`,
    );
    return;
  }
  if (isDeepStrictEqual(was, is)) return;
  const closed = (value: unknown) => value === false;
  if (closed(is) !== closed(was)) {
    finding(closed(is) ? 'additional-properties-refused' : 'additional-properties-allowed', 'additionalProperties', {
      before: was,
      after: is,
    });
  } else judged('additionalProperties');
}

/** The schema names the property, whether or not this side of the wire carries it. */
const kept = (schema: Schema, name: string) => Object.hasOwn(propertiesOf(schema), name);

/** A response's writeOnly properties, never sent: added, removed or changed inside, at info, as oasdiff has them. */
function compareWriteOnly({ walk, site, before, after, old, now, path, finding }: Node): void {
  const [o, n] = [old.value as Schema, now.value as Schema];
  const unsent = (schema: Schema, side: SchemaSide) =>
    new Set(
      Object.entries(propertiesOf(schema))
        .filter(([, property]) => side.expand(property).writeOnly === true)
        .map(([name]) => name),
    );
  const [was, is] = [unsent(o, before), unsent(n, after)];
  const required = (schema: Schema, name: string) => (requiredOf(schema).includes(name) ? 'required' : 'optional');
  for (const name of is) {
    if (kept(o, name)) continue;
    finding(`response-${required(n, name)}-write-only-property-added`, `properties/${name}`, {}, now.at, name);
  }
  for (const name of was) {
    if (kept(n, name)) continue;
    finding(`response-${required(o, name)}-write-only-property-removed`, `properties/${name}`, {}, old.at, name);
  }
  for (const name of is) {
    if (!was.has(name)) continue;
    const inside: Finding[] = [];
    walk(
      site,
      { ...before, schema: beside(before.document, old, 'properties', name) },
      { ...after, schema: beside(after.document, now, 'properties', name) },
      inside,
      path ? `${path}.${name}` : name,
    );
    if (inside.some((change) => change.kind !== 'documentation-changed'))
      finding('response-write-only-property-changed', `properties/${name}`, {}, now.at, name);
  }
}

/** patternProperties: the same patterns (as text) walked into; patterns added or removed judged by the relation. */
function comparePatterns(
  { walk, site, before, after, old, now, found, path }: Node,
  judged: (k: string) => void,
): void {
  const [was, is] = [(old.value as Schema).patternProperties, (now.value as Schema).patternProperties];
  const [wasPatterns, isPatterns] = [isSchema(was) ? Object.keys(was) : [], isSchema(is) ? Object.keys(is) : []];
  // Walked even when written alike: the same $ref on both sides may name a schema that changed.
  if (isDeepStrictEqual(was, is) && isPatterns.length === 0) return;
  if (!isDeepStrictEqual([...wasPatterns].sort(), [...isPatterns].sort())) return judged('patternProperties');
  for (const pattern of isPatterns)
    walk(
      site,
      { ...before, schema: beside(before.document, old, 'patternProperties', pattern) },
      { ...after, schema: beside(after.document, now, 'patternProperties', pattern) },
      found,
      `${path}{/${pattern}/}`,
    );
}

const added = (direction: Direction, required: boolean): RuleId =>
  direction === 'request'
    ? required
      ? 'new-required-request-property'
      : 'new-optional-request-property'
    : required
      ? 'response-required-property-added'
      : 'response-optional-property-added';

/** No longer named on this side of the wire: gone, or, where unnamed properties are refused, refused. */
const removed = (direction: Direction, required: boolean, stillOpen: boolean): RuleId =>
  direction === 'request'
    ? stillOpen
      ? 'request-property-removed'
      : 'request-property-removed-refused'
    : required
      ? 'response-required-property-removed'
      : stillOpen
        ? 'response-optional-property-removed'
        : 'response-optional-property-no-longer-sent';

/** Still there, but made readOnly (in a request) or writeOnly (in a response). */
const madeHidden = (direction: Direction, required: boolean): RuleId =>
  direction === 'request'
    ? required
      ? 'request-required-property-became-read-only'
      : 'request-optional-property-became-read-only'
    : required
      ? 'response-required-property-became-write-only'
      : 'response-optional-property-became-write-only';

/** No longer readOnly (in a request) or writeOnly (in a response). */
const madeShown = (direction: Direction, required: boolean): RuleId =>
  direction === 'request'
    ? required
      ? 'request-required-property-became-not-read-only'
      : 'request-optional-property-became-not-read-only'
    : required
      ? 'response-required-property-became-not-write-only'
      : 'response-optional-property-became-not-write-only';

// A record as the server makes it from a request: the client's values for the
// properties it may set, and the server's for the rest (the id; read-only
// properties; a creation or update time; a default; for a required property
// not sent, an example composed from its schema). A record is placed in its
// answer as the success answer's schema says: at its root, or in an envelope.
import { composedExample } from '../contract/composedExample.js';
import type { InferredOperation } from '../contract/resources.js';
import { propertiesOf, requiredOf, typeOf, type Schema } from '../contract/resourceSchemas.js';
import type { Body } from './collection.js';
import { newId } from './ids.js';

const CREATED = /^(created_?at|creat(ed|ion)_?(time|date)|date_?created)$/i;
const UPDATED = /^(updated_?at|modified_?at|last_?modified|updat(ed|e)_?(time|date))$/i;

/** Who sets a property: the server always (`created` once, `updated` on each write), or the client. */
function setter(inferred: InferredOperation, name: string, schema: Schema): 'id' | 'created' | 'updated' | 'client' {
  if (name === inferred.idProperty) return 'id';
  const time = schema.format === 'date-time' || typeOf(schema) === 'string';
  if (time && CREATED.test(name)) return 'created';
  if (time && UPDATED.test(name)) return 'updated';
  return schema.readOnly ? 'created' : 'client';
}

/** A new record from a create's body, with this id. */
export function newRecord(inferred: InferredOperation, body: unknown, id: unknown, now = new Date()): Body {
  const sent = isObject(body) ? body : {};
  const required = new Set(requiredOf(inferred.record));
  const record: Body = {};
  for (const [name, schema] of Object.entries(propertiesOf(inferred.record))) {
    const by = setter(inferred, name, schema);
    let value: unknown;
    if (by === 'id') value = id;
    else if (by === 'client' && Object.hasOwn(sent, name)) value = sent[name];
    else if ((by === 'created' || by === 'updated') && schema.format === 'date-time') value = now.toISOString();
    else if (schema.default !== undefined) value = schema.default;
    else if (required.has(name)) value = composedExample(schema);
    if (value !== undefined) put(record, name, value);
  }
  return record;
}

/** A record changed by a request (`changed`, the replacement or the patched record): the server's values kept. */
export function changedRecord(inferred: InferredOperation, stored: Body, changed: unknown, now = new Date()): Body {
  const sent = isObject(changed) ? changed : {};
  const required = new Set(requiredOf(inferred.record));
  const record: Body = {};
  for (const [name, schema] of Object.entries(propertiesOf(inferred.record))) {
    const by = setter(inferred, name, schema);
    let value: unknown;
    if (by === 'updated' && schema.format === 'date-time') value = now.toISOString();
    else if (by !== 'client') value = stored[name];
    else if (Object.hasOwn(sent, name)) value = sent[name];
    // A replacement that leaves out a required property keeps it, rather than storing a record its reads break.
    else if (required.has(name)) value = stored[name];
    if (value !== undefined) put(record, name, value);
  }
  return record;
}

/** The next id of a collection: the client's, where the resource takes its key from the client; else a new one. */
export function nextId(inferred: InferredOperation, held: readonly Body[], body: unknown): unknown {
  const sent = isObject(body) ? body[inferred.idProperty] : undefined;
  if (inferred.clientKey && sent !== undefined) return sent;
  const schema = propertiesOf(inferred.record)[inferred.idProperty];
  return newId(
    schema,
    held.map((record) => record[inferred.idProperty]),
  );
}

/** The answer's body with `value` where the envelope puts it, the envelope's other members composed. */
export function placed(inferred: InferredOperation, value: unknown, extra: Body = {}): unknown {
  const [member] = inferred.envelope ?? [];
  if (member === undefined) return value;
  const composed = inferred.answer ? composedExample(inferred.answer) : {};
  const envelope: Body = { ...(isObject(composed) ? composed : {}), ...extra };
  put(envelope, member, value);
  // A member the page leaves out (a link to no next page, where it is optional).
  for (const name of Object.keys(extra)) if (extra[name] === undefined) delete envelope[name];
  return envelope;
}

export const isObject = (value: unknown): value is Body =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Sets a member as data: a member named __proto__ is an own property, never the prototype. */
export function put(target: Body, name: string, value: unknown): void {
  Object.defineProperty(target, name, { value, enumerable: true, writable: true, configurable: true });
}

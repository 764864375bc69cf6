// What an answer shows of a record: every property but the `writeOnly` ones (OpenAPI's Schema Object: a writeOnly
// value is sent by the client and stored, never sent back: a card's `cvc`, a password), at any depth the record's
// schema describes, in objects, allOf parts and array items alike.
import { propertiesOf, type Schema } from '../contract/resourceSchemas.js';
import { isObject, put } from './recordValues.js';

/** Nesting followed, at most: a recursive schema ends here, its deeper values shown as they are. */
const DEPTH = 32;

export function shown(schema: Schema | undefined, value: unknown, depth = 0): unknown {
  if (!schema || depth > DEPTH) return value;
  if (Array.isArray(value)) {
    const items = (schema as { items?: unknown }).items;
    return isObject(items) ? value.map((item) => shown(items as Schema, item, depth + 1)) : value;
  }
  if (!isObject(value)) return value;
  const properties = propertiesOf(schema);
  const out: Record<string, unknown> = {};
  for (const [name, member] of Object.entries(value)) {
    const property = Object.hasOwn(properties, name) ? properties[name] : undefined;
    if (property?.writeOnly === true) continue;
    put(out, name, shown(property, member, depth + 1));
  }
  return out;
}

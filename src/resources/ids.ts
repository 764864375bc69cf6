// The id the server gives a new record, as the id property's schema says: one past the highest for an integer id;
// for a string, one its `pattern` accepts (drawn by the contract's bounded automaton, never the platform's RegExp),
// else a UUID (`format: uuid`, or no pattern), within its `minLength` and `maxLength`, and held by no record yet.
import { patternStrings } from '../contract/pattern/generate.js';
import { typeOf, type Schema } from '../contract/resourceSchemas.js';

/** Draws tried before giving up on a free id that fits. */
const TRIES = 64;
const ALNUM = 'abcdefghijklmnopqrstuvwxyz0123456789';

export function newId(schema: Schema | undefined, taken: readonly unknown[]): unknown {
  if (typeOf(schema) === 'integer' || typeOf(schema) === 'number')
    return taken.reduce<number>((most, id) => Math.max(most, Number(id) || 0), 0) + 1;
  const held = new Set(taken.map(String));
  const fits = (id: string) => !held.has(id) && lengthFits(schema, [...id].length);
  const strings = typeof schema?.pattern === 'string' ? patternStrings(schema.pattern) : undefined;
  if (strings) {
    for (let tries = 0; tries < TRIES; tries++) {
      const drawn = strings.draw();
      if (drawn !== undefined && fits(drawn)) return drawn;
    }
  }
  const uuid = crypto.randomUUID();
  if (fits(uuid) && (!strings || strings.test(uuid))) return uuid;
  // A string shorter than a UUID, within the bounds.
  const length = Math.max(schema?.minLength ?? 1, Math.min(schema?.maxLength ?? 16, 16));
  for (let tries = 0; tries < TRIES; tries++) {
    const text = Array.from({ length }, () => ALNUM[Math.floor(Math.random() * ALNUM.length)]).join('');
    if (fits(text)) return text;
  }
  return uuid;
}

function lengthFits(schema: Schema | undefined, length: number): boolean {
  return length >= (schema?.minLength ?? 0) && length <= (schema?.maxLength ?? Infinity);
}

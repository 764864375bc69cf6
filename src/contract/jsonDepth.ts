// How deep JSON from untrusted input may nest: a request body, a JSON query
// value, an upstream's answer or stream item. Ajv's validator of a recursive
// schema, JSON.stringify and structuredClone each recurse once a level, and
// the stack ends a few thousand levels down; every mode measures such JSON
// against these bounds, without recursion, before any of them runs. Fixed, not
// a setting: every reader of a stored record (each store, each adapter, a
// browser's MSW) must be able to carry what the server accepted.
import { nestingDepth } from './limits.js';

/** The deepest a request body or a JSON query value may nest, the value itself being level 1. */
export const MAX_JSON_DEPTH = 256;

/** What a request part past that bound is told, as a validation issue's message. */
export const TOO_DEEP = `nests deeper than ${MAX_JSON_DEPTH} levels, the most this server reads`;

/** An answer carries records of that depth inside an envelope (a list, a page, an event): twice the room. */
export const MAX_ANSWER_DEPTH = 2 * MAX_JSON_DEPTH;

/** What an answer or an item past that bound is told: it is not validated. */
export const ANSWER_TOO_DEEP = `nests deeper than ${MAX_ANSWER_DEPTH} levels, the most read of an answer`;

/** Whether a JSON value nests deeper than `limit`; it stops looking once it does. */
export function deeperThan(value: unknown, limit: number): boolean {
  return nestingDepth(value, limit) > limit;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

/**
 * Whether a JSON text nests deeper than `limit`, read over the text in one pass, without parsing it: for a text
 * JSON.parse accepts, exactly whether its value does. It stops once the text does.
 */
export function textDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === QUOTE) {
      index = stringEnd(text, index);
      if (index === -1) return false;
    } else if (code === OPEN_BRACE || code === OPEN_BRACKET) {
      if (++depth > limit) return true;
    } else if ((code === CLOSE_BRACE || code === CLOSE_BRACKET) && depth > 0) depth--;
  }
  return false;
}

/** The quote that ends the string opened at `start` (one after an even run of backslashes), or -1. */
function stringEnd(text: string, start: number): number {
  for (let end = text.indexOf('"', start + 1); end !== -1; end = text.indexOf('"', end + 1)) {
    let before = end - 1;
    while (text.charCodeAt(before) === BACKSLASH) before--;
    if ((end - 1 - before) % 2 === 0) return end;
  }
  return -1;
}

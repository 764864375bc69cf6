// A contract without its prose: the `description` and `summary` texts written
// for people. The MSW package's copy leaves them out (standalone.ts): no check,
// answer or report in the page reads them, and they are much of its weight.
// What is data stays whole: examples, defaults, enums and consts (a value may
// hold a `description` member), the maps whose keys are any name (discriminator
// mappings, OAuth scopes, links' parameters), and the extensions (`x-`).

const PROSE = new Set(['description', 'summary']);
const DATA = new Set(['example', 'examples', 'default', 'const', 'enum', 'mapping', 'scopes', 'links']);

/** A copy without the prose; the input is not changed. */
export function withoutProse<T>(document: T): T {
  return strip(document) as T;
}

function strip(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(strip);
  if (typeof value !== 'object' || value === null) return value;
  // fromEntries defines each member as its own: a `__proto__` key stays a key, never a prototype.
  return Object.fromEntries(
    Object.entries(value)
      // Only text is prose: a schema under `properties` may be named description.
      .filter(([key, item]) => !(PROSE.has(key) && typeof item === 'string'))
      .map(([key, item]) => [key, DATA.has(key) || key.startsWith('x-') ? item : strip(item)]),
  );
}

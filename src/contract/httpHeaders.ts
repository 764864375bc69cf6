// What HTTP lets a header carry: a name that is a token (RFC 9110 §5.1), and a value of visible characters, spaces,
// tabs and obs-text (§5.5). Node's http and Fetch's Headers throw on anything else, so a value from a contract, an
// override or a scenario is checked against these rules before it can reach them.
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const FIELD_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;

/** Why a header cannot be sent as written; undefined when it can. */
export function headerFault(name: string, value: unknown): string | undefined {
  if (!TOKEN.test(name)) return `header name ${JSON.stringify(name)} is not an HTTP token`;
  if (typeof value !== 'string') return `header ${name} must be a string`;
  if (!FIELD_VALUE.test(value))
    return `header ${name} holds a character HTTP does not allow in a value (a control character or one above U+00FF)`;
  return undefined;
}

/** Why a set of headers cannot be sent, one reason per header; empty when all can. */
export function headerFaults(headers: Readonly<Record<string, unknown>>): string[] {
  return Object.entries(headers).flatMap(([name, value]) => headerFault(name, value) ?? []);
}

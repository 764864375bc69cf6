// Secrets never reach a report or a log: the traffic a proxy or `verify` sees
// carries keys and cookies, and its reports are published as CI artifacts and
// pull-request comments. What counts as a secret, as a CI system masks them:
// any value of an authorization or cookie header, or of a header, a query or
// form parameter or a JSON member whose name says key, token, secret or
// password; a URL's password; any `sk_live_` key, wherever it stands (a
// header, the query, a body, the upstream's answer); and the keys a run was
// given, whatever their form.

export const REDACTED = '[redacted]';

/**
 * The words of a name that say its value is a secret, as a whole word of it (`api_key`, `apiKey`, `X-Auth-Token`),
 * or as the end of one (`accesstoken`, `apikey`): never a word that only holds one (`keyword`, `author`, `monkey`).
 */
const SECRET_WORDS = new Set([
  'auth',
  'authorization',
  'cookie',
  'credential',
  'credentials',
  'key',
  'keys',
  'passphrase',
  'passwd',
  'password',
  'pwd',
  'secret',
  'session',
  'sid',
  'token',
]);
const SECRET_ENDING = /(?:apikey|accesskey|privatekey|secretkey|authkey|token|secret|password|passwd|sessionid)$/;
/** Headers whose whole value is a secret, whatever their words (WWW-Authenticate only names a scheme). */
const SECRET_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie', 'set-cookie']);
/** An API key of this API's form, anywhere in a text. */
const LIVE_KEY = /sk_live_[A-Za-z0-9_-]*/g;
/** `?name=value` or `&name=value` in a URL or a form body: the name, then the value. */
const PARAMETER = /((?:^|[?&;\s])([\w.~%-]{1,256})=)[^&#\s"'<>\\]*/g;
/** `"name": "value"` in a JSON text: the name, then the string value. */
const MEMBER = /("([^"\\]{1,256})"\s*:\s*)"(?:[^"\\]|\\.)*"/g;
/** The password of a URL's user information (https://user:password@host). */
const URL_PASSWORD = /(\/\/[^/\s:@"\\]*:)[^/\s@"\\]*@/g;
/** Shorter values are not masked inside other text: they would mask ordinary words. */
const MIN_KNOWN_SECRET = 6;

/** sk_live_…0001: enough to tell keys apart, too little to use one. */
export function maskKey(key: string): string {
  return key.length > 16 ? `${key.slice(0, 8)}…${key.slice(-4)}` : `${key.slice(0, 8)}…`;
}

/** Whether a name (of a header, a parameter or a JSON member) says that its value is a secret. */
export function isSecretName(name: string): boolean {
  const words = name.split(/[^A-Za-z0-9]+|(?<=[a-z0-9])(?=[A-Z])/).map((word) => word.toLowerCase());
  return words.some((word) => SECRET_WORDS.has(word) || SECRET_ENDING.test(word));
}

export function isSecretHeader(name: string): boolean {
  return SECRET_HEADERS.has(name.toLowerCase()) || isSecretName(name);
}

export class Redactor {
  readonly #known: string[];

  /** `known`: secrets this run was given (its keys), masked wherever they appear. */
  constructor(known: readonly (string | undefined)[] = []) {
    this.#known = [
      ...new Set(known.filter((secret): secret is string => !!secret && secret.length >= MIN_KNOWN_SECRET)),
    ].sort((a, b) => b.length - a.length);
  }

  /** The text with every secret it holds masked. */
  text(value: string): string {
    let masked = value
      .replace(LIVE_KEY, REDACTED)
      .replace(PARAMETER, (whole, head: string, name: string) => (isSecretName(name) ? `${head}${REDACTED}` : whole))
      .replace(MEMBER, (whole, head: string, name: string) => (isSecretName(name) ? `${head}"${REDACTED}"` : whole))
      .replace(URL_PASSWORD, `$1${REDACTED}@`);
    for (const secret of this.#known) masked = masked.split(secret).join(REDACTED);
    return masked;
  }

  /** A header's value as it may be shown. */
  header(name: string, value: string): string {
    return isSecretHeader(name) ? REDACTED : this.text(value);
  }

  /** Every string inside a value (a finding, a report), masked; the value is copied. */
  deep<T>(value: T): T {
    if (typeof value === 'string') return this.text(value) as T;
    if (Array.isArray(value)) return value.map((inner: unknown) => this.deep(inner)) as T;
    if (value instanceof Uint8Array || typeof value !== 'object' || value === null) return value;
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, this.deep(inner)])) as T;
  }
}

/** Masks only what needs no list of known keys. */
export const redactor = new Redactor();

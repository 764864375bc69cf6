// A case as a curl command to paste into a shell. What the traffic put in it
// (the path and query, header names and values, the body) is data: every
// argument is quoted for POSIX shells (src/untrusted/shellQuote.ts), so that
// sh hands curl exactly those bytes; --globoff keeps curl from expanding [] and
// {} in the URL. No secret is in it (src/untrusted/redact.ts): the keys a run was
// given stay shell variables ("$API_KEY": a Bearer token, Basic credentials as
// curl's -u, an apiKey header or cookie; a key in the query is masked), so
// that a CI log never shows one.
// A body that cannot be one safe argument on one line (not UTF-8, a control
// character such as a NUL or a newline, long, or starting with @, which curl
// would read as a file name) is written to a file beside the report, which the
// command reads with --data-binary @FILE.
import { createHash } from 'node:crypto';
import { hasControl } from '../untrusted/printable.js';
import { Redactor } from '../untrusted/redact.js';
import { shellQuote } from '../untrusted/shellQuote.js';
import type { KeyRole, TestCase } from './cases.js';
import { basicCredentials } from './credentials.js';

export const KEY_VARIABLES: Record<KeyRole, string> = {
  main: 'API_KEY',
  sameAccount: 'API_KEY_SAME_ACCOUNT',
  otherAccount: 'API_KEY_OTHER_ACCOUNT',
};

/** The folder, beside a report, of the bodies its replays read. */
export const REPLAY_BODIES = 'replay-bodies';

/** A body kept in a file beside the report: its name in REPLAY_BODIES, and its bytes. */
export interface ReplayBody {
  file: string;
  base64: string;
}

export interface Replay {
  command: string;
  body?: ReplayBody;
}

const INLINE_LIMIT = 2_000;

export function toCurl(baseUrl: string, testCase: TestCase, keys: Partial<Record<KeyRole, string>> = {}): Replay {
  const redact = new Redactor(Object.values(keys));
  const url = redact.text(baseUrl.replace(/\/+$/, '') + testCase.path);
  const implied = testCase.body ? 'POST' : 'GET'; // what curl sends without -X
  const method =
    testCase.method === 'HEAD' ? ['--head'] : testCase.method === implied ? [] : ['-X', shellQuote(testCase.method)];
  const parts = ['curl', '-i', '--globoff', ...method, shellQuote(url)];
  for (const [name, value] of Object.entries(testCase.headers))
    parts.push(...headerArgument(name, value, keys, redact));
  // curl would add a form Content-Type to a body sent without one.
  if (testCase.body && !Object.keys(testCase.headers).some((name) => name.toLowerCase() === 'content-type'))
    parts.push('-H', shellQuote('Content-Type:'));
  if (!testCase.body) return { command: parts.join(' ') };
  const text = utf8(testCase.body);
  if (text !== undefined && text.length <= INLINE_LIMIT && !hasControl(text) && !text.startsWith('@')) {
    return { command: [...parts, '--data-binary', shellQuote(redact.text(text))].join(' ') };
  }
  const bytes = text === undefined ? redactBytes(testCase.body, redact) : new TextEncoder().encode(redact.text(text));
  const file = `${createHash('sha256').update(bytes).digest('hex').slice(0, 16)}.bin`;
  return {
    command: [...parts, '--data-binary', shellQuote(`@${REPLAY_BODIES}/${file}`)].join(' '),
    body: { file, base64: Buffer.from(bytes).toString('base64') },
  };
}

/**
 * One header's arguments: a key the run was given becomes its variable (a Bearer token, Basic credentials as curl's
 * `-u`, an apiKey header or cookie), any other secret is masked.
 */
function headerArgument(
  name: string,
  value: string,
  keys: Partial<Record<KeyRole, string>>,
  redact: Redactor,
): string[] {
  const roleOf = (key: string) => (Object.keys(keys) as KeyRole[]).find((candidate) => keys[candidate] === key);
  const authorization = /^(?:proxy-)?authorization$/i.test(name);
  const bearer = /^(bearer\s+)(\S+)$/i.exec(value);
  if (bearer && authorization) {
    const role = roleOf(bearer[2] ?? '') ?? 'main';
    // Single quotes around the text, double quotes around the variable: sh expands only the variable.
    return ['-H', `${shellQuote(`${name}: ${bearer[1]}`)}"$${KEY_VARIABLES[role]}"`];
  }
  const basic = /^basic\s+([A-Za-z0-9+/]+=*)$/i.exec(value);
  if (basic && authorization) {
    const credentials = Buffer.from(basic[1] ?? '', 'base64').toString();
    const role = (Object.keys(keys) as KeyRole[]).find((candidate) => {
      const key = keys[candidate];
      return key !== undefined && basicCredentials(key) === credentials;
    });
    if (role) return ['-u', `"$${KEY_VARIABLES[role]}${keys[role]?.includes(':') ? '' : ':'}"`];
  }
  const role = roleOf(value) ?? roleOf(value.slice(value.indexOf('=') + 1));
  const prefix = value.slice(0, value.length - (keys[role ?? 'main']?.length ?? 0));
  if (role && !authorization) return ['-H', `${shellQuote(`${name}: ${prefix}`)}"$${KEY_VARIABLES[role]}"`];
  return ['-H', shellQuote(`${name}: ${redact.header(name, value)}`)];
}

/** Bytes that are not UTF-8, with any key in them masked (keys are ASCII: latin1 keeps every other byte). */
function redactBytes(bytes: Uint8Array, redact: Redactor): Uint8Array {
  return new Uint8Array(Buffer.from(redact.text(Buffer.from(bytes).toString('latin1')), 'latin1'));
}

function utf8(bytes: Uint8Array): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

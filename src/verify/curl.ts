// A case as a curl command to paste into a shell. The keys `verify` was given
// stay out of it, as shell variables, so that a CI log never shows one; a body
// that is long, repeats a character, or is not UTF-8 is rebuilt by a short
// node one-liner instead of being pasted whole.
import type { KeyRole, TestCase } from './cases.js';

export const KEY_VARIABLES: Record<KeyRole, string> = {
  main: 'API_KEY',
  sameAccount: 'API_KEY_SAME_ACCOUNT',
  otherAccount: 'API_KEY_OTHER_ACCOUNT',
};

const quote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;
const INLINE_LIMIT = 2_000;
const RUN = 32; // a character repeated this often is written as .repeat()

export function toCurl(baseUrl: string, testCase: TestCase, keys: Partial<Record<KeyRole, string>> = {}): string {
  const url = baseUrl.replace(/\/+$/, '') + testCase.path;
  const implied = testCase.body ? 'POST' : 'GET'; // what curl sends without -X
  const method = testCase.method === 'HEAD' ? ['--head'] : testCase.method === implied ? [] : [`-X ${testCase.method}`];
  const parts = ['curl -i', ...method, quote(url)];
  for (const [name, value] of Object.entries(testCase.headers)) parts.push(`-H ${headerArgument(name, value, keys)}`);
  // curl would add a form Content-Type to a body sent without one.
  if (testCase.body && !Object.keys(testCase.headers).some((name) => name.toLowerCase() === 'content-type')) parts.push(`-H 'Content-Type:'`);
  if (!testCase.body) return parts.join(' ');
  const text = utf8(testCase.body);
  if (text !== undefined && text.length <= INLINE_LIMIT && !/(.)\1{31}/su.test(text) && !/[\u0000-\u001f]/.test(text.replace(/[\n\t]/g, ''))) {
    return [...parts, `--data-binary ${quote(text)}`].join(' ');
  }
  return `node -e ${quote(`process.stdout.write(${bodyExpression(testCase.body)})`)} | ${[...parts, '--data-binary @-'].join(' ')}`;
}

function headerArgument(name: string, value: string, keys: Partial<Record<KeyRole, string>>): string {
  for (const [role, key] of Object.entries(keys) as [KeyRole, string][]) {
    if (key && value.includes(key)) return `"${name}: ${value.replace(key, `$${KEY_VARIABLES[role]}`).replace(/["\\`]/g, '\\$&')}"`;
  }
  return quote(`${name}: ${value}`);
}

function utf8(bytes: Uint8Array): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

/** A JavaScript expression that makes the same bytes: text, runs as .repeat(), the rest as hex. */
function bodyExpression(bytes: Uint8Array): string {
  const text = utf8(bytes);
  if (text === undefined) return `Buffer.from(${JSON.stringify(Buffer.from(bytes).toString('hex'))}, 'hex')`;
  const pieces: string[] = [];
  let plain = '';
  for (const [run, character] of text.matchAll(/(.)\1*/gsu)) {
    if (run.length >= RUN) {
      if (plain) pieces.push(JSON.stringify(plain));
      plain = '';
      pieces.push(`${JSON.stringify(character)}.repeat(${run.length / character!.length})`);
    } else {
      plain += run;
    }
  }
  if (plain) pieces.push(JSON.stringify(plain));
  return pieces.join(' + ') || '""';
}

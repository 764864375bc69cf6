// The "Try:" lines of a banner: curl commands to paste, from the contract
// served (which may be a contract under review, or another API's): its first
// create with a body (its example, else one composed from its schema) and its
// first list, each with the key where that operation takes it (a body too
// large to compose is named in its place). Everything
// from the contract is quoted for sh, as every replay is. A keys file's key
// stays "$API_KEY", which only double quotes expand.
import { ComposedTooLarge } from '../contract/composedExample.js';
import type { Contract } from '../contract/contract.js';
import { exampleRequestBody } from '../contract/exampleAnswer.js';
import type { ContractOperation } from '../contract/router.js';
import { shellQuote } from '../untrusted/shellQuote.js';

export function tryLines(contract: Contract, url: string, demoKey: string | undefined, withCreate: boolean): string[] {
  const plain = (operation: ContractOperation) => !operation.path.includes('{');
  const create = withCreate
    ? contract.operations.find((op) => op.method === 'POST' && plain(op) && op.bodyTypes.length > 0)
    : undefined;
  const list = contract.operations.find((op) => op.method === 'GET' && plain(op));
  const lines = [create, list]
    .filter((operation): operation is ContractOperation => operation !== undefined)
    .map((operation) => `  ${tryLine(contract, operation, url, demoKey)}`);
  return lines.length > 0 ? ['Try:', ...lines] : [];
}

/** The curl command; a body that cannot be composed within its bound is named instead, on one line. */
function tryLine(contract: Contract, operation: ContractOperation, url: string, demoKey: string | undefined): string {
  try {
    return curl(contract, operation, url, demoKey);
  } catch (error) {
    if (!(error instanceof ComposedTooLarge)) throw error;
    return `(no line for ${operation.method} ${operation.path}: its request body has no example, and ${error.message})`;
  }
}

function curl(contract: Contract, operation: ContractOperation, url: string, demoKey: string | undefined): string {
  // The key last, as its own word: a keys file's stays "$API_KEY", which only double quotes expand.
  const withKey = (text: string) => (demoKey ? shellQuote(text + demoKey) : `${shellQuote(text)}"$API_KEY"`);
  const [place] = operation.keyPlaces;
  const address = `${url}${operation.path}`;
  const parts = ['curl -s'];
  if (operation.method !== 'GET') parts.push(`-X ${operation.method}`);
  parts.push(place?.in === 'query' ? withKey(`${address}?${encodeURIComponent(place.name)}=`) : shellQuote(address));
  if (place?.in === 'bearer') parts.push(`-H ${withKey('Authorization: Bearer ')}`);
  if (place?.in === 'header') parts.push(`-H ${withKey(`${place.name}: `)}`);
  if (place?.in === 'cookie') parts.push(`-H ${withKey(`Cookie: ${place.name}=`)}`);
  // Basic credentials: the key is the user name, with no password.
  if (place?.in === 'basic') parts.push(`-u ${demoKey ? shellQuote(`${demoKey}:`) : '"$API_KEY":'}`);
  const [mediaType] = operation.bodyTypes;
  if (mediaType) {
    parts.push(`-H ${shellQuote(`Content-Type: ${mediaType}`)}`);
    parts.push(`-d ${shellQuote(JSON.stringify(exampleRequestBody(contract, operation, mediaType)))}`);
  }
  return parts.join(' ');
}

// The challenge of a 401 (RFC 9110 §11.6.1 requires one), in the words of the contract served: its scheme where the
// operation takes its key, and its realm as the contract documents it (the `realm` of its 401 answer's
// `WWW-Authenticate` example: openapi.yaml's `Bearer realm="chatbots"`), else the API's own title.
import type { OpenAPIV3 } from 'openapi-types';
import type { Contract } from '../../contract/contract.js';
import { dereferenced } from '../../contract/pointer.js';
import type { ContractOperation } from '../../contract/router.js';

/** The realm of a contract's 401 answers to an operation: a quoted-string's text, never empty. */
export function realmOf(contract: Contract, operation: ContractOperation): string {
  const documented = contract.responseFor(operation, 401)?.response;
  const header =
    documented && dereferenced<OpenAPIV3.HeaderObject>(contract.document, documented.headers?.['WWW-Authenticate']);
  const schema = header && dereferenced<OpenAPIV3.SchemaObject>(contract.document, header.schema);
  const example: unknown = header?.example ?? schema?.example;
  const written = typeof example === 'string' ? /\brealm="([^"\\]*)"/i.exec(example)?.[1] : undefined;
  // Visible ASCII without `"` or `\`: the title is the contract's text, sent in a header as a quoted-string.
  const text = (written ?? contract.document.info?.title ?? '').replace(/[^\x20-\x7e]|["\\]/g, '').trim();
  return text.slice(0, 100) || 'api';
}

/** Bearer where a Bearer token is taken, Basic where Basic credentials are, else the key's place. */
export function challenge(contract: Contract, operation: ContractOperation): string {
  const places = operation.keyPlaces;
  const realm = `realm="${realmOf(contract, operation)}"`;
  if (places.some((place) => place.in === 'bearer')) return `Bearer ${realm}`;
  if (places.some((place) => place.in === 'basic')) return `Basic ${realm}`;
  const [first] = places;
  return `ApiKey ${realm}, ${first?.in ?? 'header'}="${first?.name ?? ''}"`;
}

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
  // Its example where the header or its schema gives one: 3.0's `example`, a header's named `examples`, or a 3.1 or
  // 3.2 schema's `examples` list.
  const named = Object.values(header?.examples ?? {}).map(
    (entry) => dereferenced<OpenAPIV3.ExampleObject>(contract.document, entry)?.value as unknown,
  );
  const listed = (schema as { examples?: unknown } | undefined)?.examples;
  const example = [header?.example, ...named, schema?.example, ...(Array.isArray(listed) ? listed : [])].find(
    (value): value is string => typeof value === 'string' && /\brealm="/i.test(value),
  );
  const written = example === undefined ? undefined : /\brealm="([^"\\]*)"/i.exec(example)?.[1];
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

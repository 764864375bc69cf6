// Where an operation takes its API key, from the security schemes its
// requirements name (the operation's, else the document's): the
// Authorization header as a Bearer token (http bearer, oauth2,
// openIdConnect), as Basic credentials (its user name is the key), or a
// header, query parameter or cookie an apiKey scheme names. A bearerFormat
// written as a prefix and an ellipsis (`sk_live_…`) is the form every key has.
import type { OpenAPIV3 } from 'openapi-types';
import { dereferenced } from './pointer.js';

export interface KeyPlace {
  in: 'bearer' | 'basic' | 'header' | 'query' | 'cookie';
  /** The header, query parameter or cookie; Authorization for bearer and basic. */
  name: string;
  /** What every key starts with, when the scheme's bearerFormat says. */
  prefix?: string;
}

/** The places of the requirements in force; none when a requirement asks for nothing (`{}`) or none applies. */
export function keyPlacesOf(document: OpenAPIV3.Document, operation: OpenAPIV3.OperationObject): KeyPlace[] {
  const requirements = operation.security ?? document.security ?? [];
  if (requirements.some((requirement) => Object.keys(requirement).length === 0)) return [];
  const places = new Map<string, KeyPlace>();
  for (const name of requirements.flatMap((requirement) => Object.keys(requirement))) {
    const scheme = dereferenced<OpenAPIV3.SecuritySchemeObject>(document, document.components?.securitySchemes?.[name]);
    const place = scheme && placeOf(scheme);
    if (place) places.set(`${place.in} ${place.name.toLowerCase()}`, place);
  }
  return [...places.values()];
}

function placeOf(scheme: OpenAPIV3.SecuritySchemeObject): KeyPlace | undefined {
  if (scheme.type === 'apiKey' && ['header', 'query', 'cookie'].includes(scheme.in))
    return { in: scheme.in as KeyPlace['in'], name: scheme.name };
  if (scheme.type === 'oauth2' || scheme.type === 'openIdConnect') return { in: 'bearer', name: 'Authorization' };
  if (scheme.type !== 'http') return undefined;
  const kind = scheme.scheme.toLowerCase();
  if (kind === 'basic') return { in: 'basic', name: 'Authorization' };
  if (kind !== 'bearer') return undefined;
  const prefix = /^(\S+?)(?:…|\.\.\.)$/.exec(scheme.bearerFormat ?? '')?.[1];
  return { in: 'bearer', name: 'Authorization', ...(prefix ? { prefix } : {}) };
}

/** How a client sends its key, in words: `Authorization: Bearer <API_KEY>`, or the header `api_key`. */
export function describePlace(place: KeyPlace): string {
  if (place.in === 'bearer') return '`Authorization: Bearer <API_KEY>`';
  if (place.in === 'basic') return '`Authorization: Basic` with the API key as the user name';
  return `the ${place.in === 'query' ? 'query parameter' : place.in} \`${place.name}\``;
}

// 401: a secured operation needs a known API key, sent where its security
// schemes say (src/contract/security.ts): for the chatbot contract, exactly
// `Bearer <key>`. The first place the request fills decides.
import type { Contract } from '../../contract/contract.js';
import { describePlace, type KeyPlace } from '../../contract/security.js';
import type { AuthResult, Authenticator } from '../../state/authenticator.js';
import { problemReply } from '../problems.js';
import type { EngineRequest, Step } from '../types.js';

export function authenticateStep(contract: Contract, authenticator: Authenticator): Step {
  return async (context, next) => {
    const { operation, request } = context;
    if (!operation?.secured) return next();
    const result = await authenticate(authenticator, operation.keyPlaces, request);
    if (!result.ok)
      return problemReply(contract, 401, result.detail, { 'WWW-Authenticate': challenge(operation.keyPlaces) });
    context.principal = result.principal;
    return next();
  };
}

async function authenticate(
  authenticator: Authenticator,
  places: readonly KeyPlace[],
  request: EngineRequest,
): Promise<AuthResult> {
  const { authorization } = request.headers;
  for (const place of places) {
    if (place.in === 'bearer' && authorization) return authenticator.authenticate(authorization, place.prefix ?? '');
    const key = keyAt(place, request);
    if (key !== undefined) return authenticator.identify(key, place.prefix);
  }
  const bearer = places.find((place) => place.in === 'bearer');
  if (bearer) return authenticator.authenticate(undefined, bearer.prefix ?? '');
  return { ok: false, detail: `The API key is missing. Send it in ${places.map(describePlace).join(' or ')}.` };
}

/** The key a request sends in a place other than a Bearer token; undefined when it sends none there. */
function keyAt(place: KeyPlace, request: EngineRequest): string | undefined {
  if (place.in === 'header') return request.headers[place.name.toLowerCase()] || undefined;
  if (place.in === 'query') return new URLSearchParams(request.query ?? '').get(place.name) || undefined;
  if (place.in === 'cookie') return cookie(request.headers.cookie, place.name);
  if (place.in !== 'basic') return undefined;
  const encoded = /^Basic ([A-Za-z0-9+/]+=*)$/.exec(request.headers.authorization ?? '')?.[1];
  if (encoded === undefined) return undefined;
  try {
    return atob(encoded).split(':')[0] || undefined;
  } catch {
    return undefined;
  }
}

function cookie(header: string | undefined, name: string): string | undefined {
  for (const pair of (header ?? '').split(';')) {
    const at = pair.indexOf('=');
    if (at !== -1 && pair.slice(0, at).trim() === name) return pair.slice(at + 1).trim() || undefined;
  }
  return undefined;
}

/** The challenge of a 401 (RFC 9110 requires one): Bearer where a Bearer token is taken, else the key's place. */
function challenge(places: readonly KeyPlace[]): string {
  if (places.some((place) => place.in === 'bearer')) return 'Bearer realm="chatbots"';
  if (places.some((place) => place.in === 'basic')) return 'Basic realm="chatbots"';
  const [first] = places;
  return `ApiKey realm="chatbots", ${first?.in ?? 'header'}="${first?.name ?? ''}"`;
}

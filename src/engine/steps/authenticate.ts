// 401: a secured operation needs a known API key, sent where its security
// schemes say (src/contract/security.ts): for the chatbot contract, exactly
// `Bearer <key>`, its documented decision (a bearerFormat that writes the
// key's form, `sk_live_…`); for any other, the scheme in any case (RFC 9110).
// The first place the request fills decides.
import type { Contract } from '../../contract/contract.js';
import { describePlace, type KeyPlace } from '../../contract/security.js';
import type { AuthResult, Authenticator } from '../../state/authenticator.js';
import { problemReply } from '../problems.js';
import { challenge } from './challenge.js';
import type { EngineRequest, Step } from '../types.js';

export function authenticateStep(contract: Contract, authenticator: Authenticator): Step {
  return async (context, next) => {
    const { operation, request } = context;
    if (!operation?.secured) return next();
    const result = await authenticate(authenticator, operation.keyPlaces, request);
    if (!result.ok)
      return problemReply(contract, 401, result.detail, { 'WWW-Authenticate': challenge(contract, operation) });
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
    if (place.in === 'bearer' && authorization) return authenticator.authenticate(authorization, ...bearerForm(place));
    const key = keyAt(place, request);
    if (key !== undefined) return authenticator.identify(key, place.prefix);
  }
  const bearer = places.find((place) => place.in === 'bearer');
  if (bearer) return authenticator.authenticate(undefined, ...bearerForm(bearer));
  return { ok: false, detail: `The API key is missing. Send it in ${places.map(describePlace).join(' or ')}.` };
}

/** The prefix of a Bearer key, and whether the header is read exactly: where the contract writes the key's form. */
const bearerForm = (place: KeyPlace): [prefix: string, exact: boolean] => [
  place.prefix ?? '',
  place.prefix !== undefined,
];

/** The key a request sends in a place other than a Bearer token; undefined when it sends none there. */
function keyAt(place: KeyPlace, request: EngineRequest): string | undefined {
  if (place.in === 'header') return request.headers[place.name.toLowerCase()] || undefined;
  if (place.in === 'query') return new URLSearchParams(request.query ?? '').get(place.name) || undefined;
  if (place.in === 'cookie') return cookie(request.headers.cookie, place.name);
  if (place.in !== 'basic') return undefined;
  const encoded = /^basic +([A-Za-z0-9+/]+=*)$/i.exec(request.headers.authorization ?? '')?.[1];
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

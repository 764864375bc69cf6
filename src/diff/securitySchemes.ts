// How a security scheme changed, judged by what a client must now send: words only (a description), widened (a
// scope, a flow or a refresh URL more: every client that got in still does), flows changed (a URL a token is asked
// at, a scope or a flow gone: the credentials sent are of the same kind, as oasdiff reads it), or changed (its type,
// where the credentials go).
import { isDeepStrictEqual } from 'node:util';
import { isSchema, type Schema } from './schema/schema.js';

export type SchemeChange = 'same' | 'words' | 'widened' | 'flows-changed' | 'changed';

/** Words a scheme carries for people; bearerFormat is a hint to them, never checked. */
const WORDS = ['description', 'bearerFormat'];

const withoutWords = (value: unknown): Schema => {
  const scheme: Schema = isSchema(value) ? { ...value } : {};
  for (const key of WORDS) delete scheme[key];
  for (const key of Object.keys(scheme)) if (key.startsWith('x-')) delete scheme[key];
  return scheme;
};

export function schemeChange(before: unknown, after: unknown): SchemeChange {
  if (isDeepStrictEqual(before, after)) return 'same';
  const [was, is] = [withoutWords(before), withoutWords(after)];
  if (isDeepStrictEqual(was, is)) return 'words';
  const { flows: wasFlows, ...wasRest } = was;
  const { flows: isFlows, ...isRest } = is;
  if (!isDeepStrictEqual(wasRest, isRest)) return 'changed';
  return flowsWidened(wasFlows, isFlows) ? 'widened' : 'flows-changed';
}

/** Every old OAuth flow is still there, at the same URLs, with each of its scopes. */
function flowsWidened(before: unknown, after: unknown): boolean {
  if (!isSchema(before) || !isSchema(after)) return false;
  return Object.entries(before).every(([name, flow]) => {
    const now = after[name];
    if (!isSchema(flow) || !isSchema(now)) return false;
    const { scopes: wasScopes, refreshUrl: _was, description: _d1, ...wasUrls } = flow;
    const { scopes: isScopes, refreshUrl: _is, description: _d2, ...isUrls } = now;
    const [oldScopes, newScopes] = [isSchema(wasScopes) ? wasScopes : {}, isSchema(isScopes) ? isScopes : {}];
    return isDeepStrictEqual(wasUrls, isUrls) && Object.keys(oldScopes).every((scope) => scope in newScopes);
  });
}

/** The scopes of a scheme's flows, whichever flow names them. */
export function scopesOf(scheme: unknown): Set<string> {
  const flows = isSchema(scheme) && isSchema(scheme.flows) ? Object.values(scheme.flows) : [];
  return new Set(flows.flatMap((flow) => (isSchema(flow) && isSchema(flow.scopes) ? Object.keys(flow.scopes) : [])));
}

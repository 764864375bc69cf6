// The rules of changes outside the schemas: operations, parameters, bodies, responses, security, servers, limits.
// An object's properties have theirs in propertyRules.ts.
import type { Rule } from './side.js';

/** Changes outside the schemas. */
export const OTHER_RULES = [
  { id: 'endpoint-added', level: 'info', reason: 'a new operation' },
  { id: 'api-operation-id-added', level: 'info', reason: 'the operation is named (operationId)' },
  {
    id: 'api-operation-id-changed',
    level: 'info',
    reason: 'clients generated from the contract name the operation differently; nothing on the wire changes',
    oasdiff: 'api-operation-id-removed',
  },
  { id: 'new-required-request-parameter', level: 'breaking', reason: 'a request without the new parameter is refused' },
  { id: 'new-optional-request-parameter', level: 'info', reason: 'a new parameter a client may send' },
  { id: 'new-request-path-parameter', level: 'breaking', reason: 'the path of the operation changed' },
  {
    id: 'request-parameter-removed',
    level: 'warning',
    reason: 'the parameter is no longer read: a client that sends it is not told',
  },
  { id: 'request-parameter-became-required', level: 'breaking', reason: 'a request without the parameter is refused' },
  { id: 'request-parameter-became-optional', level: 'info', reason: 'the parameter may be left out' },
  {
    id: 'request-parameter-serialization-changed',
    level: 'breaking',
    reason: 'the parameter is written differently on the wire (style or explode)',
  },
  {
    id: 'request-parameter-default-value-changed',
    level: 'breaking',
    reason: 'a request that leaves the optional parameter out now asks for something else',
  },
  {
    id: 'request-parameter-default-value-added',
    level: 'breaking',
    reason: 'a request that leaves the optional parameter out now asks for the default, not for no value',
  },
  {
    id: 'request-parameter-default-value-removed',
    level: 'breaking',
    reason: 'a request that leaves the optional parameter out no longer asks for the old default',
  },
  { id: 'request-body-added-required', level: 'breaking', reason: 'a request without a body is refused' },
  { id: 'request-body-added-optional', level: 'info', reason: 'a body a client may send' },
  { id: 'request-body-removed', level: 'breaking', reason: 'the body a client sends is no longer read' },
  { id: 'request-body-became-required', level: 'breaking', reason: 'a request without a body is refused' },
  { id: 'request-body-became-optional', level: 'info', reason: 'the body may be left out' },
  { id: 'request-body-media-type-added', level: 'info', reason: 'bodies of another media type are accepted' },
  { id: 'request-body-media-type-removed', level: 'breaking', reason: 'bodies of that media type are refused' },
  { id: 'response-success-status-removed', level: 'breaking', reason: 'a success the client expects is never sent' },
  { id: 'response-non-success-status-removed', level: 'info', reason: 'an error is no longer documented' },
  {
    id: 'response-success-status-added',
    level: 'info',
    reason:
      'one more success status documented; OpenAPI does not expect the responses to cover every status, so a ' +
      'client handles ones it was not told of',
  },
  {
    id: 'response-non-success-status-added',
    level: 'info',
    reason:
      'one more error status documented; OpenAPI does not expect the responses to cover every status, so a ' +
      'client handles ones it was not told of',
  },
  { id: 'response-media-type-removed', level: 'breaking', reason: 'answers of that media type are no longer sent' },
  {
    id: 'response-media-type-added',
    level: 'info',
    reason: 'answers of another media type may be sent, to a client that asks for it (Accept)',
  },
  {
    id: 'response-media-type-name-changed',
    level: 'info',
    reason: 'the media type is sent with other parameters (a charset, a q): the same type, read as before',
  },
  {
    id: 'response-media-type-name-specialized',
    level: 'info',
    reason: 'the media type is a kind of the old one (application/problem+json for application/json): read as before',
  },
  {
    id: 'response-media-type-name-generalized',
    level: 'breaking',
    reason: 'the media type is wider than the old one (application/json for application/problem+json)',
  },
  { id: 'response-header-added', level: 'info', reason: 'a new header in the answer' },
  { id: 'required-response-header-removed', level: 'breaking', reason: 'a header the client relies on is not sent' },
  { id: 'optional-response-header-removed', level: 'warning', reason: 'a header the client may read is not sent' },
  { id: 'response-header-became-optional', level: 'breaking', reason: 'the header may be missing from an answer' },
  { id: 'response-header-became-required', level: 'info', reason: 'the header is always sent now' },
  {
    id: 'api-security-added',
    level: 'breaking',
    reason: 'the operation was open, and needs credentials now',
    departs:
      'oasdiff: info; kept: OpenAPI (Security Requirement Object) lists the schemes required to execute ' +
      'the operation, so a client without credentials is refused',
  },
  { id: 'api-security-removed', level: 'info', reason: 'the operation needs no credentials now' },
  {
    id: 'api-security-alternative-added',
    level: 'info',
    reason: 'one more way to authenticate; the others still work',
  },
  {
    id: 'api-security-alternative-removed',
    level: 'breaking',
    reason: 'a way to authenticate is no longer accepted',
    oasdiff: 'api-security-removed',
    departs: 'oasdiff: info; a client that used it is refused',
  },
  {
    id: 'api-security-scheme-added-to-requirement',
    level: 'breaking',
    reason: 'a requirement now needs one more scheme: both credentials must be sent',
    oasdiff: 'api-security-added',
    departs:
      'oasdiff: info; kept: OpenAPI requires every scheme of a requirement to be satisfied, so a client ' +
      'with the old credentials only is refused',
  },
  {
    id: 'api-security-scheme-removed-from-requirement',
    level: 'info',
    reason: 'a requirement needs one scheme fewer',
    oasdiff: 'api-security-removed',
  },
  {
    id: 'api-security-scope-added',
    level: 'breaking',
    reason: 'a requirement needs one more scope',
    departs:
      'oasdiff: info; kept: OpenAPI names the scopes required for the execution, so a token without the ' +
      'scope is refused',
  },
  { id: 'api-security-scope-removed', level: 'info', reason: 'a requirement needs one scope fewer' },
  {
    id: 'api-security-component-added',
    level: 'info',
    reason: 'a new security scheme; a client is asked for it only where a requirement names it',
  },
  { id: 'api-security-component-removed', level: 'info', reason: 'a security scheme no requirement uses is gone' },
  {
    id: 'api-security-component-changed',
    level: 'breaking',
    reason: 'a scheme a requirement uses changed how credentials are sent',
    oasdiff: 'api-security-component-type-changed',
    departs:
      'oasdiff: info; kept: the Security Scheme Object says where the credentials go (type, in, name), so ' +
      'a client that sends them the old way is refused',
  },
  {
    id: 'api-security-component-widened',
    level: 'info',
    reason: 'a security scheme gained what no client must send: a scope, a flow, a URL to refresh a token at',
    oasdiff: 'api-security-component-oauth-scope-added',
  },
  {
    id: 'api-security-component-flows-changed',
    level: 'info',
    reason:
      'an OAuth flow changed where a token is asked for, or lost a scope or a flow: the credentials a client ' +
      'sends are of the same kind, though it may have to ask for its token elsewhere',
    oasdiff: 'api-security-component-oauth-url-changed',
  },
  {
    id: 'api-unused-security-component-changed',
    level: 'info',
    reason: 'a security scheme no requirement uses changed',
    oasdiff: 'api-security-component-type-changed',
  },
  { id: 'api-base-path-changed', level: 'breaking', reason: 'every path moved: clients call the old ones' },
  { id: 'api-server-added', level: 'info', reason: 'one more server' },
  {
    id: 'api-server-removed',
    level: 'info',
    reason: 'a server is no longer listed: where the API is deployed, not what it accepts or sends',
    departs: 'oasdiff: nothing; it reads servers as deployment',
  },
  {
    id: 'api-limit-decreased',
    level: 'breaking',
    reason: 'a limit of the server (info.x-limits) is lower: what was accepted may be refused',
  },
  { id: 'api-limit-increased', level: 'info', reason: 'a limit of the server (info.x-limits) is higher' },
  { id: 'documentation-changed', level: 'info', reason: 'words only: a description, summary, title or example' },
  {
    id: 'undecided',
    level: 'warning',
    reason: 'whether the change refuses (or sends) other values cannot be decided: read it yourself',
  },
  {
    id: 'undecided-over-budget',
    level: 'breaking',
    reason:
      "whether the change refuses (or sends) other values was not worked out within the diff's bounds, so it " +
      'fails closed: read it yourself, and where it breaks no client, accept it by this rule in spec-diff.rules.yaml',
  },
] as const satisfies readonly Rule[];

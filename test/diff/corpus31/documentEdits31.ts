// Edits of OpenAPI 3.1 and 3.2 documents outside the schemas: webhooks (the API sends the request, the client
// answers), a document without paths, servers: [], path templates, parameters as the text they travel as, security
// schemes, 3.2's QUERY, additionalOperations, querystring and itemSchema. Levels from the specifications.
import { creating, listing, schemas, type Doc, type Edit } from '../corpus/corpus.js';
import { contract31, contract32, hook, hookAnswer, hookBody, withWebhook } from './base.js';
import { document31 } from './rendition.js';

const hooked = () => withWebhook(contract31());
const NO_WEBHOOKS = 'oasdiff does not compare webhooks';
const param = (name: string, location: string, schema: Doc, extra: Doc = {}) => ({
  name,
  in: location,
  schema,
  ...extra,
});
const withQuery = (schema: Doc) => (d: Doc) => (listing(d).parameters = [param('q', 'query', schema)]);
const oneChatbot = (name: string) => (d: Doc) =>
  (d.paths[`/chatbots/{${name}}`] = {
    get: {
      operationId: 'getChatbot',
      parameters: [param(name, 'path', { type: 'string' }, { required: true })],
      responses: { 200: { description: 'one' } },
    },
  });
const renamePath = (from: string, to: string) => (d: Doc) => {
  const item = d.paths[`/chatbots/{${from}}`];
  item.get.parameters[0].name = to;
  delete d.paths[`/chatbots/{${from}}`];
  d.paths[`/chatbots/{${to}}`] = item;
};
const oauth = {
  type: 'oauth2',
  flows: { clientCredentials: { tokenUrl: 'https://auth.example/token', scopes: { read: 'read chatbots' } } },
};
const withOauth = (d: Doc) => {
  d.components.securitySchemes.oauth = structuredClone(oauth);
  listing(d).security = [{ oauth: ['read'] }];
};
const flow = (d: Doc) => d.components.securitySchemes.oauth.flows.clientCredentials;

export const WEBHOOK_EDITS: Edit[] = [
  {
    what: '3.1: a webhook added',
    level: 'info',
    rule: 'endpoint-added',
    oasdiff: null,
    base: contract31,
    edit: withWebhook,
  },
  {
    what: '3.1: a webhook removed',
    level: 'breaking',
    rule: 'api-removed-without-deprecation',
    oasdiff: null,
    departs: `${NO_WEBHOOKS}; clients that rely on it are never called again`,
    base: hooked,
    edit: (d) => delete d.webhooks,
  },
  {
    what: '3.1: a deprecated webhook removed',
    level: 'info',
    rule: 'api-removed-with-deprecation',
    oasdiff: null,
    base: hooked,
    setup: (d) => (hook(d).deprecated = true),
    edit: (d) => delete d.webhooks,
  },
  {
    what: '3.1: a webhook deprecated',
    level: 'info',
    rule: 'endpoint-deprecated',
    oasdiff: null,
    base: hooked,
    edit: (d) => (hook(d).deprecated = true),
  },
  {
    what: "3.1: a webhook's request may carry a number where it carried a string (sent by the API)",
    level: 'breaking',
    rule: 'response-property-type-generalized',
    oasdiff: null,
    departs: `${NO_WEBHOOKS}; the client receives a value it cannot read`,
    base: hooked,
    edit: (d) => (hookBody(d).properties.name.type = ['string', 'integer']),
  },
  {
    what: "3.1: a webhook's request property capped (the API sends shorter names)",
    level: 'info',
    rule: 'response-property-max-length-decreased',
    oasdiff: null,
    base: hooked,
    edit: (d) => (hookBody(d).properties.name.maxLength = 20),
  },
  {
    what: "3.1: a webhook's request property made optional (the API may leave it out)",
    level: 'breaking',
    rule: 'response-property-became-optional',
    oasdiff: null,
    departs: `${NO_WEBHOOKS}; the client reads a name that may be missing`,
    base: hooked,
    edit: (d) => (hookBody(d).required = []),
  },
  {
    what: "3.1: a webhook's answer must now carry a property (sent by the client)",
    level: 'breaking',
    rule: 'new-required-request-property',
    oasdiff: null,
    departs: `${NO_WEBHOOKS}; an answer without it is refused`,
    base: hooked,
    edit: (d) => {
      hookAnswer(d).properties.id = { type: 'string' };
      hookAnswer(d).required = ['id'];
    },
  },
  {
    what: "3.1: a webhook's answer may carry another property",
    level: 'info',
    rule: 'new-optional-request-property',
    oasdiff: null,
    base: hooked,
    edit: (d) => (hookAnswer(d).properties.note = { type: 'string' }),
  },
  {
    what: "3.1: a webhook's answer property narrowed (the API accepts fewer answers)",
    level: 'breaking',
    rule: 'request-property-became-enum',
    oasdiff: null,
    departs: `${NO_WEBHOOKS}; an answer of false is refused`,
    base: hooked,
    edit: (d) => (hookAnswer(d).properties.ok.enum = [true]),
  },
];

/** The document replaced, in place, by another. */
const becomes = (next: (doc: Doc) => Doc) => (d: Doc) => {
  const replacement = next(structuredClone(d));
  for (const key of Object.keys(d)) delete d[key];
  Object.assign(d, replacement);
};

export const DOCUMENT_EDITS_31: Edit[] = [
  {
    what: 'openapi.yaml migrated to its faithful 3.1 rendition: words only (examples)',
    level: 'info',
    rule: 'documentation-changed',
    oasdiff: null,
    edit: becomes((d) => document31(d)),
  },
  {
    what: 'openapi.yaml migrated to its faithful 3.2 rendition: words only (examples)',
    level: 'info',
    rule: 'documentation-changed',
    oasdiff: null,
    edit: becomes((d) => document31(d, '3.2.0')),
  },
  {
    what: '3.1: every path removed, webhooks left (a document without paths)',
    level: 'breaking',
    rule: 'api-removed-without-deprecation',
    oasdiff: ['api-path-removed-without-deprecation', 'ERR'],
    base: hooked,
    edit: (d) => delete d.paths,
  },
  {
    what: '3.1: a summary changed where servers is an empty list',
    level: 'info',
    rule: 'documentation-changed',
    oasdiff: null,
    base: contract31,
    setup: (d) => (d.servers = []),
    edit: (d) => (creating(d).summary = 'Make a chatbot'),
  },
  {
    what: '3.1: servers: [] written as the one server it means ({url: /})',
    level: 'none',
    oasdiff: null,
    base: contract31,
    setup: (d) => (d.servers = []),
    edit: (d) => (d.servers = [{ url: '/' }]),
  },
  {
    what: '3.1: servers: [] left out',
    level: 'none',
    oasdiff: null,
    base: contract31,
    setup: (d) => (d.servers = []),
    edit: (d) => delete d.servers,
  },
  {
    what: '3.1: a path parameter renamed (/chatbots/{chatbotId} → /chatbots/{id})',
    level: 'none',
    oasdiff: null,
    base: contract31,
    setup: oneChatbot('chatbotId'),
    edit: renamePath('chatbotId', 'id'),
  },
  {
    what: '3.1: a path parameter renamed and made an integer',
    level: 'breaking',
    rule: 'request-property-type-specialized',
    oasdiff: ['request-parameter-type-changed', 'ERR'],
    base: contract31,
    setup: oneChatbot('chatbotId'),
    edit: (d) => {
      renamePath('chatbotId', 'id')(d);
      d.paths['/chatbots/{id}'].get.parameters[0].schema.type = 'integer';
    },
  },
  {
    what: '3.1: a query parameter number → string (the wire carries text either way)',
    level: 'warning',
    rule: 'request-property-type-generalized-as-text',
    oasdiff: ['request-parameter-type-changed', 'ERR'],
    departs: 'every number written in a query is a string: nothing that was accepted is refused',
    base: contract31,
    setup: withQuery({ type: 'number' }),
    edit: (d) => (listing(d).parameters[0].schema.type = 'string'),
  },
  {
    what: '3.1: a query parameter string → a list of strings (one value is one item)',
    level: 'info',
    rule: 'request-property-type-generalized',
    oasdiff: ['request-parameter-type-generalized', 'INFO'],
    base: contract31,
    setup: withQuery({ type: 'string' }),
    edit: (d) => (listing(d).parameters[0].schema = { type: 'array', items: { type: 'string' } }),
  },
  {
    what: '3.1: a query parameter string → a list of strings that match a pattern',
    level: 'breaking',
    rule: 'request-property-type-changed',
    oasdiff: ['request-parameter-type-changed', 'ERR'],
    base: contract31,
    setup: withQuery({ type: 'string' }),
    edit: (d) => (listing(d).parameters[0].schema = { type: 'array', items: { type: 'string', pattern: '^[a-z]+$' } }),
  },
  {
    what: '3.1: a query parameter string → number',
    level: 'breaking',
    rule: 'request-property-type-specialized',
    oasdiff: ['request-parameter-type-changed', 'ERR'],
    base: contract31,
    setup: withQuery({ type: 'string' }),
    edit: (d) => (listing(d).parameters[0].schema.type = 'number'),
  },
  {
    what: '3.1: a query parameter boolean → string',
    level: 'warning',
    rule: 'request-property-type-generalized-as-text',
    oasdiff: ['request-parameter-type-changed', 'ERR'],
    departs: '"true" and "false" are strings: nothing that was accepted is refused',
    base: contract31,
    setup: withQuery({ type: 'boolean' }),
    edit: (d) => (listing(d).parameters[0].schema.type = 'string'),
  },
  {
    what: '3.1: a header parameter integer → string',
    level: 'warning',
    rule: 'request-property-type-generalized-as-text',
    oasdiff: ['request-parameter-type-changed', 'ERR'],
    departs: 'a header is text: every integer written in it is a string',
    base: contract31,
    setup: (d) => (listing(d).parameters = [param('X-Page', 'header', { type: 'integer' })]),
    edit: (d) => (listing(d).parameters[0].schema.type = 'string'),
  },
  {
    what: '3.1: an OAuth flow gains a scope',
    level: 'info',
    rule: 'api-security-component-widened',
    oasdiff: ['api-security-component-oauth-scope-added', 'INFO'],
    base: contract31,
    setup: withOauth,
    edit: (d) => (flow(d).scopes.write = 'write chatbots'),
  },
  {
    what: '3.1: an OAuth flow gains a refresh URL',
    level: 'info',
    rule: 'api-security-component-widened',
    oasdiff: ['api-security-component-oauth-scope-added', 'INFO'],
    base: contract31,
    setup: withOauth,
    edit: (d) => (flow(d).refreshUrl = 'https://auth.example/refresh'),
  },
  {
    what: '3.1: an OAuth flow loses the scope a requirement names',
    level: 'breaking',
    rule: 'api-security-component-changed',
    oasdiff: ['api-security-component-oauth-scope-removed', 'INFO'],
    departs: 'a token with the read scope can no longer be had',
    base: contract31,
    setup: withOauth,
    edit: (d) => (flow(d).scopes = { write: 'write chatbots' }),
  },
  {
    what: '3.1: an OAuth flow loses a scope no requirement names',
    level: 'info',
    rule: 'api-security-component-flows-changed',
    oasdiff: ['api-security-component-oauth-scope-removed', 'INFO'],
    base: contract31,
    setup: (d) => {
      withOauth(d);
      flow(d).scopes.write = 'write chatbots';
    },
    edit: (d) => delete flow(d).scopes.write,
  },
  {
    what: '3.1: the token URL of a flow in use moved',
    level: 'info',
    rule: 'api-security-component-flows-changed',
    oasdiff: ['api-security-component-oauth-token-url-changed', 'INFO'],
    base: contract31,
    setup: withOauth,
    edit: (d) => (flow(d).tokenUrl = 'https://auth.example/v2/token'),
  },
  {
    what: "3.1: a security scheme's description changed",
    level: 'info',
    rule: 'documentation-changed',
    oasdiff: null,
    base: contract31,
    edit: (d) => (d.components.securitySchemes.bearerAuth.description = 'Other words.'),
  },
  {
    what: '3.1: a mutualTLS scheme added, unused',
    level: 'info',
    rule: 'api-security-component-added',
    oasdiff: ['api-security-component-added', 'INFO'],
    base: contract31,
    edit: (d) => (d.components.securitySchemes.mtls = { type: 'mutualTLS' }),
  },
  {
    what: '3.1: info.summary changed',
    level: 'info',
    rule: 'documentation-changed',
    oasdiff: null,
    base: contract31,
    edit: (d) => (d.info.summary = 'Chatbots, managed.'),
  },
  {
    what: '3.1: a deprecated operation gets a sunset date (x-sunset)',
    level: 'info',
    rule: 'api-sunset-changed',
    oasdiff: null,
    base: contract31,
    setup: (d) => (listing(d).deprecated = true),
    edit: (d) => (listing(d)['x-sunset'] = '2099-06-30'),
  },
  {
    what: '3.1: the sunset of a deprecated operation brought forward',
    level: 'info',
    rule: 'api-sunset-brought-forward',
    oasdiff: null,
    base: contract31,
    setup: (d) => {
      listing(d).deprecated = true;
      listing(d)['x-sunset'] = '2099-06-30';
    },
    edit: (d) => (listing(d)['x-sunset'] = '2099-01-31'),
  },
  {
    what: '3.1: the sunset of a deprecated operation moved later',
    level: 'info',
    rule: 'api-sunset-changed',
    oasdiff: null,
    base: contract31,
    setup: (d) => {
      listing(d).deprecated = true;
      listing(d)['x-sunset'] = '2099-01-31';
    },
    edit: (d) => (listing(d)['x-sunset'] = '2099-06-30'),
  },
  {
    what: '3.1: openapi 3.1.0 → 3.1.1',
    level: 'none',
    oasdiff: null,
    base: contract31,
    edit: (d) => (d.openapi = '3.1.1'),
  },
  {
    what: '3.1: a path item moved to components.pathItems behind a $ref',
    level: 'none',
    oasdiff: null,
    base: contract31,
    edit: (d) => {
      d.components.pathItems = { Chatbots: d.paths['/chatbots'] };
      d.paths['/chatbots'] = { $ref: '#/components/pathItems/Chatbots' };
    },
  },
  {
    what: '3.1: a required property added to a request (as in 3.0)',
    level: 'breaking',
    rule: 'new-required-request-property',
    oasdiff: ['new-required-request-property', 'ERR'],
    base: contract31,
    edit: (d) => {
      schemas(d).CreateChatbotRequest.properties.team = { type: 'string' };
      schemas(d).CreateChatbotRequest.required.push('team');
    },
  },
];

const search = (d: Doc) => d.paths['/chatbots/search'];
const stream = (d: Doc) =>
  d.paths['/chatbots/stream'].get.responses['200'].content['application/jsonl'].itemSchema.properties;

export const EDITS_32: Edit[] = [
  {
    what: '3.2: a QUERY operation added',
    level: 'info',
    rule: 'endpoint-added',
    oasdiff: ['endpoint-added', 'INFO'],
    base: contract32,
    setup: (d) => delete search(d).query,
    edit: (d) => (search(d).query = { responses: { 200: { description: 'found' } } }),
  },
  {
    what: '3.2: a QUERY operation removed',
    level: 'breaking',
    rule: 'api-removed-without-deprecation',
    oasdiff: ['api-removed-without-deprecation', 'ERR'],
    base: contract32,
    edit: (d) => delete search(d).query,
  },
  {
    what: "3.2: a QUERY operation's body gains a required property",
    level: 'breaking',
    rule: 'new-required-request-property',
    oasdiff: ['new-required-request-property', 'ERR'],
    base: contract32,
    edit: (d) => {
      const schema = search(d).query.requestBody.content['application/json'].schema;
      schema.properties.team = { type: 'string' };
      schema.required = ['team'];
    },
  },
  {
    what: '3.2: an additional operation (COPY) removed',
    level: 'breaking',
    rule: 'api-removed-without-deprecation',
    oasdiff: ['api-removed-without-deprecation', 'ERR'],
    base: contract32,
    edit: (d) => delete search(d).additionalOperations,
  },
  {
    what: '3.2: an additional operation (LINK) added',
    level: 'info',
    rule: 'endpoint-added',
    oasdiff: ['endpoint-added', 'INFO'],
    base: contract32,
    edit: (d) => (search(d).additionalOperations.LINK = { responses: { 204: { description: 'linked' } } }),
  },
  {
    what: '3.2: a required querystring parameter added',
    level: 'breaking',
    rule: 'new-required-request-parameter',
    oasdiff: ['new-required-request-parameter', 'ERR'],
    base: contract32,
    edit: (d) =>
      (listing(d).parameters = [
        {
          name: 'filter',
          in: 'querystring',
          required: true,
          content: { 'application/x-www-form-urlencoded': { schema: { type: 'object' } } },
        },
      ]),
  },
  {
    what: '3.2: an itemSchema property may be a number too (each streamed item)',
    level: 'breaking',
    rule: 'response-property-type-generalized',
    oasdiff: null,
    departs: 'oasdiff does not read itemSchema; a client reads each line as before and meets a number',
    base: contract32,
    edit: (d) => (stream(d).name.type = ['string', 'number']),
  },
  {
    what: '3.2: an itemSchema property capped',
    level: 'info',
    rule: 'response-property-max-length-set',
    oasdiff: null,
    base: contract32,
    edit: (d) => (stream(d).name.maxLength = 40),
  },
  {
    what: '3.2: openapi 3.1.0 → 3.2.0, nothing else',
    level: 'none',
    oasdiff: null,
    base: contract31,
    edit: (d) => (d.openapi = '3.2.0'),
  },
];

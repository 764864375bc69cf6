// Edits of the operations: added, removed, deprecated; their parameters, request bodies, responses and headers.
import { creating, listing, schemas, type Doc, type Edit } from './corpus.js';

const query = (name: string, extra: Doc = {}) => ({ name, in: 'query', schema: { type: 'integer' }, ...extra });
const withLimit = (doc: Doc) => (listing(doc).parameters = [query('limit')]);
const header = (doc: Doc) => doc.paths['/chatbots'].get.responses['200'].headers;

export const OPERATION_EDITS: Edit[] = [
  {
    what: 'a new operation',
    level: 'info',
    rule: 'endpoint-added',
    oasdiff: ['endpoint-added', 'INFO'],
    edit: (d) =>
      (d.paths['/chatbots/{id}'] = { get: { operationId: 'getChatbot', responses: { 200: { description: 'one' } } } }),
  },
  {
    what: 'an operation removed without deprecation',
    level: 'breaking',
    rule: 'api-removed-without-deprecation',
    oasdiff: ['api-removed-without-deprecation', 'ERR'],
    edit: (d) => delete d.paths['/chatbots'].get,
  },
  {
    what: 'a deprecated operation removed',
    level: 'info',
    rule: 'api-removed-with-deprecation',
    oasdiff: ['api-removed-with-deprecation', 'INFO'],
    setup: (d) => (listing(d).deprecated = true),
    edit: (d) => delete d.paths['/chatbots'].get,
  },
  {
    what: 'a whole path removed',
    level: 'breaking',
    rule: 'api-removed-without-deprecation',
    oasdiff: ['api-path-removed-without-deprecation', 'ERR'],
    edit: (d) => delete d.paths['/chatbots'],
  },
  {
    what: 'an operation deprecated',
    level: 'warning',
    rule: 'endpoint-deprecated',
    oasdiff: ['endpoint-deprecated', 'INFO'],
    departs: 'the first step of a removal: a reviewer should see it, and clients should move',
    edit: (d) => (listing(d).deprecated = true),
  },
  {
    what: 'an operation no longer deprecated',
    level: 'info',
    rule: 'endpoint-reactivated',
    oasdiff: ['endpoint-reactivated', 'INFO'],
    setup: (d) => (listing(d).deprecated = true),
    edit: (d) => delete listing(d).deprecated,
  },
  {
    what: 'an operationId renamed',
    level: 'warning',
    rule: 'api-operation-id-changed',
    oasdiff: ['api-operation-id-removed', 'INFO'],
    departs: 'clients generated from the contract stop compiling',
    edit: (d) => (listing(d).operationId = 'getChatbots'),
  },
  {
    what: 'a new required query parameter',
    level: 'breaking',
    rule: 'new-required-request-parameter',
    oasdiff: ['new-required-request-parameter', 'ERR'],
    edit: (d) => (listing(d).parameters = [query('page', { required: true })]),
  },
  {
    what: 'a new optional query parameter',
    level: 'info',
    rule: 'new-optional-request-parameter',
    oasdiff: ['new-optional-request-parameter', 'INFO'],
    edit: (d) => (listing(d).parameters = [query('page')]),
  },
  {
    what: 'a new required header parameter',
    level: 'breaking',
    rule: 'new-required-request-parameter',
    oasdiff: ['new-required-request-parameter', 'ERR'],
    edit: (d) =>
      (listing(d).parameters = [{ name: 'X-Tenant', in: 'header', required: true, schema: { type: 'string' } }]),
  },
  {
    what: 'a path parameter added (the path changes)',
    level: 'breaking',
    rule: 'new-request-path-parameter',
    oasdiff: ['new-request-path-parameter', 'ERR'],
    edit: (d) => (listing(d).parameters = [{ name: 'tenant', in: 'path', required: true, schema: { type: 'string' } }]),
  },
  {
    what: 'a query parameter removed',
    level: 'warning',
    rule: 'request-parameter-removed',
    oasdiff: ['request-parameter-removed', 'WARN'],
    setup: withLimit,
    edit: (d) => delete listing(d).parameters,
  },
  {
    what: 'an optional parameter made required',
    level: 'breaking',
    rule: 'request-parameter-became-required',
    oasdiff: ['request-parameter-became-required', 'ERR'],
    setup: withLimit,
    edit: (d) => (listing(d).parameters[0].required = true),
  },
  {
    what: 'a required parameter made optional',
    level: 'info',
    rule: 'request-parameter-became-optional',
    oasdiff: ['request-parameter-became-optional', 'INFO'],
    setup: (d) => (listing(d).parameters = [query('limit', { required: true })]),
    edit: (d) => (listing(d).parameters[0].required = false),
  },
  {
    what: "a parameter's serialization changed (explode false)",
    level: 'breaking',
    rule: 'request-parameter-serialization-changed',
    oasdiff: null,
    departs: 'oasdiff has no rule for style or explode; the same value is written differently on the wire',
    setup: (d) =>
      (listing(d).parameters = [{ ...query('ids'), schema: { type: 'array', items: { type: 'integer' } } }]),
    edit: (d) => (listing(d).parameters[0].explode = false),
  },
  {
    what: "a parameter's default changed",
    level: 'warning',
    rule: 'request-parameter-default-value-changed',
    oasdiff: ['request-parameter-default-value-changed', 'ERR'],
    departs: 'nothing that was accepted is refused; a request that leaves it out now means something else',
    setup: (d) => (listing(d).parameters = [query('limit', { schema: { type: 'integer', default: 20 } })]),
    edit: (d) => (listing(d).parameters[0].schema.default = 50),
  },
  {
    what: "a parameter's maximum lowered",
    level: 'breaking',
    rule: 'request-property-max-decreased',
    oasdiff: ['request-parameter-max-decreased', 'ERR'],
    setup: (d) => (listing(d).parameters = [query('limit', { schema: { type: 'integer', maximum: 100 } })]),
    edit: (d) => (listing(d).parameters[0].schema.maximum = 50),
  },
  {
    what: "a parameter's enum loses a value",
    level: 'breaking',
    rule: 'request-property-enum-value-removed',
    oasdiff: ['request-parameter-enum-value-removed', 'ERR'],
    setup: (d) => (listing(d).parameters = [query('order', { schema: { type: 'string', enum: ['asc', 'desc'] } })]),
    edit: (d) => listing(d).parameters[0].schema.enum.pop(),
  },
  {
    what: 'the request body made required',
    level: 'breaking',
    rule: 'request-body-became-required',
    oasdiff: ['request-body-became-required', 'ERR'],
    setup: (d) => (creating(d).requestBody.required = false),
    edit: (d) => (creating(d).requestBody.required = true),
  },
  {
    what: 'the request body made optional',
    level: 'info',
    rule: 'request-body-became-optional',
    oasdiff: ['request-body-became-optional', 'INFO'],
    edit: (d) => (creating(d).requestBody.required = false),
  },
  {
    what: 'a required request body added',
    level: 'breaking',
    rule: 'request-body-added-required',
    oasdiff: ['request-body-added-required', 'ERR'],
    edit: (d) =>
      (listing(d).requestBody = { required: true, content: { 'application/json': { schema: { type: 'object' } } } }),
  },
  {
    what: 'an optional request body added',
    level: 'info',
    rule: 'request-body-added-optional',
    oasdiff: ['request-body-added-optional', 'INFO'],
    edit: (d) => (listing(d).requestBody = { content: { 'application/json': { schema: { type: 'object' } } } }),
  },
  {
    what: 'the request body removed',
    level: 'breaking',
    rule: 'request-body-removed',
    oasdiff: ['request-body-removed', 'ERR'],
    edit: (d) => delete creating(d).requestBody,
  },
  {
    what: 'a request media type added',
    level: 'info',
    rule: 'request-body-media-type-added',
    oasdiff: ['request-body-media-type-added', 'INFO'],
    edit: (d) =>
      (creating(d).requestBody.content['application/x-www-form-urlencoded'] = { schema: { type: 'object' } }),
  },
  {
    what: 'the request media type replaced (JSON by XML)',
    level: 'breaking',
    rule: 'request-body-media-type-removed',
    oasdiff: ['request-body-media-type-removed', 'ERR'],
    edit: (d) => {
      const content = creating(d).requestBody.content;
      content['application/xml'] = content['application/json'];
      delete content['application/json'];
    },
  },
  {
    what: 'the success status changed (201 → 200)',
    level: 'breaking',
    rule: 'response-success-status-removed',
    oasdiff: ['response-success-status-removed', 'ERR'],
    edit: (d) => {
      const responses = creating(d).responses;
      responses['200'] = responses['201'];
      delete responses['201'];
    },
  },
  {
    what: 'a success status added (202)',
    level: 'warning',
    rule: 'response-success-status-added',
    oasdiff: ['response-success-status-added', 'INFO'],
    departs: 'a client that checks for 201 sees another success it may not handle',
    edit: (d) => (creating(d).responses['202'] = { description: 'Accepted' }),
  },
  {
    what: 'an error status added (429)',
    level: 'warning',
    rule: 'response-non-success-status-added',
    oasdiff: ['response-non-success-status-added', 'INFO'],
    departs: 'an answer the client did not expect: it may show it as an unknown failure',
    edit: (d) => (listing(d).responses['429'] = { description: 'Too many requests' }),
  },
  {
    what: 'an error status removed (422)',
    level: 'info',
    rule: 'response-non-success-status-removed',
    oasdiff: ['response-non-success-status-removed', 'INFO'],
    edit: (d) => delete creating(d).responses['422'],
  },
  {
    what: 'a response media type added',
    level: 'warning',
    rule: 'response-media-type-added',
    oasdiff: ['response-media-type-added', 'INFO'],
    departs: 'an answer in a media type the client may not read can be sent',
    edit: (d) => (listing(d).responses['200'].content['text/csv'] = { schema: { type: 'string' } }),
  },
  {
    what: 'the response media type replaced',
    level: 'breaking',
    rule: 'response-media-type-removed',
    oasdiff: ['response-media-type-removed', 'ERR'],
    edit: (d) => {
      const content = listing(d).responses['200'].content;
      content['application/xml'] = content['application/json'];
      delete content['application/json'];
    },
  },
  {
    what: 'a response header added',
    level: 'info',
    rule: 'response-header-added',
    oasdiff: ['response-header-added', 'INFO'],
    edit: (d) => (header(d)['X-Total-Count'] = { schema: { type: 'integer' } }),
  },
  {
    what: 'a required response header removed',
    level: 'breaking',
    rule: 'required-response-header-removed',
    oasdiff: ['required-response-header-removed', 'ERR'],
    setup: (d) => (header(d)['X-Total-Count'] = { required: true, schema: { type: 'integer' } }),
    edit: (d) => delete header(d)['X-Total-Count'],
  },
  {
    what: 'an optional response header removed',
    level: 'warning',
    rule: 'optional-response-header-removed',
    oasdiff: ['optional-response-header-removed', 'WARN'],
    setup: (d) => (header(d)['X-Total-Count'] = { schema: { type: 'integer' } }),
    edit: (d) => delete header(d)['X-Total-Count'],
  },
  {
    what: 'a required response header made optional',
    level: 'breaking',
    rule: 'response-header-became-optional',
    oasdiff: ['response-header-became-optional', 'ERR'],
    setup: (d) => (header(d)['X-Total-Count'] = { required: true, schema: { type: 'integer' } }),
    edit: (d) => (header(d)['X-Total-Count'].required = false),
  },
  {
    what: 'an optional response header made required',
    level: 'info',
    rule: 'response-header-became-required',
    oasdiff: null,
    setup: (d) => (header(d)['X-Total-Count'] = { schema: { type: 'integer' } }),
    edit: (d) => (header(d)['X-Total-Count'].required = true),
  },
  {
    what: "a response header's type widened (integer → number)",
    level: 'breaking',
    rule: 'response-property-type-generalized',
    oasdiff: ['response-header-type-generalized', 'ERR'],
    setup: (d) => (header(d)['X-Total-Count'] = { schema: { type: 'integer' } }),
    edit: (d) => (header(d)['X-Total-Count'].schema.type = 'number'),
  },
  {
    what: 'a response header made nullable',
    level: 'breaking',
    rule: 'response-property-became-nullable',
    oasdiff: ['response-header-became-nullable', 'ERR'],
    setup: (d) => (header(d)['X-Total-Count'] = { schema: { type: 'integer' } }),
    edit: (d) => (header(d)['X-Total-Count'].schema.nullable = true),
  },
  {
    what: 'the body of an answer made nullable',
    level: 'breaking',
    rule: 'response-property-became-nullable',
    oasdiff: ['response-body-became-nullable', 'ERR'],
    edit: (d) => (schemas(d).ChatbotListEnvelope.nullable = true),
  },
];

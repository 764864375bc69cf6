// Edits around the operations: security (an OR of ANDs, global or per operation, and its schemes), the servers and
// their base path, this contract's server limits (info.x-limits), and words only.
import { creating, listing, schemas, type Doc, type Edit } from './corpus.js';

const apiKey = { type: 'apiKey', in: 'header', name: 'X-API-Key' };
const withApiKey = (d: Doc) => (d.components.securitySchemes.apiKey = apiKey);

export const SECURITY_EDITS: Edit[] = [
  {
    what: 'an open operation now needs a key',
    level: 'breaking',
    rule: 'api-security-added',
    oasdiff: ['api-security-added', 'INFO'],
    departs:
      'kept against oasdiff: OpenAPI (Security Requirement Object) lists the schemes required to ' +
      'execute the operation; a client that sends no credentials is refused',
    setup: (d) => (listing(d).security = []),
    edit: (d) => delete listing(d).security,
  },
  {
    what: 'an operation opened to anyone',
    level: 'info',
    rule: 'api-security-removed',
    oasdiff: ['api-security-removed', 'INFO'],
    edit: (d) => (listing(d).security = []),
  },
  {
    what: 'the whole API opened (global security removed)',
    level: 'info',
    rule: 'api-security-removed',
    oasdiff: ['api-global-security-removed', 'INFO'],
    edit: (d) => (d.security = []),
  },
  {
    what: 'a second way in (either scheme will do)',
    level: 'info',
    rule: 'api-security-alternative-added',
    oasdiff: ['api-security-added', 'INFO'],
    setup: withApiKey,
    edit: (d) => (listing(d).security = [{ bearerAuth: [] }, { apiKey: [] }]),
  },
  {
    what: 'one of two ways in taken away',
    level: 'breaking',
    rule: 'api-security-alternative-removed',
    oasdiff: ['api-security-removed', 'INFO'],
    departs:
      'kept against oasdiff: OpenAPI accepts any one requirement of the list, and that one is gone; a ' +
      'client that authenticates the removed way is refused',
    setup: (d) => {
      withApiKey(d);
      listing(d).security = [{ bearerAuth: [] }, { apiKey: [] }];
    },
    edit: (d) => (listing(d).security = [{ bearerAuth: [] }]),
  },
  {
    what: 'a scheme added inside the requirement (both now needed)',
    level: 'breaking',
    rule: 'api-security-scheme-added-to-requirement',
    oasdiff: ['api-security-added', 'INFO'],
    departs:
      'kept against oasdiff: OpenAPI requires every scheme of a requirement; a client that sends the ' +
      'bearer token only is refused',
    setup: withApiKey,
    edit: (d) => (listing(d).security = [{ bearerAuth: [], apiKey: [] }]),
  },
  {
    what: 'a scheme taken out of a requirement (one fewer needed)',
    level: 'info',
    rule: 'api-security-scheme-removed-from-requirement',
    oasdiff: ['api-security-removed', 'INFO'],
    setup: (d) => {
      withApiKey(d);
      listing(d).security = [{ bearerAuth: [], apiKey: [] }];
    },
    edit: (d) => (listing(d).security = [{ bearerAuth: [] }]),
  },
  {
    what: 'a scope added to a requirement',
    level: 'breaking',
    rule: 'api-security-scope-added',
    oasdiff: ['api-security-scope-added', 'INFO'],
    departs:
      'kept against oasdiff: OpenAPI names the scopes required for the execution; a token without the ' +
      'new scope is refused',
    setup: (d) => (listing(d).security = [{ bearerAuth: ['read'] }]),
    edit: (d) => (listing(d).security = [{ bearerAuth: ['read', 'write'] }]),
  },
  {
    what: 'a scope taken from a requirement',
    level: 'info',
    rule: 'api-security-scope-removed',
    oasdiff: ['api-security-scope-removed', 'INFO'],
    setup: (d) => (listing(d).security = [{ bearerAuth: ['read', 'write'] }]),
    edit: (d) => (listing(d).security = [{ bearerAuth: ['read'] }]),
  },
  {
    what: 'an unused security scheme added',
    level: 'info',
    rule: 'api-security-component-added',
    oasdiff: ['api-security-component-added', 'INFO'],
    edit: withApiKey,
  },
  {
    what: 'an unused security scheme removed',
    level: 'info',
    rule: 'api-security-component-removed',
    oasdiff: ['api-security-component-removed', 'INFO'],
    setup: withApiKey,
    edit: (d) => delete d.components.securitySchemes.apiKey,
  },
  {
    what: 'an unused security scheme changed',
    level: 'info',
    rule: 'api-unused-security-component-changed',
    oasdiff: ['api-security-component-type-changed', 'INFO'],
    setup: withApiKey,
    edit: (d) => (d.components.securitySchemes.apiKey.name = 'X-Key'),
  },
  {
    what: 'the scheme in use changed (a bearer token → an API key header)',
    level: 'breaking',
    rule: 'api-security-component-changed',
    oasdiff: ['api-security-component-type-changed', 'INFO'],
    departs:
      'kept against oasdiff: the Security Scheme Object says where the credentials go; every client ' +
      'sends its key the old way and is refused',
    edit: (d) => (d.components.securitySchemes.bearerAuth = apiKey),
  },
];

export const DOCUMENT_EDITS: Edit[] = [
  {
    what: "the server's path moved (/api → /v2)",
    level: 'breaking',
    rule: 'api-base-path-changed',
    oasdiff: null,
    departs: 'oasdiff treats servers as deployment metadata; every client calls the old paths',
    edit: (d) => (d.servers[0].url = d.servers[0].url.replace(/\/api$/, '/v2')),
  },
  {
    what: 'the base path of every server moved',
    level: 'breaking',
    rule: 'api-base-path-changed',
    oasdiff: null,
    departs: 'oasdiff treats servers as deployment metadata; every client calls the old paths',
    edit: (d) => (d.servers = [{ url: 'https://example.com/v2' }]),
  },
  {
    what: 'a server added',
    level: 'info',
    rule: 'api-server-added',
    oasdiff: null,
    edit: (d) => d.servers.push({ url: 'https://staging.example.com/api' }),
  },
  {
    what: 'a server removed',
    level: 'info',
    rule: 'api-server-removed',
    oasdiff: null,
    setup: (d) => d.servers.push({ url: 'https://staging.example.com/api' }),
    edit: (d) => d.servers.pop(),
  },
  {
    what: 'a server limit lowered (info.x-limits max-chatbots-per-account)',
    level: 'breaking',
    rule: 'api-limit-decreased',
    oasdiff: null,
    departs: "oasdiff does not read this contract's own limits; a create that was accepted is refused",
    edit: (d) => (d.info['x-limits']['max-chatbots-per-account'] = 100),
  },
  {
    what: 'a server limit raised (info.x-limits max-body-bytes)',
    level: 'info',
    rule: 'api-limit-increased',
    oasdiff: null,
    edit: (d) => (d.info['x-limits']['max-body-bytes'] = 204_800),
  },
  {
    what: 'a summary changed',
    level: 'info',
    rule: 'documentation-changed',
    oasdiff: null,
    edit: (d) => (creating(d).summary = 'Make a chatbot'),
  },
  {
    what: 'the API description changed',
    level: 'info',
    rule: 'documentation-changed',
    oasdiff: null,
    edit: (d) => (d.info.description = 'Other words.'),
  },
  {
    what: 'a field description changed',
    level: 'info',
    rule: 'documentation-changed',
    oasdiff: null,
    edit: (d) => (schemas(d).ChatbotName.description = 'What people call it.'),
  },
  {
    what: 'an example inside a response changed',
    level: 'info',
    rule: 'documentation-changed',
    oasdiff: null,
    edit: (d) => {
      const examples = creating(d).responses['201'].content['application/json'].examples;
      const [first] = Object.values<Doc>(examples);
      if (first) first.value.data.name = 'Another name';
    },
  },
  {
    what: 'a server description changed',
    level: 'info',
    rule: 'documentation-changed',
    oasdiff: null,
    edit: (d) => (d.servers[0].description = 'Another machine.'),
  },
  {
    what: 'nothing but the version',
    level: 'none',
    oasdiff: null,
    edit: (d) => (d.info.version = '1.0.1'),
  },
];

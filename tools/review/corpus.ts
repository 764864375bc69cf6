// Edits of openapi.yaml classified by hand, each by what it does to a client that
// sends the requests and reads the responses the contract documents: every kind
// of change the contract can make. test/spec-diff.test.ts runs them through
// spec:diff; tools/review/peers.ts through a peer that installs from npm.
import type { OpenAPIV3 } from 'openapi-types';

export type Doc = OpenAPIV3.Document & Record<string, unknown>;
export type Level = 'breaking' | 'warning' | 'info';

type Schema = { properties: Record<string, Record<string, unknown>>; required: string[]; maxLength?: number; minLength?: number; additionalProperties?: unknown; [key: string]: unknown };
const schemas = (doc: Doc) => doc.components!.schemas! as Record<string, Schema>;
const limits = (doc: Doc) => (doc.info as unknown as { 'x-limits': Record<string, number> })['x-limits'];
const operation = (doc: Doc, method: 'get' | 'post') => doc.paths['/chatbots']![method]! as unknown as Record<string, unknown> & { responses: Record<string, unknown> };

/** [what the edit does, its level, the edit itself]. */
export const CORPUS: [string, Level, (doc: Doc) => void][] = [
  // Requests: accepting less breaks; accepting more is safe.
  ['a request limit tightened (name maxLength 200 → 100)', 'breaking', (d) => void (schemas(d).ChatbotName!.maxLength = 100)],
  ['a request minimum raised (name minLength 1 → 3)', 'breaking', (d) => void (schemas(d).ChatbotName!.minLength = 3)],
  ['a new required request field', 'breaking', (d) => { schemas(d).CreateChatbotRequest!.properties.team = { type: 'string' }; schemas(d).CreateChatbotRequest!.required.push('team'); }],
  ['an optional request field made required', 'breaking', (d) => void schemas(d).CreateChatbotRequest!.required.push('settings')],
  ['a request refusing fields it accepted (settings additionalProperties → false)', 'breaking', (d) => void (schemas(d).ChatbotSettingsInput!.additionalProperties = false)],
  ['a request field\'s type changed', 'breaking', (d) => void (schemas(d).CreateChatbotRequest!.properties.name = { type: 'integer' })],
  ['a request field removed (no longer accepted)', 'breaking', (d) => void delete schemas(d).CreateChatbotRequest!.properties.settings],
  ['a request pattern added to name', 'breaking', (d) => void (schemas(d).ChatbotName!.pattern = '^[A-Z]')],
  ['a new required query parameter', 'breaking', (d) => void (operation(d, 'get').parameters = [{ name: 'page', in: 'query', required: true, schema: { type: 'integer' } }])],
  ['an optional request field added', 'info', (d) => void (schemas(d).CreateChatbotRequest!.properties.team = { type: 'string' })],
  ['a new optional query parameter', 'info', (d) => void (operation(d, 'get').parameters = [{ name: 'page', in: 'query', required: false, schema: { type: 'integer' } }])],
  ['a request limit loosened (name maxLength 200 → 300)', 'breaking', (d) => void (schemas(d).ChatbotName!.maxLength = 300)],
  ['a request enum added where any value was (settings theme)', 'breaking', (d) => void ((schemas(d).ChatbotSettingsInput!.properties as Record<string, Record<string, unknown>>).theme!.enum = ['light', 'dark'])],
  ['a request size limit lowered (settings x-max-depth 8 → 4)', 'breaking', (d) => void (schemas(d).ChatbotSettingsInput!['x-max-depth'] = 4)],
  ['a request limit of the server loosened (info.x-limits max-body-bytes raised)', 'info', (d) => void (limits(d)['max-body-bytes'] = 204_800)],
  ['a request limit of the server tightened (info.x-limits max-chatbots-per-account lowered)', 'breaking', (d) => void (limits(d)['max-chatbots-per-account'] = 100)],
  ['the request body made optional', 'info', (d) => void ((operation(d, 'post').requestBody as { required: boolean }).required = false)],
  ['a request content type removed (JSON replaced by XML)', 'breaking', (d) => { const content = (operation(d, 'post').requestBody as { content: Record<string, unknown> }).content; content['application/xml'] = content['application/json']; delete content['application/json']; }],
  ['a new required header parameter', 'breaking', (d) => void (operation(d, 'get').parameters = [{ name: 'X-Tenant', in: 'header', required: true, schema: { type: 'string' } }])],
  // Responses: sending more or other values breaks; sending less is safe.
  ['a response field removed', 'breaking', (d) => { delete schemas(d).Chatbot!.properties.is_active; schemas(d).Chatbot!.required = schemas(d).Chatbot!.required.filter((f) => f !== 'is_active'); }],
  ['a response field renamed', 'breaking', (d) => { const c = schemas(d).Chatbot!; c.properties.title = c.properties.name!; delete c.properties.name; c.required = c.required.map((f) => (f === 'name' ? 'title' : f)); }],
  ['a response field\'s type changed', 'breaking', (d) => void (schemas(d).Chatbot!.properties.is_active = { type: 'string' })],
  ['a response field no longer required (may be missing)', 'breaking', (d) => void (schemas(d).Chatbot!.required = schemas(d).Chatbot!.required.filter((f) => f !== 'is_active'))],
  ['a response field made nullable', 'breaking', (d) => void (schemas(d).Chatbot!.properties.is_active!.nullable = true)],
  ['a response enum added where any value was (a narrower response)', 'info', (d) => void ((schemas(d).ChatbotSettings!.properties as Record<string, Record<string, unknown>>).theme!.enum = ['light', 'dark'])],
  ['a response pattern removed (created_at may be any string)', 'breaking', (d) => void delete (schemas(d).Chatbot!.properties.created_at as Record<string, unknown>).pattern],
  ['a response content type changed', 'breaking', (d) => { const content = (operation(d, 'get').responses['200'] as { content: Record<string, unknown> }).content; content['application/xml'] = content['application/json']; delete content['application/json']; }],
  ['a response header added', 'info', (d) => void ((operation(d, 'get').responses['200'] as { headers: Record<string, unknown> }).headers['X-Total-Count'] = { schema: { type: 'integer' } })],
  ['a default setting changed (what a create without settings gets)', 'warning', (d) => void ((schemas(d).ChatbotSettings!.default as Record<string, unknown>).theme = 'dark')],
  ['a response field added', 'warning', (d) => void (schemas(d).Chatbot!.properties.team = { type: 'string' })],
  ['a status code removed from an operation', 'breaking', (d) => void delete operation(d, 'post').responses['422']],
  ['a new status code on an operation', 'warning', (d) => void (operation(d, 'get').responses['429'] = { description: 'Too many requests' })],
  ['the success status changed (201 → 200)', 'breaking', (d) => { const r = operation(d, 'post').responses; r['200'] = r['201']; delete r['201']; }],
  ['a response header removed', 'breaking', (d) => void delete (operation(d, 'post').responses['201'] as { headers: Record<string, unknown> }).headers['Cache-Control']],
  // Operations and paths.
  ['an operation removed', 'breaking', (d) => void delete d.paths['/chatbots']!.get],
  ['a path removed', 'breaking', (d) => void delete d.paths['/chatbots']],
  ['a new operation', 'info', (d) => void ((d.paths as Record<string, unknown>)['/chatbots/{id}'] = { get: { operationId: 'getChatbot', parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }], responses: { '200': { description: 'The chatbot.' } } } })],
  ['an operation deprecated', 'warning', (d) => void (operation(d, 'get').deprecated = true)],
  ['the security requirement removed from an operation', 'info', (d) => void (operation(d, 'get').security = [])],
  ['the security requirement removed from the whole API', 'info', (d) => void (d.security = [])],
  ['the security scheme changed (a bearer token → an API key header)', 'breaking', (d) => void (d.components!.securitySchemes!.bearerAuth = { type: 'apiKey', in: 'header', name: 'X-API-Key' })],
  ['an operationId renamed (generated clients change)', 'warning', (d) => void (operation(d, 'get').operationId = 'getChatbots')],
  ["the server's path moved (/api → /v2)", 'breaking', (d) => void (d.servers = d.servers!.map((server) => ({ ...server, url: server.url.replace(/\/api$/, '/v2') })))],
  ['a server description changed', 'info', (d) => void (d.servers![0]!.description = 'Another machine.')],
  // Words only.
  ['a summary changed', 'info', (d) => void (operation(d, 'post').summary = 'Make a chatbot')],
  ['the API description changed', 'info', (d) => void (d.info.description = 'Other words.')],
  ['a field description changed', 'info', (d) => void (schemas(d).ChatbotName!.description = 'What people call it.')],
  ['an example changed', 'info', (d) => void (schemas(d).ChatbotName!.example = 'Helper')],
  ['a value inside a response example changed', 'info', (d) => void ((operation(d, 'post').responses['201'] as { content: Record<string, { examples: Record<string, { value: { data: { name: string } } }> }> }).content['application/json']!.examples.nameOnly!.value.data.name = 'Helper')],
];


// Edits of the contract's own schemas, where they are: a schema that requests and responses share (ChatbotName) is
// judged by its most severe side, and the change is one line. These are the edits a reviewer meets most.
import { creating, schemas, type Doc, type Edit } from './corpus.js';

const name = (d: Doc) => schemas(d).ChatbotName;
const chatbot = (d: Doc) => schemas(d).Chatbot;
const create = (d: Doc) => schemas(d).CreateChatbotRequest;

export const CONTRACT_EDITS: Edit[] = [
  {
    what: 'a shared limit tightened (name maxLength 200 → 100)',
    level: 'breaking',
    rule: 'request-property-max-length-decreased',
    oasdiff: ['request-property-max-length-decreased', 'ERR'],
    edit: (d) => (name(d).maxLength = 100),
  },
  {
    what: 'a shared limit loosened (name maxLength 200 → 300)',
    level: 'breaking',
    rule: 'response-property-max-length-increased',
    oasdiff: ['response-property-max-length-increased', 'ERR'],
    edit: (d) => (name(d).maxLength = 300),
  },
  {
    what: 'a shared minimum raised (name minLength 1 → 3)',
    level: 'breaking',
    rule: 'request-property-min-length-increased',
    oasdiff: ['request-property-min-length-increased', 'ERR'],
    edit: (d) => (name(d).minLength = 3),
  },
  {
    what: 'a new required request field',
    level: 'breaking',
    rule: 'new-required-request-property',
    oasdiff: ['new-required-request-property', 'ERR'],
    edit: (d) => {
      create(d).properties.team = { type: 'string' };
      create(d).required.push('team');
    },
  },
  {
    what: 'an optional request field added',
    level: 'info',
    rule: 'new-optional-request-property',
    oasdiff: ['new-optional-request-property', 'INFO'],
    edit: (d) => (create(d).properties.team = { type: 'string' }),
  },
  {
    what: 'an optional request field made required (settings)',
    level: 'breaking',
    rule: 'request-property-became-required',
    oasdiff: ['request-property-became-required', 'ERR'],
    edit: (d) => create(d).required.push('settings'),
  },
  {
    what: 'a request field removed from an object that refuses unnamed ones',
    level: 'breaking',
    rule: 'request-property-removed-refused',
    oasdiff: ['request-property-removed', 'WARN'],
    departs: 'CreateChatbotRequest refuses properties it does not name: a client that sends settings is refused',
    edit: (d) => delete create(d).properties.settings,
  },
  {
    what: 'a request field removed from an object that lets unnamed ones in',
    level: 'warning',
    rule: 'request-property-removed',
    oasdiff: ['request-property-removed', 'WARN'],
    setup: (d) => delete create(d).additionalProperties,
    edit: (d) => delete create(d).properties.settings,
  },
  {
    what: 'settings refuse keys they accepted (additionalProperties → false)',
    level: 'breaking',
    rule: 'request-property-additional-properties-refused',
    oasdiff: null,
    departs: 'oasdiff has no rule for additionalProperties; a setting the client sends is refused',
    edit: (d) => (schemas(d).ChatbotSettingsInput.additionalProperties = false),
  },
  {
    what: 'settings may nest less deeply (x-max-depth 8 → 4)',
    level: 'breaking',
    rule: 'request-property-size-limit-decreased',
    oasdiff: null,
    departs: "oasdiff does not read this contract's own limits; settings 8 levels deep are refused",
    edit: (d) => (schemas(d).ChatbotSettingsInput['x-max-depth'] = 4),
  },
  {
    what: 'a request enum added where any theme was',
    level: 'breaking',
    rule: 'request-property-became-enum',
    oasdiff: ['request-property-became-enum', 'ERR'],
    edit: (d) => (schemas(d).ChatbotSettingsInput.properties.theme.enum = ['light', 'dark']),
  },
  {
    what: 'a response field removed',
    level: 'breaking',
    rule: 'response-required-property-removed',
    oasdiff: ['response-required-property-removed', 'ERR'],
    edit: (d) => {
      delete chatbot(d).properties.is_active;
      chatbot(d).required = chatbot(d).required.filter((field: string) => field !== 'is_active');
    },
  },
  {
    what: 'a response field renamed',
    level: 'breaking',
    rule: 'response-required-property-removed',
    oasdiff: ['response-required-property-removed', 'ERR'],
    edit: (d) => {
      const c = chatbot(d);
      c.properties.title = c.properties.name;
      delete c.properties.name;
      c.required = c.required.map((field: string) => (field === 'name' ? 'title' : field));
    },
  },
  {
    what: "a response field's type changed",
    level: 'breaking',
    rule: 'response-property-type-changed',
    oasdiff: ['response-property-type-changed', 'ERR'],
    edit: (d) => (chatbot(d).properties.is_active = { type: 'string' }),
  },
  {
    what: 'a response field no longer required',
    level: 'breaking',
    rule: 'response-property-became-optional',
    oasdiff: ['response-property-became-optional', 'ERR'],
    edit: (d) => (chatbot(d).required = chatbot(d).required.filter((field: string) => field !== 'created_at')),
  },
  {
    what: 'a response field made nullable',
    level: 'breaking',
    rule: 'response-property-became-nullable',
    oasdiff: ['response-property-became-nullable', 'ERR'],
    edit: (d) => (chatbot(d).properties.is_active.nullable = true),
  },
  {
    what: 'a response field added',
    level: 'info',
    rule: 'response-optional-property-added',
    oasdiff: ['response-optional-property-added', 'INFO'],
    edit: (d) => (chatbot(d).properties.team = { type: 'string' }),
  },
  {
    what: 'an optional response field removed from an object that sends no other',
    level: 'info',
    rule: 'response-optional-property-no-longer-sent',
    oasdiff: ['response-optional-property-removed', 'WARN'],
    departs: 'Chatbot sends no property it does not name: nothing the old contract ruled out may be sent',
    setup: (d) => (chatbot(d).properties.team = { type: 'string' }),
    edit: (d) => delete chatbot(d).properties.team,
  },
  {
    what: 'a oneOf branch added to a response field (theme may be a number)',
    level: 'breaking',
    rule: 'response-property-one-of-added',
    oasdiff: ['response-property-one-of-added', 'ERR'],
    edit: (d) => {
      const theme = schemas(d).ChatbotSettings.properties.theme;
      schemas(d).ChatbotSettings.properties.theme = { oneOf: [theme, { type: 'number' }] };
    },
  },
  {
    what: 'an allOf that adds a maxLength to a request field',
    level: 'breaking',
    rule: 'request-property-all-of-added',
    oasdiff: ['request-property-all-of-added', 'ERR'],
    edit: (d) =>
      (create(d).properties.name = { allOf: [{ $ref: '#/components/schemas/ChatbotName' }, { maxLength: 50 }] }),
  },
  {
    what: 'an allOf conjunct dropped from a response field',
    level: 'breaking',
    rule: 'response-property-all-of-removed',
    oasdiff: ['response-property-all-of-removed', 'INFO'],
    departs: 'names longer than 50 may be sent: the limit the conjunct promised is gone',
    setup: (d) =>
      (chatbot(d).properties.name = { allOf: [{ $ref: '#/components/schemas/ChatbotName' }, { maxLength: 50 }] }),
    edit: (d) => (chatbot(d).properties.name = { allOf: [{ $ref: '#/components/schemas/ChatbotName' }] }),
  },
  {
    what: 'a schema wrapped in an allOf of itself',
    level: 'info',
    rule: 'request-property-rewritten',
    oasdiff: ['request-property-all-of-added-annotation-only', 'INFO'],
    edit: (d) => (create(d).properties.name = { allOf: [{ $ref: '#/components/schemas/ChatbotName' }] }),
  },
  {
    what: 'a request default changed (the theme a create without one gets)',
    level: 'info',
    rule: 'request-property-default-value-changed',
    oasdiff: ['request-property-default-value-changed', 'INFO'],
    setup: (d) => (schemas(d).ChatbotSettingsInput.properties.theme.default = 'light'),
    edit: (d) => (schemas(d).ChatbotSettingsInput.properties.theme.default = 'dark'),
  },
  {
    what: 'a request field made writeOnly',
    level: 'info',
    rule: 'documentation-changed',
    oasdiff: ['request-optional-property-became-write-only', 'INFO'],
    edit: (d) => (schemas(d).ChatbotSettingsInput.properties.theme.writeOnly = true),
  },
  {
    what: 'a response pattern removed (created_at keeps its format)',
    level: 'info',
    rule: 'response-property-pattern-removed',
    oasdiff: ['response-property-pattern-removed', 'INFO'],
    edit: (d) => delete chatbot(d).properties.created_at.pattern,
  },
  {
    what: 'the request media type keeps its examples but loses its schema name (inline copy)',
    level: 'none',
    oasdiff: null,
    edit: (d) => {
      const media = creating(d).requestBody.content['application/json'];
      media.schema = structuredClone(create(d));
    },
  },
];

// The corpus's edits of what a client sends (tools/review/corpus.ts): accepting less breaks; accepting more is safe.
/* eslint-disable @typescript-eslint/no-non-null-assertion -- each edit is written for openapi.yaml and names parts it
   has: one that is not there fails test/spec-diff.test.ts, which runs every edit. */
import { limits, operation, schemas, type Edit } from './corpusEdit.js';

export const REQUEST_EDITS: Edit[] = [
  [
    'a request limit tightened (name maxLength 200 → 100)',
    'breaking',
    (d) => void (schemas(d).ChatbotName.maxLength = 100),
  ],
  ['a request minimum raised (name minLength 1 → 3)', 'breaking', (d) => void (schemas(d).ChatbotName.minLength = 3)],
  [
    'a new required request field',
    'breaking',
    (d) => {
      schemas(d).CreateChatbotRequest.properties.team = { type: 'string' };
      schemas(d).CreateChatbotRequest.required.push('team');
    },
  ],
  [
    'an optional request field made required',
    'breaking',
    (d) => void schemas(d).CreateChatbotRequest.required.push('settings'),
  ],
  [
    'a request refusing fields it accepted (settings additionalProperties → false)',
    'breaking',
    (d) => void (schemas(d).ChatbotSettingsInput.additionalProperties = false),
  ],
  [
    "a request field's type changed",
    'breaking',
    (d) => void (schemas(d).CreateChatbotRequest.properties.name = { type: 'integer' }),
  ],
  [
    'a request field removed (no longer accepted)',
    'breaking',
    (d) => void delete schemas(d).CreateChatbotRequest.properties.settings,
  ],
  ['a request pattern added to name', 'breaking', (d) => void (schemas(d).ChatbotName.pattern = '^[A-Z]')],
  [
    'a new required query parameter',
    'breaking',
    (d) =>
      void (operation(d, 'get').parameters = [
        { name: 'page', in: 'query', required: true, schema: { type: 'integer' } },
      ]),
  ],
  [
    'an optional request field added',
    'info',
    (d) => void (schemas(d).CreateChatbotRequest.properties.team = { type: 'string' }),
  ],
  [
    'a new optional query parameter',
    'info',
    (d) =>
      void (operation(d, 'get').parameters = [
        { name: 'page', in: 'query', required: false, schema: { type: 'integer' } },
      ]),
  ],
  [
    'a request limit loosened (name maxLength 200 → 300)',
    'breaking',
    (d) => void (schemas(d).ChatbotName.maxLength = 300),
  ],
  [
    'a request enum added where any value was (settings theme)',
    'breaking',
    (d) => void (schemas(d).ChatbotSettingsInput.properties.theme!.enum = ['light', 'dark']),
  ],
  [
    'a request size limit lowered (settings x-max-depth 8 → 4)',
    'breaking',
    (d) => void (schemas(d).ChatbotSettingsInput['x-max-depth'] = 4),
  ],
  [
    'a request limit of the server loosened (info.x-limits max-body-bytes raised)',
    'info',
    (d) => void (limits(d)['max-body-bytes'] = 204_800),
  ],
  [
    'a request limit of the server tightened (info.x-limits max-chatbots-per-account lowered)',
    'breaking',
    (d) => void (limits(d)['max-chatbots-per-account'] = 100),
  ],
  [
    'the request body made optional',
    'info',
    (d) => void ((operation(d, 'post').requestBody as { required: boolean }).required = false),
  ],
  [
    'a request content type removed (JSON replaced by XML)',
    'breaking',
    (d) => {
      const content = (operation(d, 'post').requestBody as { content: Record<string, unknown> }).content;
      content['application/xml'] = content['application/json'];
      delete content['application/json'];
    },
  ],
  [
    'a new required header parameter',
    'breaking',
    (d) =>
      void (operation(d, 'get').parameters = [
        { name: 'X-Tenant', in: 'header', required: true, schema: { type: 'string' } },
      ]),
  ],
];

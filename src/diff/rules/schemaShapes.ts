// Schema changes to a shape: required properties, alternatives, unnamed properties, other keywords, defaults.
import type { SchemaKinds } from './side.js';

export const SHAPE_KINDS: SchemaKinds = {
  'became-required': {
    request: ['breaking', 'a request without the property is refused'],
    response: ['info', 'the property is always sent now'],
  },
  'became-optional': {
    request: ['info', 'the property may be left out'],
    response: ['breaking', 'the property may be missing from an answer'],
  },
  'one-of-added': {
    request: ['info', 'values of the new alternative are accepted too'],
    response: ['breaking', 'values of the new alternative may be sent'],
  },
  'one-of-removed': {
    request: ['breaking', 'values of the removed alternative are refused'],
    response: ['info', 'values of the removed alternative are no longer sent'],
  },
  'any-of-added': {
    request: ['info', 'values of the new alternative are accepted too'],
    response: [
      'breaking',
      'values of the new alternative may be sent',
      '',
      'oasdiff: info; a new alternative is a value the client did not expect',
    ],
  },
  'any-of-removed': {
    request: ['breaking', 'values of the removed alternative are refused'],
    response: ['info', 'values of the removed alternative are no longer sent'],
  },
  'all-of-added': {
    request: ['breaking', 'values must also satisfy the new schema'],
    response: ['info', 'values also satisfy the new schema'],
  },
  'all-of-removed': {
    request: ['info', 'values need no longer satisfy the removed schema', '', 'oasdiff: warning; nothing is refused'],
    response: [
      'breaking',
      'values need no longer satisfy the removed schema',
      '',
      'oasdiff: info; the client may rely on what the removed schema promised',
    ],
  },
  'additional-properties-refused': {
    request: ['breaking', 'properties the schema does not name are refused', '-'],
    response: ['info', 'no property beyond the named ones is sent', '-'],
  },
  'additional-properties-allowed': {
    request: ['info', 'properties the schema does not name are accepted', '-'],
    response: ['breaking', 'properties the client does not know of may be sent', '-'],
  },
  'constraint-tightened': {
    request: ['breaking', 'the schema refuses values it accepted (a changed keyword such as multipleOf or not)', '-'],
    response: ['info', 'the schema lets fewer values through', '-'],
  },
  'constraint-loosened': {
    request: ['info', 'the schema accepts values it refused', '-'],
    response: ['breaking', 'values the old schema refused may be sent', '-'],
  },
  'default-value-changed': {
    request: ['info', 'what a client sends is accepted as before; only the value assumed when it is left out changed'],
    response: ['info', 'the documented default changed'],
  },
  rewritten: {
    request: ['info', 'written differently, the schema accepts exactly the same values', '-'],
    response: ['info', 'written differently, the schema lets exactly the same values through', '-'],
  },
};

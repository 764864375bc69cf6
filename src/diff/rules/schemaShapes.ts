// Schema changes to a shape: required properties, alternatives, unnamed properties, other keywords, defaults.
import type { SchemaKinds } from './side.js';

export const SHAPE_KINDS = {
  'became-required': {
    request: { level: 'breaking', reason: 'a request without the property is refused' },
    response: { level: 'info', reason: 'the property is always sent now' },
  },
  'became-optional': {
    request: { level: 'info', reason: 'the property may be left out' },
    response: { level: 'breaking', reason: 'the property may be missing from an answer' },
  },
  'one-of-added': {
    request: { level: 'info', reason: 'values of the new alternative are accepted too' },
    response: { level: 'breaking', reason: 'values of the new alternative may be sent' },
  },
  'one-of-removed': {
    request: { level: 'breaking', reason: 'values of the removed alternative are refused' },
    response: { level: 'info', reason: 'values of the removed alternative are no longer sent' },
  },
  'any-of-added': {
    request: { level: 'info', reason: 'values of the new alternative are accepted too' },
    response: {
      level: 'breaking',
      reason: 'values of the new alternative may be sent',
      departs: 'oasdiff: info; a new alternative is a value the client did not expect',
    },
  },
  'any-of-removed': {
    request: { level: 'breaking', reason: 'values of the removed alternative are refused' },
    response: { level: 'info', reason: 'values of the removed alternative are no longer sent' },
  },
  'all-of-added': {
    request: { level: 'breaking', reason: 'values must also satisfy the new schema' },
    response: { level: 'info', reason: 'values also satisfy the new schema' },
  },
  'all-of-removed': {
    request: {
      level: 'warning',
      reason: 'values need no longer satisfy the removed schema: the server may meet values it never checked',
    },
    response: {
      level: 'breaking',
      reason: 'values need no longer satisfy the removed schema',
      departs: 'oasdiff: info; the client may rely on what the removed schema promised',
    },
  },
  'additional-properties-refused': {
    request: { level: 'breaking', reason: 'properties the schema does not name are refused', oasdiff: false },
    response: { level: 'info', reason: 'no property beyond the named ones is sent', oasdiff: false },
  },
  'additional-properties-allowed': {
    request: { level: 'info', reason: 'properties the schema does not name are accepted', oasdiff: false },
    response: { level: 'breaking', reason: 'properties the client does not know of may be sent', oasdiff: false },
  },
  'constraint-tightened': {
    request: {
      level: 'breaking',
      reason: 'the schema refuses values it accepted (a changed keyword such as multipleOf or not)',
      oasdiff: false,
    },
    response: { level: 'info', reason: 'the schema lets fewer values through', oasdiff: false },
  },
  'constraint-loosened': {
    request: { level: 'info', reason: 'the schema accepts values it refused', oasdiff: false },
    response: { level: 'breaking', reason: 'values the old schema refused may be sent', oasdiff: false },
  },
  'default-value-changed': {
    request: {
      level: 'info',
      reason: 'what a client sends is accepted as before; only the value assumed when it is left out changed',
    },
    response: { level: 'info', reason: 'the documented default changed' },
  },
  rewritten: {
    request: {
      level: 'info',
      reason: 'written differently, the schema accepts exactly the same values',
      oasdiff: false,
    },
    response: {
      level: 'info',
      reason: 'written differently, the schema lets exactly the same values through',
      oasdiff: false,
    },
  },
} as const satisfies SchemaKinds;

// Schema changes to the values themselves: type, enum, nullable, format, pattern.
import type { SchemaKinds } from './side.js';

export const VALUE_KINDS = {
  'type-generalized': {
    request: { level: 'info', reason: 'values of the old type are still accepted, and more' },
    response: { level: 'breaking', reason: 'values of a type the client did not expect may be sent' },
  },
  'type-generalized-as-text': {
    request: {
      level: 'warning',
      reason:
        'the value travels as text either way, and what was sent is still accepted, but the server now takes ' +
        'text it parsed as a number, a boolean or one item before',
      oasdiff: 'request-parameter-property-type-changed',
    },
    response: {
      level: 'breaking',
      reason: 'text the client parsed as a number, a boolean or one item may now be any text',
      oasdiff: 'response-header-type-changed',
    },
  },
  'type-compatible': {
    request: {
      level: 'info',
      reason: 'in a body that is not JSON every value reads as text: a string holds what was sent',
    },
    response: {
      level: 'info',
      reason: 'in a body that is not JSON every value reads as text, as the client read the string it got',
    },
  },
  'type-specialized': {
    request: {
      level: 'breaking',
      reason: 'values of a type that was accepted are refused',
      oasdiff: 'request-property-type-changed',
    },
    response: { level: 'info', reason: 'only some of the types the client expects are sent' },
  },
  'type-changed': {
    request: { level: 'breaking', reason: 'values of the old type are refused' },
    response: { level: 'breaking', reason: 'values of a type the client does not expect are sent' },
  },
  'enum-value-added': {
    request: { level: 'info', reason: 'one more value is accepted' },
    response: {
      level: 'breaking',
      reason: 'a value the client does not know may be sent: one that switches over the values cannot handle it',
      departs: 'oasdiff: warning; the old contract never sent the value (x-extensible-enum marks a list that grows)',
    },
  },
  'enum-value-removed': {
    request: { level: 'breaking', reason: 'a value that was accepted is refused' },
    response: { level: 'info', reason: 'one value fewer may be sent' },
  },
  'became-enum': {
    request: { level: 'breaking', reason: 'only the listed values are accepted now' },
    response: {
      level: 'info',
      reason: 'only the listed values are sent now',
      oasdiff: 'response-property-enum-value-removed',
    },
  },
  'enum-removed': {
    request: {
      level: 'info',
      reason: 'any value of the type is accepted now, not only the listed ones',
      oasdiff: 'request-property-enum-value-added',
    },
    response: {
      level: 'breaking',
      reason: 'values beyond the listed ones may be sent',
      oasdiff: 'response-property-enum-value-added',
      departs: 'oasdiff: warning; any value of the type may be sent now',
    },
  },
  'extensible-enum-value-added': {
    request: { level: 'info', reason: 'one more known value is accepted', oasdiff: false },
    response: {
      level: 'info',
      reason: 'one more known value may be sent: the list was open, and the client expects others',
      oasdiff: false,
    },
  },
  'extensible-enum-value-removed': {
    request: {
      level: 'breaking',
      reason: 'a value the server understood is no longer known to it',
      oasdiff: 'request-property-x-extensible-enum-value-removed',
    },
    response: { level: 'info', reason: 'one known value fewer may be sent', oasdiff: false },
  },
  'became-nullable': {
    request: { level: 'info', reason: 'null is accepted too' },
    response: { level: 'breaking', reason: 'null may be sent where a value always was' },
  },
  'became-not-nullable': {
    request: { level: 'breaking', reason: 'null is refused' },
    response: { level: 'info', reason: 'null is no longer sent' },
  },
  'format-added': {
    request: {
      level: 'breaking',
      reason: 'only values of the format are accepted',
      oasdiff: 'request-property-type-changed',
    },
    response: {
      level: 'info',
      reason: 'only values of the format are sent',
      oasdiff: 'response-property-type-specialized',
    },
  },
  'format-removed': {
    request: {
      level: 'info',
      reason: 'values of any format are accepted',
      oasdiff: 'request-property-type-generalized',
    },
    response: {
      level: 'breaking',
      reason: 'values of any format may be sent',
      oasdiff: 'response-property-type-generalized',
    },
  },
  'format-changed': {
    request: {
      level: 'breaking',
      reason: 'values of the old format are refused',
      oasdiff: 'request-property-type-changed',
    },
    response: {
      level: 'breaking',
      reason: 'values of another format are sent',
      oasdiff: 'response-property-type-changed',
    },
  },
  'pattern-added': {
    request: { level: 'breaking', reason: 'values that do not match the pattern are refused' },
    response: { level: 'info', reason: 'only values that match the pattern are sent' },
  },
  'pattern-widened': {
    request: {
      level: 'warning',
      reason:
        'every string the old pattern matched still matches, and more: the server may meet strings of a form ' +
        'it never had',
      oasdiff: 'request-property-pattern-changed',
    },
    response: {
      level: 'info',
      reason: 'strings the old pattern refused may be sent: a pattern documents a form, which clients seldom enforce',
      oasdiff: 'response-property-pattern-changed',
    },
  },
  'pattern-narrowed': {
    request: {
      level: 'breaking',
      reason: 'strings the old pattern matched are refused',
      oasdiff: 'request-property-pattern-changed',
      departs: 'oasdiff: warning; a string that was accepted is refused',
    },
    response: {
      level: 'info',
      reason: 'only strings both patterns match are sent',
      oasdiff: 'response-property-pattern-changed',
    },
  },
  'pattern-removed': {
    request: { level: 'info', reason: 'values that do not match the old pattern are accepted too' },
    response: {
      level: 'info',
      reason:
        'values that do not match the old pattern may be sent: a pattern documents a form, which clients ' +
        'seldom enforce',
    },
  },
} as const satisfies SchemaKinds;

// Schema changes to the values themselves: type, enum, nullable, format, pattern.
import type { SchemaKinds } from './side.js';

export const VALUE_KINDS: SchemaKinds = {
  'type-generalized': {
    request: ['info', 'values of the old type are still accepted, and more'],
    response: ['breaking', 'values of a type the client did not expect may be sent'],
  },
  'type-specialized': {
    request: ['breaking', 'values of a type that was accepted are refused', 'request-property-type-changed'],
    response: ['info', 'only some of the types the client expects are sent'],
  },
  'type-changed': {
    request: ['breaking', 'values of the old type are refused'],
    response: ['breaking', 'values of a type the client does not expect are sent'],
  },
  'enum-value-added': {
    request: ['info', 'one more value is accepted'],
    response: [
      'warning',
      'a value the client does not know may be sent: a client that switches over the values meets one it cannot handle',
    ],
  },
  'enum-value-removed': {
    request: ['breaking', 'a value that was accepted is refused'],
    response: ['info', 'one value fewer may be sent'],
  },
  'became-enum': {
    request: ['breaking', 'only the listed values are accepted now'],
    response: ['info', 'only the listed values are sent now', 'response-property-enum-value-removed'],
  },
  'enum-removed': {
    request: [
      'info',
      'any value of the type is accepted now, not only the listed ones',
      'request-property-enum-value-added',
    ],
    response: [
      'breaking',
      'values beyond the listed ones may be sent',
      'response-property-enum-value-added',
      'oasdiff: warning; any value of the type may be sent now',
    ],
  },
  'extensible-enum-value-added': {
    request: ['info', 'one more known value is accepted', '-'],
    response: ['info', 'one more known value may be sent: the list was open, and the client expects others', '-'],
  },
  'extensible-enum-value-removed': {
    request: [
      'breaking',
      'a value the server understood is no longer known to it',
      'request-property-x-extensible-enum-value-removed',
    ],
    response: ['info', 'one known value fewer may be sent', '-'],
  },
  'became-nullable': {
    request: ['info', 'null is accepted too'],
    response: ['breaking', 'null may be sent where a value always was'],
  },
  'became-not-nullable': {
    request: ['breaking', 'null is refused'],
    response: ['info', 'null is no longer sent'],
  },
  'format-added': {
    request: ['breaking', 'only values of the format are accepted', 'request-property-type-changed'],
    response: ['info', 'only values of the format are sent', 'response-property-type-specialized'],
  },
  'format-removed': {
    request: ['info', 'values of any format are accepted', 'request-property-type-generalized'],
    response: ['breaking', 'values of any format may be sent', 'response-property-type-generalized'],
  },
  'format-changed': {
    request: ['breaking', 'values of the old format are refused', 'request-property-type-changed'],
    response: ['breaking', 'values of another format are sent', 'response-property-type-changed'],
  },
  'pattern-added': {
    request: ['breaking', 'values that do not match the pattern are refused'],
    response: ['info', 'only values that match the pattern are sent'],
  },
  'pattern-widened': {
    request: [
      'info',
      'every string the old pattern matched still matches, and more',
      'request-property-pattern-changed',
      'oasdiff: warning; nothing that was accepted is refused',
    ],
    response: [
      'breaking',
      'strings the old pattern refused may be sent',
      'response-property-pattern-changed',
      'oasdiff: info; the client may rely on the pattern it was promised',
    ],
  },
  'pattern-narrowed': {
    request: [
      'breaking',
      'strings the old pattern matched are refused',
      'request-property-pattern-changed',
      'oasdiff: warning; a string that was accepted is refused',
    ],
    response: ['info', 'only strings both patterns match are sent', 'response-property-pattern-changed'],
  },
  'pattern-removed': {
    request: ['info', 'values that do not match the old pattern are accepted too'],
    response: [
      'breaking',
      'values that do not match the old pattern may be sent',
      '',
      'oasdiff: info; the client may rely on the pattern it was promised',
    ],
  },
};

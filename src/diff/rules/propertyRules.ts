// The rules of an object's properties: named or no longer named on a side of the wire, made readOnly or writeOnly
// (a request never carries a readOnly property, nor an answer a writeOnly one).
import type { Rule } from './side.js';

export const PROPERTY_RULES = [
  { id: 'new-required-request-property', level: 'breaking', reason: 'a request without the new property is refused' },
  { id: 'new-optional-request-property', level: 'info', reason: 'a new property a client may send' },
  {
    id: 'request-property-removed',
    level: 'warning',
    reason:
      'the property is no longer named: still accepted as one the schema does not name, but the server may ' +
      'no longer read it',
  },
  {
    id: 'request-property-removed-refused',
    level: 'breaking',
    reason: 'the property is no longer named, and the schema refuses properties it does not name',
    oasdiff: 'request-property-removed',
    departs: 'oasdiff: warning; a client that sends it is refused',
  },
  {
    id: 'request-optional-property-became-read-only',
    level: 'info',
    reason: 'the property is readOnly now: a client need not send it, and the server ignores or refuses it',
  },
  {
    id: 'request-required-property-became-read-only',
    level: 'info',
    reason: 'the property is readOnly now: a client need not send it, and the server ignores or refuses it',
  },
  {
    id: 'request-optional-property-became-not-read-only',
    level: 'info',
    reason: 'the property was readOnly, and a client may send it now',
  },
  {
    id: 'request-required-property-became-not-read-only',
    level: 'breaking',
    reason: 'the property was readOnly, so clients never sent it, and a request without it is refused now',
    departs: 'oasdiff: info; a request without the property, as every client sent it, is refused',
  },
  {
    id: 'response-optional-property-became-write-only',
    level: 'info',
    reason: 'the property is writeOnly now: it is no longer sent, and it was optional',
  },
  {
    id: 'response-required-property-became-write-only',
    level: 'info',
    reason:
      'the property is writeOnly now: no longer sent, its required taking effect on requests only (most often a ' +
      'secret that should never have been sent back)',
  },
  {
    id: 'response-optional-property-became-not-write-only',
    level: 'info',
    reason: 'the property was writeOnly, and may be sent now',
  },
  {
    id: 'response-required-property-became-not-write-only',
    level: 'warning',
    reason: 'the property was writeOnly, and is always sent now: a client may meet a value it never read',
  },
  {
    id: 'response-optional-write-only-property-added',
    level: 'info',
    reason: 'a new writeOnly property: never sent in an answer',
  },
  {
    id: 'response-required-write-only-property-added',
    level: 'info',
    reason: 'a new writeOnly property: never sent in an answer, its required taking effect on requests only',
  },
  {
    id: 'response-optional-write-only-property-removed',
    level: 'info',
    reason: 'a writeOnly property, never sent in an answer, is gone',
  },
  {
    id: 'response-required-write-only-property-removed',
    level: 'info',
    reason: 'a writeOnly property, never sent in an answer, is gone',
  },
  {
    id: 'response-write-only-property-changed',
    level: 'info',
    reason: 'a writeOnly property changed: it is never sent in an answer',
    oasdiff: 'response-write-only-property-enum-value-added',
  },
  { id: 'response-required-property-added', level: 'info', reason: 'a new property, always sent' },
  { id: 'response-optional-property-added', level: 'info', reason: 'a new property, sometimes sent' },
  { id: 'response-required-property-removed', level: 'breaking', reason: 'a property the client relies on is gone' },
  {
    id: 'response-optional-property-removed',
    level: 'warning',
    reason:
      'the property is no longer described: a client that reads it may miss it, and a value of any type ' +
      'may be sent under its name',
  },
  {
    id: 'response-optional-property-no-longer-sent',
    level: 'info',
    reason: 'the property is no longer named, and the object sends no property it does not name',
    oasdiff: 'response-optional-property-removed',
    departs: 'oasdiff: warning; nothing the old contract ruled out may be sent',
  },
] as const satisfies readonly Rule[];

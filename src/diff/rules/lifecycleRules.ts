// The rules of an operation's or a parameter's life: deprecated, given a sunset (x-sunset), removed before or after
// it, and its stability level (x-stability-level), as oasdiff reads them.
import type { Rule, SchemaKinds } from './side.js';

/** Deprecation, sunsets and stability. */
export const LIFECYCLE_RULES = [
  {
    id: 'api-removed-without-deprecation',
    level: 'breaking',
    reason: 'an operation clients may call is gone, with no deprecation first',
  },
  {
    id: 'api-removed-with-deprecation',
    level: 'info',
    reason: 'a deprecated operation is gone, as announced (with no x-sunset, or after it)',
  },
  {
    id: 'api-removed-before-sunset',
    level: 'breaking',
    reason: 'a deprecated operation is gone before the day (x-sunset) its clients were promised',
  },
  {
    id: 'endpoint-deprecated',
    level: 'info',
    reason: 'clients should move off the operation before it goes: the first step of a removal',
  },
  { id: 'endpoint-reactivated', level: 'info', reason: 'the operation is no longer deprecated' },
  {
    id: 'api-sunset-date-too-small',
    level: 'breaking',
    reason: 'the operation is deprecated with a sunset (x-sunset) already past: it may go at once',
  },
  {
    id: 'api-invalid-sunset-date',
    level: 'breaking',
    reason: 'the x-sunset of a deprecated operation names no day (a date or an RFC 3339 date-time)',
    oasdiff: 'api-path-sunset-parse',
  },
  {
    id: 'api-sunset-deleted',
    level: 'breaking',
    reason: 'the operation stays deprecated, and the day it goes (x-sunset) is no longer said',
    oasdiff: 'sunset-deleted',
  },
  {
    id: 'api-sunset-date-changed-too-small',
    level: 'breaking',
    reason: 'the sunset (x-sunset) of a deprecated operation is brought forward to a day already past',
  },
  {
    id: 'api-sunset-brought-forward',
    level: 'info',
    reason: 'the operation goes sooner (x-sunset), on a day still to come: its clients have less time to move',
    departs: 'oasdiff: nothing; its default policy asks no days between a change and the sunset',
  },
  {
    id: 'api-sunset-changed',
    level: 'info',
    reason: 'the date the operation goes (x-sunset) is set or later, or gone with its deprecation',
  },
  {
    id: 'api-invalid-stability-level',
    level: 'breaking',
    reason: 'x-stability-level is none of draft, alpha, beta or stable: what clients may rely on is unknown',
  },
  {
    id: 'api-stability-decreased',
    level: 'breaking',
    reason: 'x-stability-level is lower (none is stable): clients were told the operation would hold',
  },
  { id: 'api-stability-increased', level: 'info', reason: 'x-stability-level is higher' },
  {
    id: 'request-parameter-removed-with-deprecation',
    level: 'info',
    reason: 'a deprecated parameter is no longer read, as announced (with no x-sunset, or after it)',
  },
  {
    id: 'request-parameter-removed-before-sunset',
    level: 'breaking',
    reason: 'a deprecated parameter is no longer read before the day (x-sunset) its clients were promised',
  },
  {
    id: 'request-parameter-deprecated',
    level: 'info',
    reason: 'clients should stop sending the parameter before it goes',
  },
  { id: 'request-parameter-reactivated', level: 'info', reason: 'the parameter is no longer deprecated' },
  {
    id: 'request-parameter-sunset-date-too-small',
    level: 'breaking',
    reason: 'the parameter is deprecated with a sunset (x-sunset) already past: it may go at once',
  },
  {
    id: 'request-parameter-invalid-sunset-date',
    level: 'breaking',
    reason: 'the x-sunset of a deprecated parameter names no day (a date or an RFC 3339 date-time)',
    oasdiff: 'request-parameter-sunset-parse',
  },
  {
    id: 'request-parameter-sunset-deleted',
    level: 'breaking',
    reason: 'the parameter stays deprecated, and the day it goes (x-sunset) is no longer said',
  },
  {
    id: 'request-parameter-sunset-date-changed-too-small',
    level: 'breaking',
    reason: 'the sunset (x-sunset) of a deprecated parameter is brought forward to a day already past',
  },
  {
    id: 'request-parameter-sunset-brought-forward',
    level: 'info',
    reason: 'the parameter goes sooner (x-sunset), on a day still to come',
    departs: 'oasdiff: nothing; its default policy asks no days between a change and the sunset',
  },
  {
    id: 'request-parameter-sunset-changed',
    level: 'info',
    reason: 'the date the parameter goes (x-sunset) is set or later, or gone with its deprecation',
  },
] as const satisfies readonly Rule[];

/** A property's deprecation, sunset (x-sunset) and stability, seen from each side; oasdiff reads the same. */
export const PROPERTY_LIFECYCLE_KINDS = {
  deprecated: {
    request: { level: 'info', reason: 'clients should stop using the property before it goes' },
    response: { level: 'info', reason: 'clients should stop using the property before it goes' },
  },
  reactivated: {
    request: { level: 'info', reason: 'the property is no longer deprecated' },
    response: { level: 'info', reason: 'the property is no longer deprecated' },
  },
  'deprecated-sunset-invalid': {
    request: {
      level: 'breaking',
      reason: 'the x-sunset of a deprecated property names no day (a date or an RFC 3339 date-time)',
    },
    response: {
      level: 'breaking',
      reason: 'the x-sunset of a deprecated property names no day (a date or an RFC 3339 date-time)',
    },
  },
  'sunset-date-too-small': {
    request: {
      level: 'breaking',
      reason: 'the property is deprecated with a sunset (x-sunset) already past: it may go at once',
    },
    response: {
      level: 'breaking',
      reason: 'the property is deprecated with a sunset (x-sunset) already past: it may go at once',
    },
  },
  'sunset-deleted': {
    request: {
      level: 'breaking',
      reason: 'the sunset of a deprecated property was taken away: it may go at any time',
      oasdiff: false,
    },
    response: {
      level: 'breaking',
      reason: 'the sunset of a deprecated property was taken away: it may go at any time',
      oasdiff: false,
    },
  },
  'sunset-date-changed-too-small': {
    request: {
      level: 'breaking',
      reason: 'the sunset of a deprecated property was brought forward to a day already past',
      oasdiff: false,
    },
    response: {
      level: 'breaking',
      reason: 'the sunset of a deprecated property was brought forward to a day already past',
      oasdiff: false,
    },
  },
  'sunset-brought-forward': {
    request: {
      level: 'info',
      reason: 'the sunset of a deprecated property comes sooner, on a day still to come',
      oasdiff: false,
    },
    response: {
      level: 'info',
      reason: 'the sunset of a deprecated property comes sooner, on a day still to come',
      oasdiff: false,
    },
  },
  'sunset-changed': {
    request: { level: 'info', reason: 'the x-sunset of the property changed', oasdiff: false },
    response: { level: 'info', reason: 'the x-sunset of the property changed', oasdiff: false },
  },
  'stability-decreased': {
    request: {
      level: 'breaking',
      reason: 'x-stability-level is lower (none is stable): clients were told the property would hold',
    },
    response: {
      level: 'breaking',
      reason: 'x-stability-level is lower (none is stable): clients were told the property would hold',
    },
  },
  'stability-increased': {
    request: { level: 'info', reason: 'x-stability-level is higher' },
    response: { level: 'info', reason: 'x-stability-level is higher' },
  },
} as const satisfies SchemaKinds;

// Schema changes to a bound: lengths, sizes, list lengths, object sizes.
import type { SchemaKinds } from './side.js';

/** A request limit where there was none refuses what was accepted, as a tighter one does. */
const FIRST_SET = 'oasdiff: warning; a limit may be needed, but a request that was accepted is refused all the same';

export const BOUND_KINDS = {
  'max-length-set': {
    request: {
      level: 'breaking',
      reason: 'values longer than the new limit were accepted and are refused',
      departs: FIRST_SET,
    },
    response: { level: 'info', reason: 'no value longer than the limit is sent', oasdiff: false },
  },
  'max-length-unset': {
    request: { level: 'info', reason: 'values of any length are accepted', oasdiff: false },
    response: { level: 'breaking', reason: 'values longer than the old limit may be sent' },
  },
  'max-length-decreased': {
    request: { level: 'breaking', reason: 'values as long as the old limit are refused' },
    response: { level: 'info', reason: 'only shorter values are sent', oasdiff: false },
  },
  'max-length-increased': {
    request: { level: 'info', reason: 'longer values are accepted' },
    response: { level: 'breaking', reason: 'values longer than the old limit may be sent' },
  },
  'min-length-set': {
    request: {
      level: 'breaking',
      reason: 'values shorter than the limit are refused',
      oasdiff: 'request-property-min-length-increased',
    },
    response: { level: 'info', reason: 'no value shorter than the limit is sent', oasdiff: false },
  },
  'min-length-unset': {
    request: {
      level: 'info',
      reason: 'values of any length are accepted',
      oasdiff: 'request-property-min-length-decreased',
    },
    response: {
      level: 'breaking',
      reason: 'values shorter than the old limit may be sent',
      oasdiff: 'response-property-min-length-decreased',
    },
  },
  'min-length-increased': {
    request: { level: 'breaking', reason: 'values as short as the old limit are refused' },
    response: { level: 'info', reason: 'only longer values are sent', oasdiff: false },
  },
  'min-length-decreased': {
    request: { level: 'info', reason: 'shorter values are accepted' },
    response: { level: 'breaking', reason: 'values shorter than the old limit may be sent' },
  },
  'max-set': {
    request: {
      level: 'breaking',
      reason: 'values above the new maximum were accepted and are refused',
      departs: FIRST_SET,
    },
    response: { level: 'info', reason: 'no value above the maximum is sent', oasdiff: false },
  },
  'max-unset': {
    request: { level: 'info', reason: 'values of any size are accepted', oasdiff: 'request-property-max-increased' },
    response: {
      level: 'breaking',
      reason: 'values above the old maximum may be sent',
      oasdiff: 'response-property-max-increased',
    },
  },
  'max-decreased': {
    request: { level: 'breaking', reason: 'values up to the old maximum are refused' },
    response: { level: 'info', reason: 'only smaller values are sent', oasdiff: false },
  },
  'max-increased': {
    request: { level: 'info', reason: 'larger values are accepted' },
    response: { level: 'breaking', reason: 'values above the old maximum may be sent' },
  },
  'min-set': {
    request: {
      level: 'breaking',
      reason: 'values below the new minimum were accepted and are refused',
      departs: FIRST_SET,
    },
    response: { level: 'info', reason: 'no value below the minimum is sent', oasdiff: false },
  },
  'min-unset': {
    request: { level: 'info', reason: 'values of any size are accepted', oasdiff: 'request-property-min-decreased' },
    response: {
      level: 'breaking',
      reason: 'values below the old minimum may be sent',
      oasdiff: 'response-property-min-decreased',
    },
  },
  'min-increased': {
    request: { level: 'breaking', reason: 'values down to the old minimum are refused' },
    response: { level: 'info', reason: 'only larger values are sent', oasdiff: false },
  },
  'min-decreased': {
    request: { level: 'info', reason: 'smaller values are accepted' },
    response: { level: 'breaking', reason: 'values below the old minimum may be sent' },
  },
  'max-items-set': {
    request: { level: 'breaking', reason: 'longer lists are refused', oasdiff: false },
    response: { level: 'info', reason: 'no list longer than the limit is sent', oasdiff: false },
  },
  'max-items-unset': {
    request: { level: 'info', reason: 'lists of any length are accepted', oasdiff: false },
    response: { level: 'breaking', reason: 'lists longer than the old limit may be sent', oasdiff: false },
  },
  'max-items-decreased': {
    request: { level: 'breaking', reason: 'lists as long as the old limit are refused', oasdiff: false },
    response: { level: 'info', reason: 'only shorter lists are sent', oasdiff: false },
  },
  'max-items-increased': {
    request: { level: 'info', reason: 'longer lists are accepted', oasdiff: false },
    response: { level: 'breaking', reason: 'lists longer than the old limit may be sent', oasdiff: false },
  },
  'min-items-set': {
    request: {
      level: 'breaking',
      reason: 'lists shorter than the new limit were accepted and are refused',
      departs: FIRST_SET,
    },
    response: { level: 'info', reason: 'no list shorter than the limit is sent', oasdiff: false },
  },
  'min-items-unset': {
    request: { level: 'info', reason: 'lists of any length are accepted', oasdiff: false },
    response: { level: 'breaking', reason: 'lists shorter than the old limit may be sent' },
  },
  'min-items-increased': {
    request: { level: 'breaking', reason: 'lists as short as the old limit are refused' },
    response: { level: 'info', reason: 'only longer lists are sent', oasdiff: false },
  },
  'min-items-decreased': {
    request: { level: 'info', reason: 'shorter lists are accepted', oasdiff: false },
    response: { level: 'breaking', reason: 'lists shorter than the old limit may be sent' },
  },
  'size-limit-decreased': {
    request: {
      level: 'breaking',
      reason: 'objects as large as the old limit (depth, entries, length or properties) are refused',
      oasdiff: false,
    },
    response: { level: 'info', reason: 'only smaller objects are sent', oasdiff: false },
  },
  'size-limit-increased': {
    request: { level: 'info', reason: 'larger objects are accepted', oasdiff: false },
    response: { level: 'breaking', reason: 'objects larger than the old limit may be sent', oasdiff: false },
  },
} as const satisfies SchemaKinds;

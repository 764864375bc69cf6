// Schema changes to a bound: lengths, sizes, list lengths, object sizes.
import type { SchemaKinds } from './side.js';

export const BOUND_KINDS: SchemaKinds = {
  'max-length-set': {
    request: [
      'warning',
      'longer values than before are refused: a limit first written down is most often one the server already held',
    ],
    response: ['info', 'no value longer than the limit is sent', '-'],
  },
  'max-length-unset': {
    request: ['info', 'values of any length are accepted', '-'],
    response: ['breaking', 'values longer than the old limit may be sent'],
  },
  'max-length-decreased': {
    request: ['breaking', 'values as long as the old limit are refused'],
    response: ['info', 'only shorter values are sent', '-'],
  },
  'max-length-increased': {
    request: ['info', 'longer values are accepted'],
    response: ['breaking', 'values longer than the old limit may be sent'],
  },
  'min-length-set': {
    request: ['breaking', 'values shorter than the limit are refused', 'request-property-min-length-increased'],
    response: ['info', 'no value shorter than the limit is sent', '-'],
  },
  'min-length-unset': {
    request: ['info', 'values of any length are accepted', 'request-property-min-length-decreased'],
    response: ['breaking', 'values shorter than the old limit may be sent', 'response-property-min-length-decreased'],
  },
  'min-length-increased': {
    request: ['breaking', 'values as short as the old limit are refused'],
    response: ['info', 'only longer values are sent', '-'],
  },
  'min-length-decreased': {
    request: ['info', 'shorter values are accepted'],
    response: ['breaking', 'values shorter than the old limit may be sent'],
  },
  'max-set': {
    request: [
      'warning',
      'values above the new maximum are refused: a limit first written down is most often one the server already held',
    ],
    response: ['info', 'no value above the maximum is sent', '-'],
  },
  'max-unset': {
    request: ['info', 'values of any size are accepted', 'request-property-max-increased'],
    response: ['breaking', 'values above the old maximum may be sent', 'response-property-max-increased'],
  },
  'max-decreased': {
    request: ['breaking', 'values up to the old maximum are refused'],
    response: ['info', 'only smaller values are sent', '-'],
  },
  'max-increased': {
    request: ['info', 'larger values are accepted'],
    response: ['breaking', 'values above the old maximum may be sent'],
  },
  'min-set': {
    request: [
      'warning',
      'values below the new minimum are refused: a limit first written down is most often one the server already held',
    ],
    response: ['info', 'no value below the minimum is sent', '-'],
  },
  'min-unset': {
    request: ['info', 'values of any size are accepted', 'request-property-min-decreased'],
    response: ['breaking', 'values below the old minimum may be sent', 'response-property-min-decreased'],
  },
  'min-increased': {
    request: ['breaking', 'values down to the old minimum are refused'],
    response: ['info', 'only larger values are sent', '-'],
  },
  'min-decreased': {
    request: ['info', 'smaller values are accepted'],
    response: ['breaking', 'values below the old minimum may be sent'],
  },
  'max-items-set': {
    request: ['breaking', 'longer lists are refused', '-'],
    response: ['info', 'no list longer than the limit is sent', '-'],
  },
  'max-items-unset': {
    request: ['info', 'lists of any length are accepted', '-'],
    response: ['breaking', 'lists longer than the old limit may be sent', '-'],
  },
  'max-items-decreased': {
    request: ['breaking', 'lists as long as the old limit are refused', '-'],
    response: ['info', 'only shorter lists are sent', '-'],
  },
  'max-items-increased': {
    request: ['info', 'longer lists are accepted', '-'],
    response: ['breaking', 'lists longer than the old limit may be sent', '-'],
  },
  'min-items-set': {
    request: [
      'warning',
      'shorter lists are refused: a limit first written down is most often one the server already held',
    ],
    response: ['info', 'no list shorter than the limit is sent', '-'],
  },
  'min-items-unset': {
    request: ['info', 'lists of any length are accepted', '-'],
    response: ['breaking', 'lists shorter than the old limit may be sent'],
  },
  'min-items-increased': {
    request: ['breaking', 'lists as short as the old limit are refused'],
    response: ['info', 'only longer lists are sent', '-'],
  },
  'min-items-decreased': {
    request: ['info', 'shorter lists are accepted', '-'],
    response: ['breaking', 'lists shorter than the old limit may be sent'],
  },
  'size-limit-decreased': {
    request: ['breaking', 'objects as large as the old limit (depth, entries, length or properties) are refused', '-'],
    response: ['info', 'only smaller objects are sent', '-'],
  },
  'size-limit-increased': {
    request: ['info', 'larger objects are accepted', '-'],
    response: ['breaking', 'objects larger than the old limit may be sent', '-'],
  },
};

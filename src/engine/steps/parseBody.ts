// 415 and 400: where the operation takes a body, it must be UTF-8
// application/json and well-formed. Decided after the key check.
import { parse as parseContentType } from 'content-type';
import type { Contract } from '../../contract/contract.js';
import { problemReply } from '../problems.js';
import { inexactNumbers } from './exactNumbers.js';
import type { Step } from '../types.js';

// fatal: invalid UTF-8 is refused, never replaced. ignoreBOM keeps a byte-order
// mark in the text, where JSON.parse refuses it (RFC 8259 forbids sending one).
const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

export function parseBodyStep(contract: Contract): Step {
  return async (context, next) => {
    const { bytes } = context;
    if (!context.operation?.hasBody || bytes === undefined) return next();
    if (!isJsonMediaType(context.request.headers['content-type'])) {
      return problemReply(
        contract,
        415,
        'The request body must be sent with `Content-Type: application/json` (UTF-8).',
      );
    }
    let text: string;
    try {
      text = decoder.decode(bytes);
    } catch {
      return problemReply(contract, 400, 'The request body is not well-formed JSON: it is not valid UTF-8.');
    }
    try {
      context.body = JSON.parse(text);
    } catch (error) {
      return problemReply(contract, 400, `The request body is not well-formed JSON: ${(error as Error).message}`);
    }
    context.inexact = inexactNumbers(text);
    return next();
  };
}

/** application/json, with no charset or charset=utf-8. */
export function isJsonMediaType(header: string | undefined): boolean {
  if (header === 'application/json') return true; // the usual case, without parsing
  if (!header) return false;
  try {
    const { type, parameters } = parseContentType(header);
    const charset = parameters.charset?.toLowerCase();
    return type === 'application/json' && (charset === undefined || charset === 'utf-8');
  } catch {
    return false;
  }
}

// 415 and 400: where the operation takes a body, it must be UTF-8 JSON of a
// media type the operation documents (application/json, or a +json type such
// as application/merge-patch+json), and well-formed; and 422 past the depth
// every mode reads, before any schema or store recurses through it. Decided
// after the key check.
import { parse as parseContentType } from 'content-type';
import type { Contract } from '../../contract/contract.js';
import { MAX_JSON_DEPTH, textDeeperThan } from '../../contract/jsonDepth.js';
import { problemReply, tooDeepReply } from '../problems.js';
import { inexactNumbers } from './exactNumbers.js';
import type { Step } from '../types.js';

// fatal: invalid UTF-8 is refused, never replaced. ignoreBOM keeps a byte-order
// mark in the text, where JSON.parse refuses it (RFC 8259 forbids sending one).
const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

export function parseBodyStep(contract: Contract): Step {
  return async (context, next) => {
    const { bytes } = context;
    if (!context.operation?.hasBody || bytes === undefined) return next();
    const { bodyTypes } = context.operation;
    const mediaType = jsonMediaType(context.request.headers['content-type']);
    const accepted = bodyTypes.length > 0 ? bodyTypes : ['application/json'];
    if (mediaType === undefined || !accepted.includes(mediaType)) {
      const named = accepted.map((type) => `\`Content-Type: ${type}\``).join(' or ');
      return problemReply(contract, 415, `The request body must be sent with ${named} (UTF-8).`);
    }
    context.mediaType = mediaType;
    let text: string;
    try {
      text = decoder.decode(bytes);
    } catch {
      return problemReply(contract, 400, 'The request body is not well-formed JSON: it is not valid UTF-8.');
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch (error) {
      return problemReply(contract, 400, `The request body is not well-formed JSON: ${(error as Error).message}`);
    }
    if (textDeeperThan(text, MAX_JSON_DEPTH)) return tooDeepReply(contract);
    context.body = body;
    context.inexact = inexactNumbers(text);
    return next();
  };
}

/** The media type of a Content-Type header (lower case, without parameters), when its charset is none or UTF-8. */
export function jsonMediaType(header: string | undefined): string | undefined {
  if (header === 'application/json') return header; // the usual case, without parsing
  if (!header) return undefined;
  try {
    const { type, parameters } = parseContentType(header);
    const charset = parameters.charset?.toLowerCase();
    return charset === undefined || charset === 'utf-8' ? type : undefined;
  } catch {
    return undefined;
  }
}

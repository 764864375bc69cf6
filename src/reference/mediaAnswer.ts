// An example answer the contract documents in a media type other than JSON (a ticket's QR code as `image/png`, a
// report as `text/csv`, a file as `application/octet-stream`): sent in that type, never as JSON. Its body is the
// example where that is text (a string the contract writes, for a binary type), else a small valid placeholder: a
// 1×1 PNG or GIF, an empty SVG or XML document, or no bytes for other binary types.
import { isJsonMediaName } from '../contract/resourceSchemas.js';
import type { EncodedReply } from '../engine/types.js';

const PLACEHOLDERS: Record<string, string> = {
  'image/png': 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'image/gif': 'R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7',
};
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>';
/**
 * A text the contract wrote (an HTML page, an SVG) is shown on the server's origin, the admin page's too: it runs
 * nothing there (a sandbox, an opaque origin with no scripts), and no browser reads it as another type.
 */
const CONFINED = { 'Content-Security-Policy': "sandbox; default-src 'none'", 'X-Content-Type-Options': 'nosniff' };
const XML = '<?xml version="1.0" encoding="UTF-8"?>\n<root/>\n';

/** Whether an answer of this media type is sent as the bytes it documents, not as JSON. */
export function isOtherMedia(mediaType: string | undefined): mediaType is string {
  return mediaType !== undefined && !isJsonMediaName(mediaType) && !mediaType.includes('*');
}

/**
 * The answer's status and headers, its body in its own media type: the example (`body`; `written` when the contract
 * writes it, rather than one composed from the schema) where it is text, else a placeholder.
 */
export function mediaAnswer(
  answer: { status: number; body: unknown; headers: Record<string, string> },
  mediaType: string,
  written: boolean,
): EncodedReply {
  const type = mediaType.split(';')[0]?.trim().toLowerCase() ?? '';
  const { status, body, headers } = answer;
  return { status, encoded: [bytesOf(type, body, written)], headers: { ...headers, ...CONFINED }, mediaType };
}

function bytesOf(type: string, example: unknown, written: boolean): string | Uint8Array {
  const placeholder = PLACEHOLDERS[type];
  if (placeholder !== undefined) return Uint8Array.from(Buffer.from(placeholder, 'base64'));
  if (type === 'image/svg+xml')
    return typeof example === 'string' && example.trimStart().startsWith('<') ? example : SVG;
  // A binary type's example composed from its schema is a word (`string`), not its bytes.
  const binary = ['image/', 'audio/', 'video/'].some((kind) => type.startsWith(kind));
  if (binary || type === 'application/octet-stream') return written && typeof example === 'string' ? example : '';
  if (typeof example === 'string') return example;
  // An XML body is not written from a value here: an empty document stands for it.
  if (type.endsWith('/xml') || type.endsWith('+xml')) return XML;
  return example === undefined || example === null ? '' : JSON.stringify(example);
}

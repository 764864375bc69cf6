// Turns a Reply into what an adapter sends: JSON, or problem+json for a status
// of 400 and above, or a stream of items or a body in its own media type, or
// nothing (and no Content-Type) for an answer without content; always with
// Cache-Control: no-store.
import type { EngineResponse, Reply } from './types.js';

export function encodeReply(reply: Reply, applied: readonly string[], projectId?: string): EngineResponse {
  if ('drop' in reply) return { kind: 'drop' };
  const body = 'encoded' in reply ? [...reply.encoded] : (JSON.stringify(reply.body) ?? 'null');
  const headers: Record<string, string> = {
    'Cache-Control': 'no-store', // the state changes under the client's feet
    ...reply.headers,
    'Content-Type': `${reply.status >= 400 ? 'application/problem+json' : 'application/json'}; charset=utf-8`,
  };
  const stream = 'stream' in reply ? reply.stream : undefined;
  if (stream) headers['Content-Type'] = stream.mediaType;
  else if ('mediaType' in reply && reply.mediaType !== undefined) headers['Content-Type'] = reply.mediaType;
  // No content, no type of it: a status documented without a body, a 204.
  else if ('encoded' in reply && reply.encoded.length === 0) delete headers['Content-Type'];
  if (applied.length > 0) headers['Preference-Applied'] = applied.join(', ');
  return {
    kind: 'answer',
    status: reply.status,
    headers,
    body,
    ...(projectId ? { projectId } : {}),
    ...(stream ? { streamed: true as const } : {}),
  };
}

const decoder = new TextDecoder();

/** The text of an answer's encoded parts (strings, and bytes a store made), joined. */
export function encodedText(parts: readonly (string | Uint8Array)[]): string {
  return parts.map((part) => (typeof part === 'string' ? part : decoder.decode(part))).join('');
}

/** Whether encoded parts hold at most `limit` bytes (a string counted by its length): counting stops past it. */
export function encodedWithin(parts: readonly (string | Uint8Array)[], limit: number): boolean {
  let size = 0;
  for (const part of parts) {
    size += typeof part === 'string' ? part.length : part.byteLength;
    if (size > limit) return false;
  }
  return true;
}

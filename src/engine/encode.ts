// Turns a Reply into what an adapter sends: JSON, or problem+json for a status
// of 400 and above, always with Cache-Control: no-store.
import type { EngineResponse, Reply } from './types.js';

const encoder = new TextEncoder();
// A stable body is serialized and encoded once, and its bytes are sent as they are.
const encoded = new WeakMap<object, Uint8Array>();

export function encodeReply(reply: Reply, applied: readonly string[], projectId?: string): EngineResponse {
  if (reply.drop) return { kind: 'drop' };
  let body: string | Uint8Array | (string | Uint8Array)[] | undefined = reply.parts ?? (reply.stable ? encoded.get(reply.body as object) : undefined);
  if (body === undefined) {
    body = JSON.stringify(reply.body) ?? 'null';
    if (reply.stable) {
      body = encoder.encode(body);
      encoded.set(reply.body as object, body);
    }
  }
  const headers: Record<string, string> = {
    'Cache-Control': 'no-store', // the state changes under the client's feet
    ...reply.headers,
    'Content-Type': `${reply.status >= 400 ? 'application/problem+json' : 'application/json'}; charset=utf-8`,
  };
  if (applied.length > 0) headers['Preference-Applied'] = applied.join(', ');
  return { kind: 'answer', status: reply.status, headers, body, ...(projectId ? { projectId } : {}) };
}

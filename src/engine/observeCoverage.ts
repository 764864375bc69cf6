// What the engine tells a coverage recorder of each exchange: the operation, the
// request's parameters and parsed body, and the answer as sent. The answer's
// JSON is read only when the recorder asks (a problem's type, an enum).
import type { CoverageRecorder } from '../coverage/recorder.js';
import { encodedText, encodedWithin } from './encode.js';
import type { EngineResponse, Reply, RequestContext } from './types.js';

/** A larger answer of bytes a store made is not parsed again to count its enum values. */
const READ_ANSWER_BYTES = 64 * 1024;

export function observeCoverage(
  recorder: CoverageRecorder,
  context: RequestContext,
  reply: Reply,
  response: EngineResponse,
): void {
  recorder.observe({
    operationId: context.operation?.operationId,
    query: context.request.query,
    headers: context.request.headers,
    body: context.body,
    status: response.kind === 'drop' ? 0 : response.status,
    mediaType: response.kind === 'drop' ? undefined : response.headers['Content-Type'],
    answer: () => answerOf(reply),
  });
}

function answerOf(reply: Reply): unknown {
  if ('body' in reply) return reply.body;
  if (!('encoded' in reply) || reply.stream || !encodedWithin(reply.encoded, READ_ANSWER_BYTES)) return undefined;
  try {
    return JSON.parse(encodedText(reply.encoded)) as unknown;
  } catch {
    return undefined;
  }
}

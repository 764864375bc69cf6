// A bounded journal of recent requests, for the admin API and the modes' requests(): what was sent and what was
// answered (the answer's body where the journal keeps answers). It records the project and account of the key,
// never the key itself; bodies over 16 KiB are left out.
import type { components } from '../../../generated/admin.js';
import { nestingDepth } from '../../contract/limits.js';
import { encodedText, encodedWithin } from '../encode.js';
import type { RequestContext, Step, Reply } from '../types.js';

/** An entry as the admin API lists it: its shape is admin/openapi.yaml's JournalEntry. */
export type JournalEntry = components['schemas']['JournalEntry'];

/** Larger bodies are not kept: the journal stays small whatever the traffic. */
const KEPT_BODY_BYTES = 16 * 1024;

/** As kept: the time as a number, and the answer as it was made, both turned into JSON only when read. */
type Kept = Omit<JournalEntry, 'time' | 'answer'> & {
  at: number;
  /** The answer's parts as they were sent (bytes a store made), or its JSON value: nothing copied per request. */
  parts: readonly (string | Uint8Array)[] | undefined;
  json: unknown;
};

const decoder = new TextDecoder();

export class RequestJournal {
  #entries: Kept[] = [];
  /** `keepsAnswers`: hold each answer's body too (MSW, createMiddleware). A server leaves it out: holding one
   * object more per request cost its GET list a few per cent (docs/performance.md). */
  constructor(
    readonly capacity = 200,
    readonly keepsAnswers = true,
  ) {}

  add(entry: Kept): void {
    this.#entries.push(entry);
    // Trimmed in batches, not one entry per request: amortized O(1) per add.
    if (this.#entries.length >= 2 * this.capacity) this.#entries = this.#entries.slice(-this.capacity);
  }

  clear(): void {
    this.#entries = [];
  }

  /** Oldest first; only those of an operation, or of an account, when asked. */
  entries(only: { operationId?: string | undefined; account?: string | undefined } = {}): JournalEntry[] {
    const { operationId, account } = only;
    return this.#entries
      .slice(-this.capacity)
      .filter((entry) => operationId === undefined || entry.operation_id === operationId)
      .filter((entry) => account === undefined || entry.account === account)
      .map(({ at, parts, json, body, ...entry }) => ({
        time: new Date(at).toISOString(),
        ...entry,
        // A copy: a test that changes what it read does not change the journal.
        ...(body === undefined ? {} : { body: structuredClone(body) }),
        ...answerOf(parts, json),
      }));
  }
}

function answerOf(parts: Kept['parts'], json: unknown): { answer?: unknown } {
  if (parts) return { answer: JSON.parse(encodedText(parts)) };
  // Parsed again from its text: a copy, so that a test that changes it changes no override's body.
  const text = json === undefined ? undefined : JSON.stringify(json);
  return text === undefined || text.length > KEPT_BODY_BYTES ? {} : { answer: JSON.parse(text) as unknown };
}

/** The parts of an answer of bytes, unless they pass the limit: a large list made for one request is not held. */
function keptParts(reply: Reply): Kept['parts'] {
  return 'encoded' in reply && encodedWithin(reply.encoded, KEPT_BODY_BYTES) ? reply.encoded : undefined;
}

/** Deeper JSON is kept as its text: the admin API and the modes' requests() copy and serialize what is kept. */
const KEPT_BODY_DEPTH = 64;

function sentBody(context: RequestContext): unknown {
  const { bytes, body } = context;
  if (!bytes || bytes.byteLength === 0 || bytes.byteLength > KEPT_BODY_BYTES) return undefined;
  return body === undefined || nestingDepth(body, KEPT_BODY_DEPTH) > KEPT_BODY_DEPTH ? decoder.decode(bytes) : body;
}

/** The first step: it sees every answer, whichever step gave it. */
export function journalStep(journal: RequestJournal): Step {
  return async (context, next) => {
    const started = performance.now();
    const reply = await next();
    journal.add({
      at: performance.timeOrigin + started,
      method: context.request.method,
      path: context.request.path,
      operation_id: context.operation?.operationId ?? null,
      status: 'drop' in reply ? 0 : reply.status,
      duration_ms: Math.round((performance.now() - started) * 10) / 10,
      project: context.principal?.projectId ?? null,
      account: context.principal?.accountId ?? null,
      body: sentBody(context),
      parts: journal.keepsAnswers ? keptParts(reply) : undefined,
      json: journal.keepsAnswers && 'body' in reply ? reply.body : undefined,
    });
    return reply;
  };
}

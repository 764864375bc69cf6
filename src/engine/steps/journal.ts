// A bounded journal of recent requests, for the admin API. It records the
// project of the key, never the key itself.
import type { Step } from '../types.js';

export interface JournalEntry {
  time: string;
  method: string;
  path: string;
  /** 0 when the connection was dropped. */
  status: number;
  duration_ms: number;
  /** The project of the API key, or null when the key was missing or unknown. */
  project: string | null;
}

/** As kept: the time as a number, turned into a string only when read. */
type Kept = Omit<JournalEntry, 'time'> & { at: number };

export class RequestJournal {
  #entries: Kept[] = [];
  constructor(readonly capacity = 200) {}

  add(entry: Kept): void {
    this.#entries.push(entry);
    // Trimmed in batches, not one entry per request: amortized O(1) per add.
    if (this.#entries.length >= 2 * this.capacity) this.#entries = this.#entries.slice(-this.capacity);
  }

  clear(): void {
    this.#entries = [];
  }

  /** Oldest first. */
  entries(): JournalEntry[] {
    return this.#entries
      .slice(-this.capacity)
      .map(({ at, ...entry }) => ({ time: new Date(at).toISOString(), ...entry }));
  }
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
      status: 'drop' in reply ? 0 : reply.status,
      duration_ms: Math.round((performance.now() - started) * 10) / 10,
      project: context.principal?.projectId ?? null,
    });
    return reply;
  };
}

// A bounded journal of recent /api requests, for the admin API. It records the
// project of the key, never the key itself.
import type { Request, Response } from 'express';
import './locals.js';

export interface JournalEntry {
  time: string;
  method: string;
  path: string;
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
    return this.#entries.slice(-this.capacity).map(({ at, ...entry }) => ({ time: new Date(at).toISOString(), ...entry }));
  }

  /** Records the request when its answer is finished (or the connection drops). */
  track(req: Request, res: Response): void {
    const started = performance.now();
    // 'close' comes once per response, which is dropped afterwards: no need for once().
    res.on('close', () => {
      const path = req.originalUrl.split('?')[0] ?? req.originalUrl;
      this.add({
        at: performance.timeOrigin + started,
        method: req.method,
        path,
        status: res.writableFinished ? res.statusCode : 0,
        duration_ms: Math.round((performance.now() - started) * 10) / 10,
        project: res.locals.principal?.projectId ?? null,
      });
    });
  }
}

// A bounded journal of recent /api requests, for the admin API. It records the
// project of the key, never the key itself.
import type { RequestHandler } from 'express';
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

export class RequestJournal {
  #entries: JournalEntry[] = [];
  constructor(readonly capacity = 200) {}

  add(entry: JournalEntry): void {
    this.#entries.push(entry);
    if (this.#entries.length > this.capacity) this.#entries.splice(0, this.#entries.length - this.capacity);
  }

  clear(): void {
    this.#entries = [];
  }

  /** Oldest first. */
  entries(): readonly JournalEntry[] {
    return this.#entries;
  }

  /** Records each request when its answer is finished (or the connection drops). */
  middleware(): RequestHandler {
    return (req, res, next) => {
      const started = performance.now();
      const time = new Date().toISOString();
      const path = req.originalUrl.split('?')[0] ?? req.originalUrl;
      res.once('close', () => {
        this.add({
          time,
          method: req.method,
          path,
          status: res.writableFinished ? res.statusCode : 0,
          duration_ms: Math.round((performance.now() - started) * 10) / 10,
          project: res.locals.principal?.projectId ?? null,
        });
      });
      next();
    };
  }
}

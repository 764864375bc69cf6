// The cases a run could not make, each named with why: a body no value of
// its schema can fill within verify's bounds, allOf parts that contradict
// each other, a lifecycle whose create has no body to send. The run goes on
// without them, and every report names them.
import type { Phase } from './cases.js';

export interface Skip {
  operation: string;
  phase: Phase;
  /** What was not sent, e.g. "generated valid bodies". */
  what: string;
  reason: string;
}

/** The most skips listed: past it they are counted. A contract of many operations names each of its own. */
export const KEPT_SKIPS = 200;

export class Skips {
  readonly #kept = new Map<string, Skip>();
  unlisted = 0;

  add(skip: Skip): void {
    // Once per operation and cause: the first phase that met it is named.
    const key = JSON.stringify([skip.operation, skip.what, skip.reason]);
    if (this.#kept.has(key)) return;
    if (this.#kept.size >= KEPT_SKIPS) this.unlisted += 1;
    else this.#kept.set(key, skip);
  }

  list(): Skip[] {
    return [...this.#kept.values()];
  }
}

// An engine that another engine can replace while it serves: a server that
// follows an edited contract keeps its adapters, its base path and its journal,
// and each request is answered by the engine in force when it arrived.
import type { Engine } from './pipeline.js';

export interface SwitchableEngine extends Engine {
  /** From the next request on, `next` answers (built on the same base path and journal). */
  switchTo(next: Engine): void;
}

export function switchableEngine(first: Engine): SwitchableEngine {
  let current = first;
  return {
    get contract() {
      return current.contract;
    },
    basePath: first.basePath,
    journal: first.journal,
    handle: (request) => current.handle(request),
    route: (method, path) => current.route(method, path),
    switchTo(next) {
      current = next;
    },
  };
}

// Counts what each exchange exercised, item by item (items.ts), as it passes:
// the engine of every mode (serve, mock, MSW, createMiddleware), verify and
// the proxy each feed one. It holds counts, not exchanges, so it stays small
// however long a run is; journal() hands them out to save and merge.
import type { Contract } from '../contract/contract.js';
import {
  answerKey,
  answerPropertyKey,
  coveragePlan,
  enumKey,
  operationKey,
  parameterKey,
  problemKey,
  propertyKey,
  type AnswerPlan,
  type CoveragePlan,
} from './items.js';
import { contractName, emptyJournal, MAX_UNDOCUMENTED, type CoverageJournal } from './journal.js';
import { shapeNodes, traceValue, type Shape } from './shape.js';

/** One request and its answer, as much of them as the mode knows. */
export interface Exchange {
  /** The operation it was routed to; none when no operation matches. */
  operationId: string | null | undefined;
  /** The query string, without its `?`. */
  query?: string | undefined;
  /** Lower-case names. */
  headers?: Readonly<Record<string, string | undefined>>;
  /** The request's JSON body, parsed; undefined without one. */
  body?: unknown;
  /** 0 when the connection was dropped. */
  status: number;
  /** The answer's Content-Type. */
  mediaType?: string | undefined;
  /** The answer's JSON body: read only when an item needs it (a problem's type, an optional property, an enum). */
  answer?: () => unknown;
}

export class CoverageRecorder {
  #contract: Contract;
  #plan: CoveragePlan | undefined;
  #journal: CoverageJournal;
  readonly #bodiesRead = new Map<Shape, boolean>();

  constructor(
    contract: Contract,
    readonly source: string,
  ) {
    this.#contract = contract;
    this.#journal = emptyJournal(contractName(contract), [source]);
  }

  /** Counts against this contract from now on (an edit followed as a server runs); the counts so far stay. */
  useContract(next: Contract): void {
    this.#contract = next;
    this.#plan = undefined;
    this.#bodiesRead.clear();
    this.#journal.contract = contractName(next);
  }

  /** A copy of the counts so far, to save or merge. */
  journal(): CoverageJournal {
    return structuredClone(this.#journal);
  }

  clear(): void {
    this.#journal = emptyJournal(this.#journal.contract, [this.source]);
  }

  observe(exchange: Exchange): void {
    const journal = this.#journal;
    journal.requests++;
    const plan = exchange.operationId ? this.#planOf().operations.get(exchange.operationId) : undefined;
    if (!plan) {
      journal.unmatched++;
      return;
    }
    const id = plan.operationId;
    this.#count(operationKey(id));
    const headers = exchange.headers ?? {};
    // Read only for an operation that declares parameters: most exchanges of a server have none to count.
    const query = plan.parameters.length > 0 ? new URLSearchParams(exchange.query ?? '') : undefined;
    const cookies = plan.parameters.some((parameter) => parameter.in === 'cookie')
      ? cookieNames(headers.cookie)
      : new Set<string>();
    for (const parameter of plan.parameters) {
      const sent =
        parameter.in === 'path' ||
        (parameter.in === 'query' && query?.has(parameter.name) === true) ||
        (parameter.in === 'header' && headers[parameter.name.toLowerCase()] !== undefined) ||
        (parameter.in === 'cookie' && cookies.has(parameter.name));
      if (sent) this.#count(parameterKey(id, parameter.in, parameter.name));
    }
    if (plan.body && exchange.body !== undefined)
      traceValue(plan.body, exchange.body, {
        node: (node) => this.#count(propertyKey(id, node.path)),
        value: (path, json) => this.#count(enumKey(id, 'request', path, json)),
      });
    if (exchange.status !== 0) this.#observeAnswer(id, plan.answers, exchange);
  }

  #observeAnswer(id: string, answers: ReadonlyMap<string, AnswerPlan>, exchange: Exchange): void {
    const { status } = exchange;
    const documented =
      answers.get(String(status)) ?? answers.get(`${Math.floor(status / 100)}XX`) ?? answers.get('default');
    const media = exchange.mediaType?.split(';')[0]?.trim().toLowerCase() ?? '';
    if (!documented) return this.#undocumented(`${id} ${status}${media ? ` ${media}` : ''}`);
    if (documented.bodies.size === 0) return this.#count(answerKey(id, documented.status));
    if (!documented.bodies.has(media)) return this.#undocumented(`${id} ${status} ${media || 'without a body'}`);
    this.#count(answerKey(id, documented.status, media));
    const shape = documented.bodies.get(media);
    const problem = media === 'application/problem+json';
    if (!problem && !(shape && this.#readsBody(shape))) return;
    const body = exchange.answer?.();
    if (problem) {
      const type = (body as { type?: unknown } | undefined)?.type;
      if (typeof type === 'string' && documented.problemTypes.includes(type)) this.#count(problemKey(id, type));
      else if (typeof type === 'string') this.#undocumented(`${id} ${status} problem ${type.slice(0, 200)}`);
    }
    const answer = `${documented.status} ${media}`;
    if (shape && body !== undefined)
      traceValue(shape, body, {
        node: (node) => {
          if (node.optional) this.#count(answerPropertyKey(id, answer, node.path));
        },
        value: (path, json) => this.#count(enumKey(id, answer, path, json)),
      });
  }

  #planOf(): CoveragePlan {
    // Made on first use: a server reloading its contract pays for it only once it is asked to count.
    this.#plan ??= coveragePlan(this.#contract);
    return this.#plan;
  }

  /** Whether an answer of this shape holds an item: an optional property or an enum. */
  #readsBody(shape: Shape): boolean {
    let known = this.#bodiesRead.get(shape);
    if (known === undefined) {
      known =
        shape.values !== undefined || shapeNodes(shape).some((node) => node.optional || node.values !== undefined);
      this.#bodiesRead.set(shape, known);
    }
    return known;
  }

  #count(key: string): void {
    const { seen } = this.#journal;
    seen[key] = (seen[key] ?? 0) + 1;
  }

  #undocumented(key: string): void {
    const { undocumented } = this.#journal;
    if (undocumented[key] === undefined && Object.keys(undocumented).length >= MAX_UNDOCUMENTED) return;
    undocumented[key] = (undocumented[key] ?? 0) + 1;
  }
}

function cookieNames(header: string | undefined): Set<string> {
  if (!header) return new Set();
  return new Set(header.split(';').map((pair) => pair.split('=')[0]?.trim() ?? ''));
}

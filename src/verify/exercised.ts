// What a run exercised, per operation: which documented statuses it saw,
// which of the contract's request examples it sent. The coverage report shows
// both, with the checks, so that a reader sees what was not tried. Each
// exchange is counted item by item (src/coverage/), as every mode counts it:
// the journal that --journal saves and --fail-under gates on, and that the
// statuses shown are read from.
import { operationObject, type Contract } from '../contract/contract.js';
import { escapePointer } from '../contract/pointer.js';
import type { CoverageJournal } from '../coverage/journal.js';
import { answerKey } from '../coverage/items.js';
import { CoverageRecorder, type Exchange } from '../coverage/recorder.js';
import { statusKey } from '../contract/router.js';
import type { Answer, TestCase } from './cases.js';

export interface OperationCoverage {
  operation: string;
  method: string;
  path: string;
  /** `unprovoked`: why no case of a verify run asks for a status it did not see (none for the proxy's traffic). */
  statuses: { status: string; exercised: boolean; unprovoked?: string }[];
  /** Statuses answered that the contract does not document for the operation. */
  undocumented: number[];
  examples: { pointer: string; sent: boolean }[];
  requests: number;
}

export class CoverageTracker {
  readonly #seen = new Map<string, Set<number>>();
  readonly #examples = new Set<string>();
  readonly #requests = new Map<string, number>();
  /** The statuses the cases of a verify run asked for, per operation. */
  readonly #asked = new Map<string, Set<number>>();
  readonly #recorder: CoverageRecorder;

  constructor(
    readonly contract: Contract,
    readonly source: 'verify' | 'proxy',
  ) {
    this.#recorder = new CoverageRecorder(contract, source);
  }

  /** The exchanges so far, counted item by item. */
  journal(): CoverageJournal {
    return this.#recorder.journal();
  }

  /** `expected`: the status the case asked for, when a verify run made it. */
  observe(
    operation: string,
    testCase: TestCase,
    answer: Pick<Answer, 'status' | 'headers' | 'text'>,
    expected?: number,
  ): void {
    this.#recorder.observe(exchangeOf(operation, testCase, answer));
    if (expected !== undefined) this.#asked.set(operation, (this.#asked.get(operation) ?? new Set()).add(expected));
    const statuses = this.#seen.get(operation) ?? new Set<number>();
    statuses.add(answer.status);
    this.#seen.set(operation, statuses);
    this.#requests.set(operation, (this.#requests.get(operation) ?? 0) + 1);
    if (testCase.example) this.#examples.add(testCase.example);
  }

  report(): OperationCoverage[] {
    const seen = this.#seen.get('unmatched') ?? new Set<number>();
    const { 'x-unmatched-request-responses': extension } = this.contract.document as {
      'x-unmatched-request-responses'?: object;
    };
    const documented = Object.keys(extension ?? {}).filter((key) => /^\d{3}$/.test(key));
    const unmatched: OperationCoverage = {
      operation: 'unmatched',
      method: '*',
      path: 'paths and methods the contract does not list',
      statuses: documented.map((status) => ({ status, exercised: seen.has(Number(status)) })),
      undocumented: [...seen].filter((status) => !documented.includes(String(status))).sort(),
      examples: [],
      requests: this.#requests.get('unmatched') ?? 0,
    };
    return [...this.#operations(), unmatched];
  }

  #operations(): OperationCoverage[] {
    const counted = Object.keys(this.#recorder.journal().seen);
    return this.contract.operations.map((operation) => {
      const definition = operationObject(this.contract, operation) as {
        responses: Record<string, unknown>;
        requestBody?: { content?: Record<string, { examples?: Record<string, unknown> }> };
      };
      const seen = this.#seen.get(operation.operationId) ?? new Set<number>();
      const documented = Object.keys(definition.responses);
      const answered = answeredStatuses(counted, operation.operationId);
      const examples = Object.entries(definition.requestBody?.content ?? {}).flatMap(([media, content]) =>
        Object.keys(content.examples ?? {}).map((name) => exampleKey(operation.pointer, media, name)),
      );
      return {
        operation: operation.operationId,
        method: operation.method,
        path: operation.path,
        statuses: documented.map((status) => this.#status(operation.operationId, status, answered.has(status))),
        undocumented: [...seen].filter((status) => statusKey(definition.responses, status) === undefined).sort(),
        examples: examples.map((pointer) => ({ pointer, sent: this.#examples.has(pointer) })),
        requests: this.#requests.get(operation.operationId) ?? 0,
      };
    });
  }

  #status(operation: string, status: string, exercised: boolean): OperationCoverage['statuses'][number] {
    if (exercised || this.source === 'proxy' || this.#asked.get(operation)?.has(Number(status)))
      return { status, exercised };
    const unprovoked = /^5/.test(status)
      ? 'a server fault: no request provokes it from outside'
      : 'no case of this run asks for it: it needs a state the run does not make';
    return { status, exercised, unprovoked };
  }
}

/** The documented statuses (`201`, `4XX`, `default`) of an operation that the recorder counted an answer of. */
function answeredStatuses(keys: readonly string[], operation: string): Set<string> {
  const prefix = answerKey(operation, '');
  return new Set(
    keys.filter((key) => key.startsWith(prefix)).map((key) => key.slice(prefix.length).split(' ')[0] ?? ''),
  );
}

/** A case and its answer as the coverage recorder reads them: JSON parsed only where it is JSON. */
function exchangeOf(
  operation: string,
  testCase: TestCase,
  answer: Pick<Answer, 'status' | 'headers' | 'text'>,
): Exchange {
  const query = testCase.path.indexOf('?');
  const headers = Object.fromEntries(
    Object.entries(testCase.headers).map(([name, value]) => [name.toLowerCase(), value]),
  );
  const sentJson = testCase.body !== undefined && /json/i.test(headers['content-type'] ?? '');
  const json = (text: string | undefined) => {
    try {
      return text === undefined ? undefined : (JSON.parse(text) as unknown);
    } catch {
      return undefined;
    }
  };
  return {
    operationId: operation === 'unmatched' ? null : operation,
    query: query < 0 ? undefined : testCase.path.slice(query + 1),
    headers,
    body: sentJson ? json(decoder.decode(testCase.body)) : undefined,
    status: answer.status,
    mediaType: answer.headers.get('content-type') ?? undefined,
    answer: () => json(answer.text),
  };
}

const decoder = new TextDecoder();

export function exampleKey(operationPointer: string, media: string, name: string): string {
  return `${operationPointer}/requestBody/content/${escapePointer(media)}/examples/${name}`;
}

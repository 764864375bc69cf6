// The one request pipeline every mode shares. CORS comes first (a preflight is
// answered there); then steps run in the order of checks the contract sets
// (404, 405, 413, 401, 415, 400, 422), with the journal around them and the
// faults after routing, and end in an executor: the reference handlers or
// Prism. Each step answers itself or calls the next.
import type { Contract } from '../contract/contract.js';
import { ComposedTooLarge } from '../contract/composedExample.js';
import { BrokenChatbotError } from '../contract/encoder.js';
import { headerFaults } from '../contract/httpHeaders.js';
import type { RouteMatch } from '../contract/router.js';
import type { Authenticator } from '../state/authenticator.js';
import { StoreUnavailableError } from '../state/store.js';
import { corsAnswer } from './cors.js';
import { encodeReply } from './encode.js';
import { noExample } from './noExample.js';
import { asDocumented, BREAKS_CONTRACT, BrokenAnswerError, problemReply } from './problems.js';
import { authenticateStep } from './steps/authenticate.js';
import { checkResponseStep } from './steps/checkResponse.js';
import type { Overrides } from './overrides.js';
import { faultsStep, type FaultOptions } from './steps/faults.js';
import type { CoverageRecorder } from '../coverage/recorder.js';
import { observeCoverage } from './observeCoverage.js';
import { journalStep, RequestJournal } from './steps/journal.js';
import { overrideStep } from './steps/override.js';
import { parseBodyStep } from './steps/parseBody.js';
import { readBodyStep } from './steps/readBody.js';
import { matchRequest, pathBelow, routeStep } from './steps/route.js';
import { validateStep } from './steps/validate.js';
import type { EngineLog, EngineRequest, EngineResponse, Executor, Reply, RequestContext, Step } from './types.js';

export interface EngineOptions {
  contract: Contract;
  executor: Executor;
  authenticator: Authenticator;
  /** Where the API is mounted (default: the contract's base path, /api). */
  basePath?: string;
  /** Check every executor answer against the contract (default true). */
  validateResponses?: boolean;
  faults?: FaultOptions;
  journal?: RequestJournal;
  log?: EngineLog;
  /** Answers a test set for an operation (src/engine/overrides.ts), after the request's own checks. */
  overrides?: Overrides;
  /** Counts what each exchange exercised of the contract (src/coverage/). */
  coverage?: CoverageRecorder;
  /**
   * Keep each refusal's problem body even where the contract documents the status without one (default false): the
   * oracle reads why a request is refused from it.
   */
  keepProblems?: boolean;
}

export interface Engine {
  readonly contract: Contract;
  readonly basePath: string;
  readonly journal: RequestJournal;
  handle(request: EngineRequest): Promise<EngineResponse>;
  /** The operation a method and a full path name, as the route step decides it (404, 405, or the operation). */
  route(method: string, path: string): RouteMatch;
}

const silent: EngineLog = { error: () => {} };

export function createEngine(options: EngineOptions): Engine {
  const { contract, executor, authenticator, validateResponses = true, log = silent } = options;
  const basePath = options.basePath ?? contract.basePath;
  const journal = options.journal ?? new RequestJournal();
  const steps: Step[] = [
    journalStep(journal),
    guardStep(contract, log),
    routeStep(contract, basePath),
    faultsStep(contract, options.faults ?? {}),
    readBodyStep(contract),
    authenticateStep(contract, authenticator),
    parseBodyStep(contract),
    validateStep(contract, log),
    // Checked against the contract when it was set: its answer is not checked again.
    ...(options.overrides ? [overrideStep(options.overrides)] : []),
    ...(validateResponses ? [checkResponseStep(contract, log)] : []),
  ];
  const execute = (context: RequestContext): Promise<Reply> =>
    executor({
      // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- the route step answered 404 if none
      operation: context.operation!,
      principal: context.principal,
      params: context.params,
      body: context.body,
      mediaType: context.mediaType,
      request: context.request,
    });
  const run = chain(steps, execute);

  return {
    contract,
    basePath,
    journal,
    async handle(request) {
      // CORS applies to the API, not to what an adapter answers outside it (serve's own 404).
      const cors =
        pathBelow(basePath, request.path) === undefined
          ? undefined
          : corsAnswer(request, () => documentedMethods(contract, basePath, request.path));
      if (cors?.preflight)
        return { kind: 'answer', status: 204, headers: { ...cors.headers, 'Cache-Control': 'no-store' }, body: '' };
      const context: RequestContext = { request, params: {}, applied: [] };
      const replied = await run(context);
      // The operation is known once the route step has run.
      const reply = options.keepProblems ? replied : asDocumented(contract, context.operation, replied);
      const response = encodeReply(reply, context.applied, context.principal?.projectId);
      if (cors && response.kind === 'answer') response.headers = { ...cors.headers, ...response.headers };
      if (options.coverage) observeCoverage(options.coverage, context, reply, response);
      return response;
    },
    route: (method, path) => matchRequest(contract, basePath, method, path),
  };
}

/** Why an adapter could not send a reply: a status that is no final answer, or a header HTTP forbids. */
function answerFaults(reply: Exclude<Reply, { drop: true }>): string[] {
  const status = Number.isInteger(reply.status) && reply.status >= 200 && reply.status <= 599;
  return [...(status ? [] : [`status ${reply.status} is not a final answer`]), ...headerFaults(reply.headers ?? {})];
}

/** The methods the contract documents for a path, which a preflight allows. */
function documentedMethods(contract: Contract, basePath: string, path: string): readonly string[] {
  const match = matchRequest(contract, basePath, 'OPTIONS', path);
  return match.kind === 'method-not-allowed' ? match.allow : match.kind === 'operation' ? ['OPTIONS'] : [];
}

/** Runs the steps in order; the last one's next() is the executor. */
function chain(steps: readonly Step[], last: (context: RequestContext) => Promise<Reply>) {
  return (context: RequestContext): Promise<Reply> => {
    const at = (index: number): Promise<Reply> => (steps[index] ?? last)(context, () => at(index + 1));
    return at(0);
  };
}

/**
 * A store that cannot commit now becomes a 503 problem with Retry-After (nothing
 * was stored, and a retry may succeed); a stored chatbot, an answer its executor
 * found breaking the contract, or a header that breaks it a 500 whose log line
 * names it; any other fault of the server a 500. All logged.
 * A value composed from a schema past its bound is the documented 501 `no-example`: the contract cannot be served.
 */
function guardStep(contract: Contract, log: EngineLog): Step {
  return async (context, next) => {
    try {
      const reply = await next();
      // A header HTTP forbids (a generated value, say) would make the adapter throw: the answer breaks the contract.
      const faults = 'drop' in reply ? [] : answerFaults(reply);
      if (faults.length === 0) return reply;
      const details = { operationId: context.operation?.operationId, reasons: faults, path: context.request.path };
      log.error(details, `RESPONSE BREAKS THE CONTRACT: ${faults.join('; ')}: answering 500 instead`);
      return problemReply(contract, 500, BREAKS_CONTRACT);
    } catch (error) {
      if (error instanceof BrokenChatbotError) {
        const details = {
          operationId: context.operation?.operationId,
          chatbotId: error.chatbotId,
          reason: error.reason,
          path: context.request.path,
        };
        log.error(details, `RESPONSE BREAKS THE CONTRACT: ${error.message}: answering 500 instead`);
        return problemReply(contract, 500, BREAKS_CONTRACT);
      }
      if (error instanceof BrokenAnswerError) {
        const details = {
          operationId: context.operation?.operationId,
          reason: error.message,
          path: context.request.path,
        };
        log.error(details, `RESPONSE BREAKS THE CONTRACT: ${error.message}: answering 500 instead`);
        return problemReply(contract, 500, BREAKS_CONTRACT);
      }
      if (error instanceof ComposedTooLarge) {
        const { operation } = context;
        const described = operation
          ? `${operation.method} ${operation.path} (${operation.operationId})`
          : 'this request';
        return noExample(
          `The answer of ${described} cannot be made from this contract: ${error.message}. Give its schema an example.`,
        );
      }
      if (error instanceof StoreUnavailableError) {
        log.error({ err: error, path: context.request.path }, 'the store cannot commit: answering 503');
        return problemReply(contract, 503, `${error.message}. Nothing was stored; try again.`, { 'Retry-After': '1' });
      }
      log.error({ err: error, path: context.request.path }, 'unhandled error: answering 500');
      return problemReply(contract, 500, 'The server could not complete the request.');
    }
  };
}

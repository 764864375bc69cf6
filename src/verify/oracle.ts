// What the contract says a request should get, decided by the contract engine
// itself: the request runs through the same pipeline as the reference server
// (404, 405, 413, 401, 415, 400, 422 in the contract's order), and a request
// that passes every step is one the operation must accept. `verify` and `proxy`
// judge every answer against this, so no case carries a hand-written status.
// Its schemas' patterns run on the bounded automaton, never the platform's
// RegExp: a case one past a `maxLength`, or a client's string through `proxy`,
// cannot stall the check. A pattern the automaton does not read, or a string
// too long for its bound, is not checked: the refusal it might earn (422) is
// then acceptable too, and the reason names the pattern.
import { operationObject, type Contract } from '../contract/contract.js';
import type { ContractOperation } from '../contract/router.js';
import { pathOnly } from './cases.js';
import type { Principal } from '../contract/types.js';
import { MAX_CHECK_COST } from '../contract/checkBudget.js';
import { createLiveRouter } from '../contract/liveRouter.js';
import { boundedCheck, type Unchecked } from '../contract/pattern/engine.js';
import type { OperationRouter } from '../contract/router.js';
import { createEngine } from '../engine/pipeline.js';
import { bearerKey, createAuthenticator, type KeyLookup } from '../state/authenticator.js';
import { API_KEY_PREFIX } from '../state/keys.js';
import { cut } from '../untrusted/cut.js';

export interface Expectation {
  /** The operation the request names; undefined for an unknown path or method. */
  operation?: ContractOperation;
  /** The contract wants the operation to run (a 2xx); otherwise `status` is the refusal. */
  success: boolean;
  /** The documented success status, or the status of the first failing check. */
  status: number;
  /** Statuses also acceptable: 401 where the key is well formed but the oracle cannot know it. */
  alternatives: number[];
  /** Why, in the engine's words (the problem's detail), or "the request honours the contract". */
  reason: string;
  /** Where openapi.yaml documents the expected answer. */
  pointer: string;
  /**
   * The path names a record by a parameter (/pets/{petId}): a 404 may say that no such record exists, which the
   * contract cannot tell beforehand, so it is no refusal of a request that honours the contract.
   */
  mayBeMissing?: boolean;
}

export interface OracleRequest {
  method: string;
  /** Below the base URL, query allowed. */
  path: string;
  headers: Record<string, string>;
  body?: Uint8Array;
}

export interface Oracle {
  expect(request: OracleRequest): Promise<Expectation>;
}

// A status no step answers: the executor's mark that every check passed.
const PASSED = 299;

/**
 * keys: the keys known to be valid and whom they stand for (verify); without
 * them, any well-formed key is taken as valid, and 401 stays acceptable (proxy).
 */
export function createOracle(contract: Contract, keys?: ReadonlyMap<string, Principal>): Oracle {
  const lookup: KeyLookup = keys ? (key) => keys.get(key) : () => ({ accountId: 'upstream', projectId: 'upstream' });
  const bounded = createLiveRouter(contract.dereferenced, { patterns: 'bounded' });
  // What the request being judged let through: the engine checks one request at a time, synchronously.
  let unchecked: Unchecked = new Map();
  const router: OperationRouter = {
    ...bounded,
    validateRequest(operation, parts) {
      const check = boundedCheck(MAX_CHECK_COST, () => bounded.validateRequest(operation, parts));
      unchecked = check.unchecked;
      return check.result;
    },
  };
  const engine = createEngine({
    contract: { ...contract, router },
    authenticator: createAuthenticator(lookup),
    executor: async () => ({ status: PASSED, body: null }),
    validateResponses: false,
    keepProblems: true,
  });
  return {
    async expect(request) {
      const path = pathOnly(request.path);
      const headers = Object.fromEntries(
        Object.entries(request.headers).map(([name, value]) => [name.toLowerCase(), value]),
      );
      const match = contract.router.match(request.method, path);
      const operation = match.kind === 'operation' ? match.operation : undefined;
      const query = request.path.indexOf('?');
      unchecked = new Map();
      const answer = await engine.handle({
        method: request.method.toUpperCase(),
        path: contract.basePath + path,
        // The query's declared parameters are checked too (a `422` for a value their schemas refuse).
        ...(query === -1 ? {} : { query: request.path.slice(query + 1) }),
        headers,
        ...(request.body ? { body: request.body } : {}),
      });
      if (answer.kind !== 'answer') throw new Error('the contract engine dropped a request it was asked to judge');
      const alternatives = !keys && operation?.secured && wellFormedKey(headers.authorization) ? [401] : [];
      if (answer.status === PASSED && operation) {
        const status = successStatus(contract, operation);
        return {
          operation,
          success: true,
          status,
          alternatives: unchecked.size > 0 ? [...alternatives, 422] : alternatives,
          reason: `the request honours the contract${uncheckedReason(unchecked)}`,
          pointer: `${operation.pointer}/responses/${status}`,
          ...(operation.path.includes('{') ? { mayBeMissing: true } : {}),
        };
      }
      const problem = problemOf(answer.body);
      const documented = contract.responseFor(operation, answer.status);
      return {
        operation,
        success: false,
        status: answer.status,
        alternatives: answer.status === 401 ? [] : alternatives,
        reason: `${problem.detail}${fieldReasons(problem.validation)}`,
        pointer: documented?.pointer ?? '#/info/description',
      };
    },
  };
}

/** The refusal's problem; an empty one where its body is no problem (the judgement never rests on the body). */
function problemOf(body: unknown): { detail: string; validation?: unknown } {
  try {
    const problem = JSON.parse(String(body)) as { detail?: unknown; validation?: unknown } | null;
    return {
      detail: typeof problem?.detail === 'string' ? problem.detail : 'refused',
      validation: problem?.validation,
    };
  } catch {
    return { detail: 'refused' };
  }
}

/** The field-level reasons of a 422's `validation` (`body.name: must NOT have fewer than 1 characters`), a few. */
function fieldReasons(validation: unknown): string {
  if (!Array.isArray(validation) || validation.length === 0) return '';
  const shown = (validation as { location?: unknown; message?: unknown }[]).slice(0, 5).map(({ location, message }) => {
    const where = Array.isArray(location) ? location.join('.') : '';
    return `${where}${where ? ': ' : ''}${String(message)}`;
  });
  const more = validation.length > shown.length ? `; and ${validation.length - shown.length} more` : '';
  return ` (${shown.join('; ')}${more})`;
}

/** The patterns a check let through, named: a few. */
function uncheckedReason(unchecked: Unchecked): string {
  if (unchecked.size === 0) return '';
  const named = [...unchecked].slice(0, 3).map(([source, why]) => `${JSON.stringify(cut(source, 200))}: ${why}`);
  const more = unchecked.size > named.length ? `; and ${unchecked.size - named.length} more` : '';
  return ` as far as it was checked; not checked, so a 422 is acceptable too: ${named.join('; ')}${more}`;
}

function wellFormedKey(authorization: string | undefined): boolean {
  return bearerKey(authorization)?.startsWith(API_KEY_PREFIX) ?? false;
}

/** The operation's documented 2xx: 201 for createChatbot, 200 for listChatbots. */
export function successStatus(contract: Contract, operation: ContractOperation): number {
  const codes = Object.keys(operationObject(contract, operation).responses).filter((code) => /^2\d\d$/.test(code));
  // An operation that documents only `default` (or 2XX) succeeds with a 200.
  return Number(codes.sort()[0] ?? 200);
}

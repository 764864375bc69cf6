// 422: a well-formed request that breaks the operation's schemas, with every
// problem listed in the shape Stoplight Prism uses.
import type { ErrorObject } from 'ajv';
import type { Contract } from '../../contract/contract.js';
import { unescapePointer } from '../../contract/pointer.js';
import { QUERYSTRING, queryValues } from '../../contract/queryParameters.js';
import type { ValidationIssue } from '../../contract/types.js';
import { problemReply } from '../problems.js';
import type { EngineLog } from '../types.js';
import type { Step } from '../types.js';

/** The detail of the 500 for a valid body with numbers that another parser read first (EngineRequest.reparsed). */
export const REPARSED_NUMBERS =
  'The request body was parsed by a body parser that runs before this API, so its numbers can no longer be checked ' +
  'exactly as the contract requires. Mount the chatbot API before any body parser.';

/** The most problems a 422 lists (openapi.yaml, Problem.validation): the rest are counted in validation_omitted. */
const MAX_LISTED = 100;

export function validateStep(contract: Contract, log: EngineLog): Step {
  let told = false;
  return async (context, next) => {
    const { operation } = context;
    if (!operation) return next();
    const query = queryValues(operation.query, context.request.query ?? '');
    const errors = contract.router.validateRequest(operation, {
      params: context.params,
      query: query.values,
      headers: context.request.headers,
      body: context.body,
      mediaType: context.mediaType,
    });
    const inexact = (context.inexact ?? []).map(({ path, token }) => ({
      location: ['body', ...path],
      code: 'exactNumber',
      message:
        `${token.length > 40 ? `${token.slice(0, 40)}…` : token} cannot be kept exactly as a JSON number (an IEEE ` +
        `754 double): send it as a string`,
    }));
    if (errors.length > 0 || inexact.length > 0 || query.issues.length > 0) {
      const issues = [...query.issues, ...validationIssues(errors), ...inexact];
      const reply = problemReply(
        contract,
        422,
        'The request does not match the contract.',
        undefined,
        issues.slice(0, MAX_LISTED),
      );
      return issues.length > MAX_LISTED
        ? { ...reply, body: { ...(reply.body as object), validation_omitted: issues.length - MAX_LISTED } }
        : reply;
    }
    if (context.request.reparsed && holdsNumber(context.body)) {
      if (!told) log.error({ path: context.request.path }, REPARSED_NUMBERS);
      told = true;
      return problemReply(contract, 500, REPARSED_NUMBERS);
    }
    return next();
  };
}

/** Whether a JSON value holds a number anywhere. */
function holdsNumber(value: unknown): boolean {
  const pending = [value];
  while (pending.length > 0) {
    const current = pending.pop();
    if (typeof current === 'number') return true;
    if (typeof current === 'object' && current !== null) for (const item of Object.values(current)) pending.push(item);
  }
  return false;
}

// openapi-backend validates the body under a `requestBody` property, and parameters under their location.
const LOCATIONS: Record<string, string> = { requestBody: 'body', query: 'query', header: 'header', path: 'path' };

export function validationIssues(errors: readonly ErrorObject[]): ValidationIssue[] {
  return errors.map((error) => {
    const [root = '', ...rest] = error.instancePath.split('/').slice(1).map(unescapePointer);
    // The whole query string (OpenAPI 3.2's `in: querystring`) is checked as one query value.
    const location =
      root === '' ? ['body'] : root === 'query' && rest[0] === QUERYSTRING ? rest : [LOCATIONS[root] ?? root, ...rest];
    if (error.keyword === 'required' && root === '' && error.params.missingProperty === 'requestBody') {
      return { location: ['body'], code: 'required', message: 'a JSON request body is required' };
    }
    if (error.keyword === 'required' && root === '' && error.params.missingProperty === 'path') {
      return { location: ['path'], code: 'required', message: 'a path parameter is missing' };
    }
    if (error.keyword === 'x-max-depth')
      return { location, code: 'maxDepth', message: error.message ?? 'nests too deep' };
    if (error.keyword === 'x-max-entries')
      return { location, code: 'maxEntries', message: error.message ?? 'holds too much' };
    if (error.keyword === 'x-max-json-length')
      return { location, code: 'maxJsonLength', message: error.message ?? 'is too long' };
    if (error.keyword === 'additionalProperties') {
      const extra = String(error.params.additionalProperty);
      return { location: [...location, extra], code: 'additionalProperties', message: `unknown property '${extra}'` };
    }
    return { location, code: error.keyword, message: error.message ?? `must pass ${error.keyword}` };
  });
}

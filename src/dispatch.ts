// Routes requests to the operation handlers, in the order of checks the contract
// sets: path 404, method 405, body size 413, key 401, body 415/400, schema 422,
// then the handler.
// openapi-backend supplies the operations of openapi.yaml and their compiled
// validators; the routing table is built once, at start, so that a request costs
// one Map lookup rather than a search through the definition.
import type { ErrorObject, ValidateFunction } from 'ajv';
import type { Request, Response } from 'express';
import type { OpenAPIBackend } from 'openapi-backend';
import type { Logger } from 'pino';
import type { Authenticator } from './auth.js';
import { bodyErrorReply, parseJsonBody, type BodyReader } from './body.js';
import type { OperationHandler } from './handlers/handler.js';
import './locals.js';
import { problem, problemReply, type Reply } from './problem.js';
import { send } from './send.js';
import { basePath, type ContractRules } from './spec.js';
import type { ChatbotStore } from './store.js';
import { validationIssues } from './validation.js';

export interface DispatchOptions {
  api: OpenAPIBackend;
  authenticator: Authenticator;
  readBody: BodyReader;
  handlers: Record<string, OperationHandler>;
  store: ChatbotStore;
  rules: ContractRules;
  logger: Logger;
  validateResponses: boolean;
}

interface Route {
  operationId: string;
  handler: OperationHandler;
  secured: boolean;
  hasBody: boolean;
  /** Whether there is anything to validate: a body or parameters. */
  validated: boolean;
}

/** Answers one request; a rejection is for Express's error handler (a 500). */
export type Dispatcher = (req: Request, res: Response) => Promise<void>;

export function createDispatcher(options: DispatchOptions): Dispatcher {
  const { api, authenticator, readBody, store, rules, logger, validateResponses } = options;
  const prefix = basePath();
  // path -> method -> route: a request costs two Map lookups, no search.
  const routes = new Map<string, Map<string, Route>>();
  for (const operation of api.router.getOperations()) {
    const operationId = operation.operationId!;
    const handler = options.handlers[operationId];
    if (!handler) throw new Error(`no handler for operationId ${operationId} (src/handlers/)`);
    const path = prefix + operation.path;
    if (!routes.has(path)) routes.set(path, new Map());
    routes.get(path)!.set(operation.method.toUpperCase(), {
      operationId,
      handler,
      secured: (operation.security ?? []).length > 0,
      hasBody: Boolean(operation.requestBody),
      validated: Boolean(operation.requestBody || operation.parameters?.length),
    });
  }

  // A reply that breaks the contract is never sent as if it were valid. A stable
  // body (the same object until the data changes) is checked once.
  const checked = new WeakSet<object>();
  function checkedReply(route: Route, reply: Reply): Reply {
    if (reply.stable && checked.has(reply.body as object)) return reply;
    const { operationId } = route;
    // Compiled by openapi-backend on first use (its lazy mode) and kept by it.
    const responseValidators: Record<string, ValidateFunction> =
      api.validator.getStatusBasedResponseValidatorForOperation(operationId) ?? {};
    // The status itself, else its range (2XX), else default: how OpenAPI matches responses.
    const check =
      responseValidators[reply.status] ??
      responseValidators[`${Math.floor(reply.status / 100)}XX`] ??
      responseValidators.default;
    if (!check || check(reply.body)) {
      if (reply.stable) checked.add(reply.body as object);
      return reply;
    }
    logger.error({ operationId, status: reply.status, errors: check.errors }, 'RESPONSE BREAKS THE CONTRACT: answering 500 instead');
    return problemReply(500, 'The server produced a response that breaks its own contract.');
  }

  // The validators openapi-backend compiled for the operation, called directly with
  // the shape they expect; its own validateRequest would parse the request again.
  function validate(route: Route, headers: Record<string, unknown>, body: unknown): ErrorObject[] {
    const input: Record<string, unknown> = { path: {}, query: {}, header: headers, cookie: {} };
    if (body !== undefined) input.requestBody = body;
    const errors: ErrorObject[] = [];
    for (const check of api.validator.getRequestValidatorsForOperation(route.operationId) ?? []) {
      if (!check(input)) errors.push(...(check.errors ?? []));
    }
    return errors;
  }

  return async (req, res) => {
    // Mounted on the base path or at the root: either way, the full path.
    const full = req.baseUrl + req.path;
    const path = full.length > 1 && full.endsWith('/') ? full.replace(/\/+$/, '') : full;
    const methods = routes.get(path);
    if (!methods) return send(res, problemReply(404, `There is no resource at ${full}.`));
    const route = methods.get(req.method);
    if (!route) {
      const allow = [...methods.keys()].join(', ');
      return send(res, problemReply(405, `${req.method} is not allowed on ${full}. Allowed methods are ${allow}.`, { Allow: allow }));
    }
    // Any body is read (and its size limit enforced) before the key is checked, so
    // that nothing over the limit is buffered; whether it is JSON is said only
    // after the key check, and only where the operation takes a body.
    let bytes: Buffer | undefined;
    try {
      bytes = await readBody(req, res);
    } catch (error) {
      const reply = bodyErrorReply(error, rules.maxBodyBytes);
      if (!reply) throw error; // Express answers it with the app's error handler: a 500
      return send(res, reply);
    }
    if (route.secured) {
      const result = authenticator.authenticate(req.headers.authorization);
      if (!result.ok) return send(res, problemReply(401, result.detail, { 'WWW-Authenticate': 'Bearer realm="chatbots"' }));
      res.locals.principal = result.principal;
    }
    let body: unknown;
    if (route.hasBody) {
      const parsed = parseJsonBody(bytes, req.headers['content-type']);
      if (!parsed.ok) return send(res, parsed.problem);
      body = parsed.value;
    }
    if (route.validated) {
      const errors = validate(route, req.headers as Record<string, unknown>, body);
      if (errors.length > 0) {
        return send(res, { status: 422, body: problem(422, 'The request does not match the contract.', validationIssues(errors)) });
      }
    }
    const reply = await route.handler({ principal: res.locals.principal!, body, store, rules });
    send(res, validateResponses ? checkedReply(route, reply) : reply);
  };
}

// Every admin request is held to its admin API's contract (adminContract.ts)
// before its route runs, and every JSON answer before it is sent, as the
// engine holds /api to openapi.yaml: a request that does not fit gets its
// operation's documented 400, and an answer that does not fit is this server's
// fault, logged and answered with the documented 500 in its place.
import express, { type ErrorRequestHandler, type RequestHandler, type Response } from 'express';
import type { OpenAPIV3 } from 'openapi-types';
import { documentedProblem, type DocumentedProblem } from '../../contract/documentedProblem.js';
import { queryValues } from '../../contract/queryParameters.js';
import type { ContractOperation, RouteMatch } from '../../contract/router.js';
import { validationIssues } from '../../engine/steps/validate.js';
import type { EngineLog } from '../../engine/types.js';
import { sendProblem } from '../sendProblem.js';
import type { OwnContract } from './adminContract.js';

/** The largest admin request body read: an override's body is an answer of openapi.yaml, at most its own limit. */
const MAX_ADMIN_BODY = '100kb';

/** Parses the body, checks the request against its operation, and checks each JSON answer sent. */
export function checkAdmin(contract: OwnContract, log: EngineLog): (RequestHandler | ErrorRequestHandler)[] {
  return [
    matchOperation(contract),
    express.json({ limit: MAX_ADMIN_BODY }),
    notJsonBody(contract),
    checkRequest(contract),
    checkAnswers(contract, log),
  ];
}

type Matched = Extract<RouteMatch, { kind: 'operation' }>;

/** Matches the request (its path below /__admin) once, for the steps after; none for a path the document lacks. */
function matchOperation(contract: OwnContract): RequestHandler {
  return (req, res, next) => {
    const match = contract.router.match(req.method, req.path);
    if (match.kind === 'operation') res.locals.adminOperation = match;
    next();
  };
}

const operationOf = (res: Response) => res.locals.adminOperation as Matched | undefined;

/** The 400 problem the operation documents (BadRequest for one that documents none), with this detail. */
function badRequest(contract: OwnContract, operation: ContractOperation, detail: string): DocumentedProblem {
  const path = contract.document.paths[operation.path] as Record<string, OpenAPIV3.OperationObject>;
  const written = path[operation.method.toLowerCase()]?.responses['400'] as OpenAPIV3.ReferenceObject | undefined;
  return documentedProblem(contract.document, written?.$ref.split('/').pop() ?? 'BadRequest', detail);
}

/** A body that is not JSON, or too large, is the client's mistake: its operation's 400, not a fault. */
function notJsonBody(contract: OwnContract): ErrorRequestHandler {
  return (error: { status?: number; message?: string }, _req, res, next) => {
    const found = operationOf(res);
    if (!error.status || error.status >= 500 || !found) return next(error);
    sendProblem(res, badRequest(contract, found.operation, `The body is not JSON: ${error.message ?? ''}`));
  };
}

function checkRequest(contract: OwnContract): RequestHandler {
  return (req, res, next) => {
    const found = operationOf(res);
    if (!found) return next();
    const { operation, params } = found;
    const query = queryValues(operation.query, req.originalUrl.split('?')[1] ?? '');
    const errors = contract.router.validateRequest(operation, {
      params,
      query: query.values,
      headers: req.headers,
      body: operation.hasBody && req.body !== undefined ? req.body : undefined,
    });
    const issues = [...query.issues, ...validationIssues(errors)];
    if (issues.length === 0) return next();
    const detail = issues.map((issue) => `${issue.location.join('.')}: ${issue.message}`).join('; ');
    sendProblem(res, badRequest(contract, operation, detail));
  };
}

function checkAnswers(contract: OwnContract, log: EngineLog): RequestHandler {
  return (req, res, next) => {
    const found = operationOf(res);
    if (!found) return next();
    const send = res.send.bind(res);
    res.send = (body?: unknown) => {
      const fault = answerFault(contract, found.operation, res, body);
      if (fault === undefined) return send(body);
      log.error({ path: req.originalUrl, reasons: fault }, 'ADMIN ANSWER BREAKS ITS CONTRACT: answering 500');
      res.send = send;
      const detail = 'The server could not complete the request.';
      sendProblem(res, documentedProblem(contract.document, 'InternalError', detail));
      return res;
    };
    next();
  };
}

/** Why a JSON answer breaks its documented response; undefined when it fits, or is not JSON. */
function answerFault(contract: OwnContract, operation: ContractOperation, res: Response, body: unknown) {
  const type = String(res.get('content-type') ?? '').replace(/;.*$/s, '');
  if (type !== 'application/json') return undefined;
  const validate = contract.router.responseValidator(operation, res.statusCode);
  if (!validate) return `status ${res.statusCode} is not documented for ${operation.operationId}`;
  const text = Buffer.isBuffer(body) ? body.toString('utf8') : String(body);
  if (validate(JSON.parse(text))) return undefined;
  return (validate.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message}`).join('; ');
}

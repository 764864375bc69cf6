// Wires Express, openapi-backend and the operation handlers into one app.
// Order of checks (see openapi.yaml): path 404, method 405, size 413, key 401,
// media type 415, JSON syntax 400, schema 422, then the operation's handler.
import addFormats from 'ajv-formats';
import cors from 'cors';
import express, { type Express, type Request, type Response } from 'express';
import { OpenAPIBackend, type Context } from 'openapi-backend';
import type { Logger } from 'pino';
import { createAuthenticator } from './auth.js';
import { bodyErrorReply, readBody } from './body.js';
import { pinoHttp } from 'pino-http';
import { adminRouter } from './admin/router.js';
import { docsRouter } from './docs.js';
import { faults, type FaultOptions } from './faults.js';
import { RequestJournal } from './journal.js';
import { operationHandlers } from './handlers/index.js';
import type { ApiKey } from './keys.js';
import { problem, problemReply, type Reply } from './problem.js';
import { addMaxDepthKeyword } from './settings.js';
import { basePath, contractRules, loadSpec } from './spec.js';
import { InMemoryChatbotStore, type ChatbotStore, type StoredChatbot } from './store.js';
import type { Principal } from './types.js';
import { validationIssues } from './validation.js';

export interface AppOptions {
  keys: readonly ApiKey[];
  logger: Logger;
  store?: ChatbotStore;
  /** Check every response against openapi.yaml before it is sent (default true). */
  validateResponses?: boolean;
  /** Latency and faults on /api; none by default. */
  faults?: FaultOptions;
  /** Recent /api requests, for the admin API. */
  journal?: RequestJournal;
  /** What the admin reset returns to. */
  seed?: readonly StoredChatbot[];
  /** Protects /__admin; without it the admin API is open. */
  adminToken?: string;
}

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

export async function createApp(options: AppOptions): Promise<Express> {
  const { logger, validateResponses = true, journal = new RequestJournal() } = options;
  const store = options.store ?? new InMemoryChatbotStore();
  const rules = contractRules();
  const authenticator = createAuthenticator(options.keys);

  const api = new OpenAPIBackend({
    definition: structuredClone(loadSpec()),
    apiRoot: basePath(),
    strict: true,
    ajvOpts: { allErrors: true },
    customizeAjv: (ajv) => addMaxDepthKeyword(addFormats.default(ajv)),
  });

  api.registerSecurityHandler('bearerAuth', (c: Context, _req: Request, res: Response) => {
    const result = authenticator.authenticate(c.request.headers.authorization as string | undefined);
    if (!result.ok) return { error: result.detail };
    res.locals.principal = result.principal;
    return result.principal;
  });

  const allowedMethods = (path: string): string =>
    HTTP_METHODS.filter((method) => api.router.matchOperation({ method, path, headers: {} }))
      .map((method) => method.toUpperCase())
      .join(', ');

  api.register({
    notFound: (_c: Context, req: Request): Reply => problemReply(404, `There is no resource at ${req.path}.`),
    methodNotAllowed: (_c: Context, req: Request): Reply => {
      const allow = allowedMethods(req.path);
      return problemReply(405, `${req.method} is not allowed on ${req.path}. Allowed methods are ${allow}.`, {
        Allow: allow,
      });
    },
    unauthorizedHandler: (c: Context): Reply =>
      problemReply(401, (c.security?.bearerAuth as { error: string }).error, {
        'WWW-Authenticate': 'Bearer realm="chatbots"',
      }),
    // A body that could not be read as JSON is reported here, after the key check;
    // such a body is left undefined, so the required requestBody always fails.
    validationFail: (c: Context, _req: Request, res: Response): Reply =>
      res.locals.bodyProblem ?? {
        status: 422,
        body: problem(422, 'The request does not match the contract.', validationIssues(c.validation.errors ?? [])),
      },
    postResponseHandler: (c: Context, _req: Request, res: Response) => {
      send(res, validateResponses ? checkedReply(c) : (c.response as Reply));
    },
  });
  for (const [operationId, handler] of Object.entries(operationHandlers)) {
    api.register(operationId, (c: Context) =>
      handler({ principal: c.security?.bearerAuth as Principal, body: c.request.requestBody, store, rules }),
    );
  }
  await api.init();

  // A reply that breaks the contract is never sent as if it were valid.
  function checkedReply(c: Context): Reply {
    const reply = c.response as Reply;
    if (!c.operation) return reply;
    const result = api.validateResponse(reply.body, c.operation.operationId as string, reply.status);
    if (!result.errors) return reply;
    logger.error(
      { operationId: c.operation.operationId, status: reply.status, errors: result.errors },
      'RESPONSE BREAKS THE CONTRACT: answering 500 instead',
    );
    return problemReply(500, 'The server produced a response that breaks its own contract.');
  }

  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false); // a 304 is not in the contract
  // A silent logger (--quiet, tests, benchmarks) costs nothing per request.
  if (logger.isLevelEnabled('info')) {
    app.use(pinoHttp({ logger, customProps: (_req, res) => ({ project: res.locals?.principal?.projectId }) }));
  }
  app.use(
    cors({ methods: ['GET', 'POST'], exposedHeaders: ['Allow', 'WWW-Authenticate', 'Preference-Applied'], maxAge: 600 }),
  );
  app.use(docsRouter());
  app.use(
    '/__admin',
    adminRouter({ store, keys: options.keys, journal, seed: options.seed ?? [], token: options.adminToken }),
  );
  app.use(basePath(), journal.middleware(), faults(options.faults ?? {}, send), readBody(rules.maxBodyBytes));
  app.use((req, res) =>
    api.handleRequest(
      {
        method: req.method,
        path: req.path,
        query: {}, // the contract declares no query parameters: any sent are ignored
        headers: req.headers as Record<string, string>,
        body: req.body,
      },
      req,
      res,
    ),
  );
  app.use((error: unknown, _req: Request, res: Response, _next: express.NextFunction) => {
    const reply = bodyErrorReply(error, rules.maxBodyBytes);
    if (!reply) logger.error({ err: error }, 'unhandled error: answering 500');
    send(res, reply ?? problemReply(500, 'The server could not complete the request.'));
  });
  return app;
}

function send(res: Response, reply: Reply): void {
  if (res.headersSent) return;
  res.status(reply.status);
  res.set('Cache-Control', 'no-store'); // the state changes under the client's feet
  if (reply.headers) res.set(reply.headers);
  res.type(reply.status >= 400 ? 'application/problem+json' : 'application/json');
  res.json(reply.body);
}

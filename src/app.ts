// Wires Express, openapi-backend and the operation handlers into one app:
// docs and admin outside /api; on /api one handler that records the request in
// the journal, applies any faults asked for, then hands it to the dispatcher
// (src/dispatch.ts), which checks it and routes it to the operation handlers.
import addFormats from 'ajv-formats';
import cors from 'cors';
import express, { type Express, type Request, type RequestHandler, type Response } from 'express';
import { OpenAPIBackend } from 'openapi-backend';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import { adminRouter } from './admin/router.js';
import { createAuthenticator } from './auth.js';
import { createBodyReader } from './body.js';
import { createDispatcher } from './dispatch.js';
import { docsRouter } from './docs.js';
import { createFaultInjector, type FaultOptions } from './faults.js';
import { operationHandlers } from './handlers/index.js';
import { RequestJournal } from './journal.js';
import type { ApiKey } from './keys.js';
import { problemReply } from './problem.js';
import { send } from './send.js';
import { addMaxDepthKeyword } from './settings.js';
import { basePath, contractRules, loadSpec } from './spec.js';
import { InMemoryChatbotStore, type ChatbotStore, type StoredChatbot } from './store.js';

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

export async function createApp(options: AppOptions): Promise<Express> {
  const { logger, validateResponses = true, journal = new RequestJournal() } = options;
  const store = options.store ?? new InMemoryChatbotStore();
  const rules = contractRules();
  const authenticator = createAuthenticator(options.keys);

  const api = new OpenAPIBackend({
    definition: structuredClone(loadSpec()),
    apiRoot: basePath(),
    // quick: no re-validation of the definition at every start (npm run lint:spec
    // and CI do that), no response-header validators, and each operation's
    // validators compiled on its first request (about 10 ms, once) rather than
    // all of them before the server listens.
    quick: true,
    // The definition is linted in CI, so Ajv need not check each schema against
    // its meta-schema at start.
    ajvOpts: { allErrors: true, validateSchema: false },
    customizeAjv: (ajv) => addMaxDepthKeyword(addFormats.default(ajv)),
  });

  await api.init();
  const dispatch = createDispatcher({
    api,
    authenticator,
    readBody: createBodyReader(rules.maxBodyBytes),
    handlers: operationHandlers,
    store,
    rules,
    logger,
    validateResponses,
  });

  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false); // a 304 is not in the contract
  // A silent logger (--quiet, tests, benchmarks) costs nothing per request.
  if (logger.isLevelEnabled('info')) {
    app.use(pinoHttp({ logger, customProps: (_req, res) => ({ project: res.locals?.principal?.projectId }) }));
  }
  const allowCrossOrigin = cors({
    methods: ['GET', 'POST'],
    exposedHeaders: ['Allow', 'WWW-Authenticate', 'Preference-Applied'],
    maxAge: 600,
  });
  // /api first, and as one handler rather than a stack of middleware: API
  // requests pass no other router layer on their way. The contract declares no
  // query parameters: any sent are ignored.
  const injectFaults = createFaultInjector(options.faults ?? {}, send);
  const apiHandler: RequestHandler = (req, res, next) => {
    // CORS headers, or the whole answer to a preflight (which is not journaled).
    allowCrossOrigin(req, res, (error?: unknown) => {
      if (error) return next(error);
      journal.track(req, res);
      const faulted = injectFaults(req, res);
      if (faulted === false) return void dispatch(req, res).catch(next);
      faulted.then((answered) => (answered ? undefined : dispatch(req, res))).catch(next);
    });
  };
  app.use(basePath(), apiHandler);
  app.use(allowCrossOrigin);
  app.use(docsRouter());
  app.use(
    '/__admin',
    adminRouter({ store, keys: options.keys, journal, seed: options.seed ?? [], token: options.adminToken }),
  );
  app.use((req, res, next) => void dispatch(req, res).catch(next)); // everything else: 404
  app.use((error: unknown, _req: Request, res: Response, _next: express.NextFunction) => {
    logger.error({ err: error }, 'unhandled error: answering 500');
    send(res, problemReply(500, 'The server could not complete the request.'));
  });
  return app;
}

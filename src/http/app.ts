// The app `serve` runs: the API (the engine, through the Node adapter) first,
// so that an API request passes no other layer; then, in Express, the docs,
// the contract, the admin API and page; anything else is the engine's 404.
import type { IncomingMessage, ServerResponse } from 'node:http';
import express from 'express';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import type { ContractFile } from '../contract/load.js';
import type { Engine } from '../engine/pipeline.js';
import { isSecretHeader, REDACTED } from '../untrusted/redact.js';
import { adminRouter, type AdminTarget } from './admin/router.js';
import { docsRouter } from './docs.js';
import { createNodeMiddleware } from './nodeAdapter.js';
import { sendProblem } from './sendProblem.js';

export interface AppOptions {
  engine: Engine;
  logger: Logger;
  /** The contract in force and its YAML text, served at /docs, /openapi.yaml and /openapi.json. */
  served: () => ContractFile;
  /** What the admin API works on (the reference state, or the mock's); without it there is no admin API. */
  reference?: AdminTarget;
  /** Protects /__admin; without it the admin API is open. */
  adminToken?: string;
  /** The bound address, and other Host names the admin API answers. */
  boundHost?: string;
  allowedHosts?: readonly string[];
}

export type App = (req: IncomingMessage, res: ServerResponse) => void;

const projects = new WeakMap<ServerResponse, string>();
/** What the site serves besides the API: the banner lists them, so they answer at any base path, `/` too. */
const SITE_PATHS = /^\/(?:docs(?:\/.*)?|openapi\.(?:json|yaml)|__admin(?:\/.*)?)$/s;

export function createApp(options: AppOptions): App {
  const { engine, logger, reference } = options;
  const api = createNodeMiddleware(engine, {
    sitePaths: SITE_PATHS,
    onAnswer: (res, response) => {
      if (response.kind === 'answer' && response.projectId) projects.set(res, response.projectId);
    },
  });
  const site = express();
  site.disable('x-powered-by');
  site.set('etag', false); // a 304 is not in the contract
  site.use(docsRouter(options.served, engine.basePath));
  if (reference) {
    site.use(
      '/__admin',
      adminRouter({
        reference,
        boundHost: options.boundHost ?? '127.0.0.1',
        allowedHosts: options.allowedHosts,
        token: options.adminToken,
        log: logger,
      }),
    );
  }
  // Anything else: the engine's 404 problem, with CORS as on the API.
  site.use(createNodeMiddleware(engine, { answerAll: true }));

  // A silent logger (--quiet, tests, benchmarks) costs nothing per request.
  const log = logger.isLevelEnabled('info')
    ? pinoHttp({
        logger,
        serializers: {
          req: (req: { headers: Record<string, unknown> }) => ({ ...req, headers: maskedHeaders(req.headers) }),
          res: (res: { headers: Record<string, unknown> }) => ({ ...res, headers: maskedHeaders(res.headers) }),
        },
        customProps: (_req, res) => ({ project: projects.get(res) }),
        // For a 5xx, pino-http makes up an Error ("failed with status code 500") and logs its stack. A fault
        // of the server is logged where it happens, with its own stack; a requested one (Prefer: code=500) has none.
        customErrorObject: (_req, res, error, fields) =>
          res.err || !error.message.startsWith('failed with status code') ? fields : { ...fields, err: undefined },
      })
    : undefined;
  return (req, res) => {
    log?.(req, res);
    api(req, res, (error?: unknown) => {
      if (error) return fail(res, error);
      site(req, res);
    });
  };

  function fail(res: ServerResponse, error: unknown) {
    logger.error({ err: error }, 'unhandled error: answering 500');
    if (res.headersSent) return void res.destroy();
    sendProblem(res, engine.contract.problem(500, 'The server could not complete the request.'), {
      'Cache-Control': 'no-store',
    });
  }
}

/** Headers as a log line may show them: a secret's value masked. */
function maskedHeaders(headers: Record<string, unknown> = {}) {
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [name, isSecretHeader(name) ? REDACTED : value]),
  );
}

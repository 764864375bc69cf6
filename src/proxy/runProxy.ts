// `proxy`: a validating proxy between a client and a real backend. It serves
// the API's base path by forwarding to the upstream and judging each answer,
// and /__admin/violations with what it has seen break the contract. That view
// holds the traffic (request bodies), so off loopback it needs an admin token.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { pino, type Logger } from 'pino';
import type { Contract } from '../contract/contract.js';
import { loadContract } from '../contract/load.js';
import { hostGuard, requireToken } from '../http/admin/guard.js';
import { ADMIN_RISK, refuseOpenAdmin } from '../http/openAdmin.js';
import { sendProblem } from '../http/sendProblem.js';
import { closeServer, listen } from '../http/listen.js';
import type { ApiKey } from '../state/keys.js';
import { checkResponseBytes } from '../verify/answerCap.js';
import { createOracle } from '../verify/oracle.js';
import { createFallback, type FallbackKind } from './fallback.js';
import { proxyRequest } from './handler.js';
import { proxyAdminContract, proxyProblem } from '../http/admin/adminContract.js';
import { checkAdmin } from '../http/admin/checkAdmin.js';
import { ViolationLog, type ProxyReport } from './violations.js';

export interface ProxyOptions {
  /** The backend's address, ending in /api. */
  upstream: string;
  /** Default 4012; 0 picks a free port. */
  port?: number;
  host?: string;
  /** Replace an answer that breaks the contract by a 502 problem naming the violation. */
  strict?: boolean;
  /** Serve what the upstream answers 404 or 501 with the reference handlers or Prism. */
  fallback?: FallbackKind;
  /** The fallback's keys; without them it lets in any well-formed key. */
  keys?: readonly ApiKey[];
  /** How long the upstream may take to answer (default 30 s). */
  timeoutMs?: number;
  /** The most bytes of an upstream's answer read (default 10 MiB); past it, a finding and a 502 problem. */
  maxResponseBytes?: number;
  /** /__admin/violations needs `Authorization: Bearer <token>`; required to bind anything but loopback. */
  adminToken?: string;
  allowedHosts?: readonly string[];
  logger?: Logger;
  /** The contract to judge by (default: the built-in one); the reference fallback serves it as `serve` would. */
  contract?: Contract;
  /** The file `contract` was read from, named in the report. */
  contractFile?: string;
}

export interface RunningProxy {
  /** The proxy's base URL, ending in /api. */
  url: string;
  log: ViolationLog;
  report(): ProxyReport;
  close(): Promise<void>;
}

// Far above the contract's limit, so that the upstream still gets to answer an oversized body.
const MAX_PROXIED_BODY = '16mb';

export async function runProxy(options: ProxyOptions): Promise<RunningProxy> {
  const { host = '127.0.0.1', port = 4012, logger = pino({ enabled: false }) } = options;
  refuseOpenAdmin(host, options.adminToken, ADMIN_RISK.traffic);
  const maxResponseBytes = checkResponseBytes(options.maxResponseBytes, 'runProxy');
  const contract = options.contract ?? loadContract();
  const upstream = options.upstream.replace(/\/+$/, '');
  const log = new ViolationLog(upstream, contract, options.contractFile);
  // The contract the reference handlers were written for, when the one judged by may be another.
  const builtIn = options.contract && options.fallback === 'reference' ? loadContract() : undefined;
  const context = {
    contract,
    oracle: createOracle(contract),
    upstream,
    strict: options.strict ?? false,
    log,
    logger,
    timeoutMs: options.timeoutMs ?? 30_000,
    maxResponseBytes,
    ...(options.fallback
      ? {
          fallback: {
            kind: options.fallback,
            engine: await createFallback(contract, options.fallback, options.keys, builtIn),
          },
        }
      : {}),
  };
  const app = express();
  app.disable('x-powered-by');
  const { document } = proxyAdminContract();
  app.use('/__admin', hostGuard(host, options.allowedHosts ?? [], document));
  // The document holds no data; the violations hold the traffic.
  app.get('/__admin/openapi.json', (_req, res) => void res.set('Cache-Control', 'no-store').json(document));
  app.use('/__admin', requireToken(options.adminToken, document));
  app.use('/__admin', checkAdmin(proxyAdminContract(), logger));
  app.get('/__admin/violations', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({
      requests: log.requests,
      violations: log.violations,
      requestViolations: log.requestViolations,
      failures: log.list(),
      unlistedFailures: log.unlisted,
    });
  });
  app.use(express.raw({ type: () => true, limit: MAX_PROXIED_BODY }));
  app.use((req, res, next) => void proxyRequest(context, req, res).catch(next));
  app.use(
    (error: Error & { status?: number }, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
      if (error.status === 413)
        return sendProblem(
          res,
          { ...contract.problem(413, `The request body is larger than the proxy passes on (${MAX_PROXIED_BODY}).`) },
          { 'Cache-Control': 'no-store' },
        );
      logger.error({ err: error }, 'the proxy failed');
      sendProblem(res, contract.problem(500, 'The proxy could not complete the request.'), {
        'Cache-Control': 'no-store',
      });
    },
  );
  const server = await listen(pathsOnly(app), port, host);
  const { port: bound } = server.address() as AddressInfo;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${bound}${contract.basePath}`;
  return { url, log, report: () => log.report(url), close: () => closeServer(server) };
}

/**
 * The app, for a request target that is a path (RFC 9112's origin form). Node's parser lets through `*`, absolute URLs
 * and text such as `*@host/x` too, which, put after the upstream's address, would name another host: each is refused
 * before any route sees it, and nothing is forwarded.
 */
function pathsOnly(app: express.Express): (req: IncomingMessage, res: ServerResponse) => void {
  const detail = 'The request target must be a path from "/": this proxy forwards no "*" and no absolute URL.';
  return (req, res) => {
    if (req.url?.startsWith('/')) return void app(req, res);
    sendProblem(res, proxyProblem('InvalidRequestTarget', detail), { 'Cache-Control': 'no-store' });
  };
}

// /__admin: health, state, the request journal, new tenants, overrides, reset, its OpenAPI document and a page.
import express, { type ErrorRequestHandler, type Router } from 'express';
import type { Reference } from '../../reference/reference.js';
import { StoreUnavailableError, type ChatbotStore } from '../../state/store.js';
import { pageHeaders } from '../pageHeaders.js';
import { sendProblem } from '../sendProblem.js';
import { hostGuard, jsonOnlyForChanges, requireToken } from './guard.js';
import { addOverrideRoutes } from './overridesRoutes.js';
import { addScenarioRoutes } from './scenariosRoutes.js';
import { addTenantRoutes } from './tenants.js';
import type { EngineLog } from '../../engine/types.js';
import { adminContract, adminProblem } from './adminContract.js';
import { checkAdmin } from './checkAdmin.js';
import { adminPage } from './page.js';

/** What the admin API works on: the reference (serve), or the Prism mock's keys, journal and overrides. */
export type AdminTarget = Pick<
  Reference,
  'store' | 'journal' | 'coverage' | 'overrides' | 'reset' | 'seed' | 'useScenario' | 'scenarios'
>;

export interface AdminOptions {
  reference: AdminTarget;
  /** The address the server is bound to, and other Host names the admin API answers. */
  boundHost: string;
  allowedHosts?: readonly string[];
  /** Without one, the admin API is open (the server refuses that off loopback). */
  token?: string;
  /** Where an answer that breaks admin/openapi.yaml is told (default: nowhere). */
  log?: EngineLog;
}

export function adminRouter(options: AdminOptions): Router {
  const { store, journal } = options.reference;
  const started = Date.now();
  const router = express.Router();
  router.use(hostGuard(options.boundHost, options.allowedHosts ?? []));
  router.use(pageHeaders);
  // The page and its script hold no data; every call they make is checked.
  router.get('/', (req, res) => {
    if (!req.originalUrl.replace(/\?.*$/s, '').endsWith('/')) return res.redirect(301, `${req.baseUrl}/`);
    res.type('html').send(adminPage().page);
  });
  router.get('/app.js', (_req, res) => void res.type('application/javascript').send(adminPage().script));
  router.get('/openapi.json', (_req, res) => void res.json(adminContract().document));

  router.use(requireToken(options.token));
  router.use(jsonOnlyForChanges());
  router.use(checkAdmin(adminContract(), options.log ?? { error: () => {} }));
  // 503 when the store cannot write, so that a load balancer takes the replica out.
  router.get('/health', async (_req, res) => {
    const { chatbots, ...health } = await store.health();
    res.status(health.writable ? 200 : 503).json({
      status: health.writable ? 'ok' : 'degraded',
      uptime_seconds: (Date.now() - started) / 1000,
      chatbots: chatbots ?? null,
      ...health,
    });
  });
  router.get('/state', async (_req, res) => void res.json({ accounts: await state(store) }));
  router.get('/requests', (req, res) => {
    const only = (name: string) => (typeof req.query[name] === 'string' ? req.query[name] : undefined);
    res.json({ requests: journal.entries({ operationId: only('operation_id'), account: only('account') }) });
  });
  router.get('/coverage', (_req, res) => void res.json(options.reference.coverage.journal()));
  router.delete('/coverage', (_req, res) => {
    options.reference.coverage.clear();
    res.status(204).end();
  });
  addTenantRoutes(router, options.reference);
  addOverrideRoutes(router, options.reference.overrides);
  addScenarioRoutes(router, options.reference);
  router.post('/reset', async (_req, res) => {
    await options.reference.reset();
    res.json({ chatbots: options.reference.seed.length });
  });
  router.use(storeErrors());
  return router;
}

/** A store that cannot answer is a 503 problem, as on /api; anything else a 500 problem. */
function storeErrors(): ErrorRequestHandler {
  return (error: unknown, _req, res, _next) => {
    if (error instanceof StoreUnavailableError)
      return sendProblem(res, adminProblem('StoreUnavailable', error.message), { 'Retry-After': '1' });
    sendProblem(res, adminProblem('InternalError', 'The server could not complete the request.'));
  };
}

/** The newest chatbots of each project shown: the page stays small whatever the store holds. */
const SHOWN_PER_PROJECT = 100;

/** Every account and project of the keys, in the order they were added, each with its count and newest chatbots: read
 * project by project, one after another: only the chatbots shown are decoded, never every one stored, and a database
 * store's other connections stay free for others' requests. */
async function state(store: ChatbotStore) {
  const accounts = new Map<string, Set<string>>();
  for (const { accountId, projectId } of await store.keys())
    accounts.set(accountId, (accounts.get(accountId) ?? new Set()).add(projectId));
  const shown = [];
  for (const [id, projectIds] of accounts) {
    const projects = [];
    for (const projectId of projectIds) {
      const { held, newest } = await store.newestOfProject(id, projectId, SHOWN_PER_PROJECT);
      projects.push({ id: projectId, chatbot_count: held, chatbots: newest });
    }
    shown.push({ id, projects });
  }
  return shown;
}

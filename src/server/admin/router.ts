// /__admin: health, state, the request journal, reset, its OpenAPI document and a page.
import { createHash, timingSafeEqual } from 'node:crypto';
import express, { type RequestHandler, type Router } from 'express';
import type { Contract } from '../../contract/contract.js';
import type { Reference } from '../../reference/engine.js';
import type { ApiKey } from '../../state/keys.js';
import type { StoredChatbot } from '../../state/store.js';
import { ADMIN_PAGE, ADMIN_SCRIPT } from './page.js';
import { adminSpec } from './spec.js';

export interface AdminOptions {
  reference: Reference;
  contract: Contract;
  /** Without one, the admin API is open (the server refuses that off loopback). */
  token?: string;
}

export function adminRouter(options: AdminOptions): Router {
  const { store, journal, keys } = options.reference;
  const started = Date.now();
  const router = express.Router();
  // The page and its script hold no data; every call they make is checked.
  router.get('/', (req, res) => {
    if (!req.originalUrl.split('?')[0]!.endsWith('/')) return res.redirect(301, `${req.baseUrl}/`);
    res.type('html').send(ADMIN_PAGE);
  });
  router.get('/app.js', (_req, res) => void res.type('application/javascript').send(ADMIN_SCRIPT));
  router.get('/openapi.json', (_req, res) => void res.json(adminSpec));

  router.use(requireToken(options.contract, options.token));
  router.get('/health', (_req, res) => {
    res.json({ status: 'ok', uptime_seconds: (Date.now() - started) / 1000, chatbots: store.all().length });
  });
  router.get('/state', (_req, res) => void res.json({ accounts: state(keys, store.all()) }));
  router.get('/requests', (_req, res) => void res.json({ requests: journal.entries() }));
  router.post('/reset', async (_req, res) => {
    await options.reference.reset();
    res.json({ chatbots: options.reference.seed.length });
  });
  return router;
}

/** Every account and project of the keys, in keys-file order, each with its chatbots. */
function state(keys: readonly ApiKey[], records: readonly StoredChatbot[]) {
  const accounts = new Map<string, Map<string, unknown[]>>();
  for (const { accountId, projectId } of keys) {
    const projects = accounts.get(accountId) ?? accounts.set(accountId, new Map()).get(accountId)!;
    if (!projects.has(projectId)) projects.set(projectId, []);
  }
  for (const { accountId, projectId, chatbot } of records) accounts.get(accountId)?.get(projectId)?.push(chatbot);
  return [...accounts].map(([id, projects]) => ({
    id,
    projects: [...projects].map(([projectId, chatbots]) => ({ id: projectId, chatbots })),
  }));
}

function requireToken(contract: Contract, token: string | undefined): RequestHandler {
  if (token === undefined) return (_req, _res, next) => next();
  const expected = digest(`Bearer ${token}`);
  return (req, res, next) => {
    if (timingSafeEqual(digest(req.get('authorization') ?? ''), expected)) return next();
    res
      .status(401)
      .set('WWW-Authenticate', 'Bearer realm="chatbots-admin"')
      .type('application/problem+json')
      .json(contract.problem(401, 'The admin API needs `Authorization: Bearer <admin token>` (see --admin-token).'));
  };
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

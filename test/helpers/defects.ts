// The planted defects `verify` must catch, each with the check that must name
// it. The first group are the defects the old hand-written checks were built
// for. The second are 20 more: the old checks (commit 4562cda) missed 17 of
// them; they caught the three marked "old checks caught it too", by chance.
import express, { type RequestHandler } from 'express';
import { nestingDepth } from '../../src/contract/limits.js';
import type { CheckName } from '../../src/verify/checks/types.js';
import { InMemoryChatbotStore } from '../../src/state/memoryStore.js';
import {
  answerProblem,
  dropHeader,
  faultyStore,
  json,
  rewriteBody,
  rewriteHeaders,
  rewriteStatus,
  type Defect,
} from './broken.js';
import { contract } from './contract.js';
import { KEYS } from './server.js';

export type PlantedDefect = [label: string, check: CheckName, defect: Defect];

const isCreate = (req: { method: string }) => req.method === 'POST';
const defaults = JSON.stringify(contract.rules.defaultSettings);

/** A server that writes a create before it decides to reject it. */
function storesRejectedCreates(): Defect {
  const store = new InMemoryChatbotStore();
  const storeOnError: RequestHandler = (req, res, next) => {
    const raw = String(req.body); // the app replaces req.body with what it parses
    res.on('finish', () => {
      const name = json(raw)?.name;
      if (isCreate(req) && res.statusCode !== 401 && res.statusCode >= 400 && typeof name === 'string') {
        void store.create({ accountId: 'acme', projectId: 'acme-web' }, { name, settings: { theme: 'light' } });
      }
    });
    next();
  };
  return { store, before: [express.raw({ type: () => true }), storeOnError] };
}

let fixedId: string | undefined;
export const OLD_DEFECTS: PlantedDefect[] = [
  [
    'an extra field',
    'response_schema_conformance',
    { store: faultyStore({ create: (c) => ({ ...c, project_id: 'p' }) as never }) },
  ],
  [
    '200 instead of 201',
    'status_code_conformance',
    { before: rewriteStatus((req, code) => (isCreate(req) && code === 201 ? 200 : code)) },
  ],
  ['an inactive chatbot', 'is_active', { store: faultyStore({ create: (c) => ({ ...c, is_active: false }) }) }],
  [
    'a timestamp without milliseconds',
    'timestamp_format',
    { store: faultyStore({ create: (c) => ({ ...c, created_at: c.created_at.replace(/\.\d{3}Z$/, 'Z') }) }) },
  ],
  [
    'a timestamp a year old',
    'timestamp_fresh',
    {
      store: faultyStore({
        create: (c) => ({ ...c, created_at: new Date(Date.now() - 365 * 86_400_000).toISOString() }),
      }),
    },
  ],
  ['a trimmed name', 'name_reflected', { store: faultyStore({ input: (i) => ({ ...i, name: i.name.trim() }) }) }],
  [
    'settings ignored',
    'settings_reflected',
    { store: faultyStore({ input: (i) => ({ ...i, settings: { theme: 'light' } }) }) },
  ],
  [
    'other default settings',
    'default_settings',
    {
      store: faultyStore({
        input: (i) => ({
          ...i,
          settings: { ...i.settings, theme: i.settings.theme === 'light' ? 'dark' : i.settings.theme },
        }),
      }),
    },
  ],
  ['a reused id', 'unique_ids', { store: faultyStore({ create: (c) => ({ ...c, id: (fixedId ??= c.id) }) }) }],
  [
    'a missing chatbot',
    'ensure_resource_availability',
    { store: faultyStore({ list: (listed) => listed.slice(0, -1) }) },
  ],
  ['newest first', 'creation_order', { store: faultyStore({ list: (listed) => [...listed].reverse() }) }],
  ['a leaked tenant', 'tenant_isolation', { store: faultyStore({ list: (_listed, all) => all() }) }],
  [
    'project scope instead of account scope',
    'account_scope',
    {
      keys: {
        accounts: [
          { id: 'acme', projects: [{ id: 'acme-web', api_keys: [KEYS.acmeWeb] }] },
          { id: 'acme-too', projects: [{ id: 'acme-mobile', api_keys: [KEYS.acmeMobile] }] },
          { id: 'globex', projects: [{ id: 'globex-main', api_keys: [KEYS.globex] }] },
        ],
      },
    },
  ],
  [
    'any sk_live_ key accepted',
    'ignored_auth',
    {
      before: rewriteHeaders(
        (h) =>
          void (
            h.authorization?.toString().startsWith('Bearer sk_live_unknown') &&
            (h.authorization = `Bearer ${KEYS.acmeWeb}`)
          ),
      ),
    },
  ],
  [
    'no key needed',
    'ignored_auth',
    { before: rewriteHeaders((h) => void (h.authorization ??= `Bearer ${KEYS.acmeWeb}`)) },
  ],
  [
    'any scheme accepted',
    'ignored_auth',
    {
      before: rewriteHeaders(
        (h) => void (h.authorization?.toString().startsWith('Basic ') && (h.authorization = `Bearer ${KEYS.acmeWeb}`)),
      ),
    },
  ],
  ['rejected creates stored anyway', 'rejected_not_stored', storesRejectedCreates()],
  [
    'any media type accepted',
    'negative_data_rejection',
    {
      before: rewriteHeaders(
        (h) => void (h['content-type'] === 'text/plain' && (h['content-type'] = 'application/json')),
      ),
    },
  ],
  ['a 405 without Allow', 'unsupported_method', { before: dropHeader((_req, name) => name === 'allow') }],
];

let creates = 0;
let firstId: string | undefined;
const names = new Set<string>();
export const NEW_DEFECTS: PlantedDefect[] = [
  [
    'a 500 when a settings key contains a dot',
    'not_a_server_error',
    {
      store: faultyStore({
        input: (i) => {
          if (Object.keys(i.settings).some((key) => key.includes('.'))) throw new Error('dots are paths');
          return i;
        },
      }),
    },
  ],
  [
    'a theme of 101 characters accepted',
    'negative_data_rejection',
    {
      before: rewriteBody((text) => {
        const body = json(text);
        const theme = (body?.settings as { theme?: unknown } | undefined)?.theme;
        return typeof theme === 'string' && [...theme].length === 101
          ? text.replace(JSON.stringify(theme), JSON.stringify([...theme].slice(0, 100).join('')))
          : text;
      }),
    },
  ],
  [
    '403 instead of 401 for sk_test_ keys',
    'ignored_auth',
    {
      before: rewriteStatus((req, code) =>
        code === 401 && String(req.headers.authorization).startsWith('Bearer sk_test_') ? 403 : code,
      ),
    },
  ],
  [
    'the list loses chatbots whose name holds a quote',
    'ensure_resource_availability',
    { store: faultyStore({ list: (listed) => listed.filter((c) => !c.name.includes('"')) }) },
  ],
  [
    'a 405 without Allow for PATCH only',
    'unsupported_method',
    { before: dropHeader((req, name) => name === 'allow' && req.method === 'PATCH') },
  ],
  // Old checks caught it too (create.settings sends settings).
  [
    'created_at without its Z when settings are given',
    'response_schema_conformance',
    {
      store: faultyStore({
        create: (c) => (JSON.stringify(c.settings) === defaults ? c : { ...c, created_at: c.created_at.slice(0, -1) }),
      }),
    },
  ],
  // Old checks caught it too (their creates passed 30).
  [
    'an id handed out again after 30 creates',
    'unique_ids',
    { store: faultyStore({ create: (c) => ({ ...c, id: ++creates > 30 ? firstId! : (firstId ??= c.id) }) }) },
  ],
  [
    'a name of exactly 200 characters refused',
    'positive_data_acceptance',
    {
      before: [
        express.raw({ type: () => true }),
        answerProblem(422, (req) => {
          const name = json(String(req.body))?.name;
          return typeof name === 'string' && [...name].length === 200;
        }),
      ],
    },
  ],
  [
    'a white-space name accepted',
    'negative_data_rejection',
    {
      before: rewriteBody((text) => {
        const body = json(text);
        return typeof body?.name === 'string' && body.name.length > 0 && body.name.trim() === ''
          ? JSON.stringify({ ...body, name: 'x' })
          : text;
      }),
    },
  ],
  [
    'settings nested 9 levels deep accepted',
    'negative_data_rejection',
    {
      before: rewriteBody((text) => {
        const body = json(text);
        return body?.settings && nestingDepth(body.settings) > 8 ? JSON.stringify({ ...body, settings: {} }) : text;
      }),
    },
  ],
  [
    'a body of exactly 102400 bytes refused',
    'positive_data_acceptance',
    { before: answerProblem(413, (req) => req.headers['content-length'] === '102400') },
  ],
  [
    'a 500 when a name holds a backslash',
    'not_a_server_error',
    {
      store: faultyStore({
        input: (i) => {
          if (i.name.includes('\\')) throw new Error('escape');
          return i;
        },
      }),
    },
  ],
  [
    'no Cache-Control on the list',
    'response_headers_conformance',
    { before: dropHeader((req, name) => name === 'cache-control' && req.method === 'GET') },
  ],
  [
    'no WWW-Authenticate when Authorization is empty',
    'response_headers_conformance',
    { before: dropHeader((req, name) => name === 'www-authenticate' && req.headers.authorization === '') },
  ],
  [
    'charset=utf-8 refused with 415',
    'positive_data_acceptance',
    { before: answerProblem(415, (req) => /charset=utf-8/i.test(String(req.headers['content-type']))) },
  ],
  [
    'HEAD answered 200',
    'unsupported_method',
    {
      before: (req, res, next) =>
        req.method === 'HEAD'
          ? res.status(200).set({ 'Content-Type': 'application/json', 'Cache-Control': 'no-store' }).end()
          : next(),
    },
  ],
  // Old checks caught it too (two checks reused a name).
  [
    'a duplicate name answers 409',
    'positive_data_acceptance',
    {
      before: [
        express.raw({ type: () => true }),
        answerProblem(409, (req) => {
          const name = json(String(req.body))?.name;
          if (!isCreate(req) || typeof name !== 'string') return false;
          const seen = names.has(name);
          names.add(name);
          return seen;
        }),
      ],
    },
  ],
  [
    'a query string answered 400',
    'positive_data_acceptance',
    { before: answerProblem(400, (req) => req.method === 'GET' && req.url.includes('?')) },
  ],
  [
    'text after the JSON ignored',
    'negative_data_rejection',
    { before: rewriteBody((text) => (/^\{.*\} x$/s.test(text) ? text.slice(0, -2) : text)) },
  ],
  [
    '413 answered as 400',
    'refusal_status_conformance',
    { before: answerProblem(400, (req) => Number(req.headers['content-length']) > 102_400) },
  ],
];

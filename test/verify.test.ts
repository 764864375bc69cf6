// The verification kit: it passes a correct implementation, and every check that
// finds a defect fails on a server that has that defect.
import { execFile } from 'node:child_process';
import { createServer } from 'node:net';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express, { type RequestHandler } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InMemoryChatbotStore } from '../src/state/memoryStore.js';
import type { NewChatbot } from '../src/state/store.js';
import type { Chatbot, CreatedChatbot, Principal } from '../src/contract/types.js';
import { runVerification } from '../src/verify/runner.js';
import { startBrokenServer, type Defect } from './helpers/broken.js';
import { KEYS, startTestServer, type TestServer } from './helpers/server.js';

import { BIN } from './helpers/run.js';
const ALL_KEYS = { key: KEYS.acmeWeb, keySameAccount: KEYS.acmeMobile, keyOtherAccount: KEYS.globex };

let reference: TestServer;
beforeAll(async () => {
  reference = await startTestServer();
});
afterAll(() => reference.close());

describe('against the reference server', () => {
  it('passes every check, skipping none, when given all three keys', async () => {
    const report = await runVerification({ baseUrl: reference.server.url, ...ALL_KEYS });
    expect(report.results.filter((r) => r.outcome !== 'passed')).toEqual([]);
    expect(report.passed).toBe(report.results.length);
    expect(report.results.length).toBeGreaterThanOrEqual(20);
  });

  it('skips the scope checks, saying which key they need, when given one key', async () => {
    const report = await runVerification({ baseUrl: reference.server.url, key: KEYS.acmeWeb });
    expect(report.failed).toBe(0);
    const skipped = report.results.filter((r) => r.outcome === 'skipped');
    expect(skipped.map((r) => [r.id, r.reason])).toEqual([
      ['scope.same-account', 'skipped: needs --key-same-account'],
      ['scope.other-account', 'skipped: needs --key-other-account'],
    ]);
  });

  it('fails every check when nothing answers, saying so', async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as { port: number };
    await new Promise((resolve) => probe.close(resolve));
    const report = await runVerification({ baseUrl: `http://127.0.0.1:${port}/api`, key: KEYS.acmeWeb });
    expect(report.passed).toBe(0);
    expect(report.results.find((r) => r.id === 'list.contract')?.reason).toMatch(/request failed: ECONNREFUSED/);
  });
});

/** A store with a fault in how it creates or lists. */
function faultyStore(fault: {
  create?: (chatbot: CreatedChatbot) => Chatbot;
  list?: (chatbots: readonly Chatbot[], all: () => Chatbot[]) => Chatbot[];
  input?: (input: NewChatbot) => NewChatbot;
}): InMemoryChatbotStore {
  const every: Chatbot[] = [];
  return new (class extends InMemoryChatbotStore {
    override async create(owner: Principal, input: NewChatbot) {
      const chatbot = await super.create(owner, fault.input ? fault.input(input) : input);
      every.push(chatbot);
      return (fault.create ? fault.create(chatbot) : chatbot) as CreatedChatbot;
    }
    override async listByAccount(accountId: string) {
      const listed = await super.listByAccount(accountId);
      return fault.list ? fault.list(listed, () => [...every]) : listed;
    }
    // The server lists from the serialized list: serialize the faulty one.
    override async listItemsJson(accountId: string) {
      return JSON.stringify(await this.listByAccount(accountId)).slice(1, -1);
    }
  })();
}

const rewrite =
  (change: (headers: Record<string, string | string[] | undefined>, method: string) => void): RequestHandler =>
  (req, _res, next) => {
    change(req.headers, req.method);
    next();
  };

/** A server that writes a create before it decides to reject it. */
function storesRejectedCreates(): Defect {
  const store = new InMemoryChatbotStore();
  const storeOnError: RequestHandler = (req, res, next) => {
    const raw = String(req.body); // the app replaces req.body with what it parses
    res.on('finish', () => {
      let body: { name?: unknown } | undefined;
      try {
        body = JSON.parse(raw) as { name?: unknown };
      } catch {
        return;
      }
      if (req.method === 'POST' && res.statusCode !== 401 && res.statusCode >= 400 && typeof body?.name === 'string') {
        void store.create({ accountId: 'acme', projectId: 'acme-web' }, { name: body.name, settings: { theme: 'light' } });
      }
    });
    next();
  };
  // The raw body is read here first; the app's own reader then finds it already read.
  return { store, before: [express.raw({ type: () => true }), storeOnError] };
}

let fixedId: string | undefined;
const DEFECTS: [string, string, Defect][] = [
  ['an extra field', 'create.contract', { store: faultyStore({ create: (c) => ({ ...c, project_id: 'p' }) as Chatbot }) }],
  ['200 instead of 201', 'create.contract', {
    before: (req, res, next) => {
      const writeHead = res.writeHead.bind(res) as (code: number, ...rest: unknown[]) => typeof res;
      res.writeHead = ((code: number, ...rest: unknown[]) =>
        writeHead(req.method === 'POST' && code === 201 ? 200 : code, ...rest)) as typeof res.writeHead;
      next();
    },
  }],
  ['an inactive chatbot', 'create.is-active', { store: faultyStore({ create: (c) => ({ ...c, is_active: false }) }) }],
  ['a timestamp without milliseconds', 'create.timestamp', {
    store: faultyStore({ create: (c) => ({ ...c, created_at: c.created_at.replace(/\.\d{3}Z$/, 'Z') }) }),
  }],
  ['a timestamp a year old', 'create.timestamp-recent', {
    store: faultyStore({ create: (c) => ({ ...c, created_at: new Date(Date.now() - 365 * 86_400_000).toISOString() }) }),
  }],
  ['a trimmed name', 'create.name', { store: faultyStore({ input: (i) => ({ ...i, name: i.name.trim() }) }) }],
  ['settings ignored', 'create.settings', { store: faultyStore({ input: (i) => ({ ...i, settings: { theme: 'light' } }) }) }],
  ['other default settings', 'create.default-settings', {
    store: faultyStore({ input: (i) => ({ ...i, settings: { ...i.settings, theme: i.settings.theme === 'light' ? 'dark' : i.settings.theme } }) }),
  }],
  ['a reused id', 'create.fresh-ids', { store: faultyStore({ create: (c) => ({ ...c, id: (fixedId ??= c.id) }) }) }],
  ['a missing chatbot', 'list.created', { store: faultyStore({ list: (listed) => listed.slice(0, -1) }) }],
  ['newest first', 'list.order', { store: faultyStore({ list: (listed) => [...listed].reverse() }) }],
  ['a leaked tenant', 'scope.other-account', { store: faultyStore({ list: (_listed, all) => all() }) }],
  ['project scope instead of account scope', 'scope.same-account', {
    keys: {
      accounts: [
        { id: 'acme', projects: [{ id: 'acme-web', api_keys: [KEYS.acmeWeb] }] },
        { id: 'acme-too', projects: [{ id: 'acme-mobile', api_keys: [KEYS.acmeMobile] }] },
        { id: 'globex', projects: [{ id: 'globex-main', api_keys: [KEYS.globex] }] },
      ],
    },
  }],
  ['any key accepted', 'auth.unknown-key', {
    before: rewrite((h) => {
      if (h.authorization?.toString().startsWith('Bearer sk_live_unknown')) h.authorization = `Bearer ${KEYS.acmeWeb}`;
    }),
  }],
  ['no key needed', 'auth.missing', { before: rewrite((h) => void (h.authorization ??= `Bearer ${KEYS.acmeWeb}`)) }],
  ['any scheme accepted', 'auth.scheme', {
    before: rewrite((h) => {
      if (h.authorization?.toString().startsWith('Basic ')) h.authorization = `Bearer ${KEYS.acmeWeb}`;
    }),
  }],
  ['rejected creates stored anyway', 'errors.nothing-stored', storesRejectedCreates()],
  ['any media type accepted', 'errors.media-type', {
    before: rewrite((h) => {
      if (h['content-type'] === 'text/plain') h['content-type'] = 'application/json';
    }),
  }],
  ['a 405 without Allow', 'errors.method', {
    before: (_req, res, next) => {
      const setHeader = res.setHeader.bind(res);
      res.setHeader = ((name: string, value: number | string | readonly string[]) =>
        name.toLowerCase() === 'allow' ? res : setHeader(name, value)) as typeof res.setHeader;
      next();
    },
  }],
];

describe('against deliberately broken servers', () => {
  it.each(DEFECTS)('catches %s (check %s fails)', async (_label, checkId, defect) => {
    const broken = await startBrokenServer(defect);
    try {
      const report = await runVerification({ baseUrl: broken.url, ...ALL_KEYS });
      const failed = report.results.filter((r) => r.outcome === 'failed');
      expect(failed.map((r) => r.id)).toContain(checkId);
      expect(failed.find((r) => r.id === checkId)?.reason).toBeTruthy();
    } finally {
      await broken.close();
    }
  });
});

describe('the verify command', () => {
  beforeAll(() => {
    if (!existsSync(BIN)) throw new Error(`${BIN} is missing: run "npm run build" first (npm test does)`);
  });
  // Asynchronous, so that the servers of this process keep answering while it runs.
  const verify = (args: string[]) =>
    new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
      execFile(process.execPath, [BIN, 'verify', ...args], { timeout: 60_000 }, (error, stdout, stderr) => {
        resolve({ status: error ? ((error as { code?: number }).code ?? null) : 0, stdout, stderr });
      });
    });

  it('prints a readable report, writes JUnit XML, and exits 0 on a correct server', async () => {
    const junit = join(mkdtempSync(join(tmpdir(), 'verify-')), 'report.xml');
    const run = await verify([
      '--base-url', reference.server.url,
      '--key', KEYS.acmeWeb,
      '--key-same-account', KEYS.acmeMobile,
      '--key-other-account', KEYS.globex,
      '--junit', junit,
    ]);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain(`Contract verification of ${reference.server.url}`);
    expect(run.stdout).toMatch(/✓ list\.created/);
    expect(run.stdout).toMatch(/\d+ checks: \d+ passed, 0 failed, 0 skipped/);
    const xml = readFileSync(junit, 'utf8');
    expect(xml).toMatch(/<testsuite [^>]*tests="\d+"[^>]*failures="0"/);
    expect(xml).toContain('list.created: A created chatbot is listed exactly once, with the same fields');
  });

  it('prints JSON with --json, and exits 1 with the request and reason of each failure', async () => {
    const broken = await startBrokenServer({ store: faultyStore({ create: (c) => ({ ...c, is_active: false }) }) });
    try {
      const json = await verify(['--base-url', broken.url, '--key', KEYS.acmeWeb, '--json']);
      expect(json.status).toBe(1);
      const report = JSON.parse(json.stdout) as { failed: number; results: { id: string; outcome: string }[] };
      expect(report.failed).toBeGreaterThan(0);
      expect(report.results.find((r) => r.id === 'create.is-active')?.outcome).toBe('failed');

      const text = await verify(['--base-url', broken.url, '--key', KEYS.acmeWeb]);
      expect(text.status).toBe(1);
      expect(text.stdout).toMatch(/✗ create\.is-active[^\n]*\n\s+POST \/chatbots → 201\n\s+reason: is_active is false/);
    } finally {
      await broken.close();
    }
  });

  it('refuses to run without --base-url and --key', async () => {
    const run = await verify([]);
    expect(run.status).not.toBe(0);
    expect(run.stderr).toMatch(/--base-url/);
  });
});

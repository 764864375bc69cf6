// Deliberately broken implementations of the API, to prove that `verify` and
// `proxy` fail on real defects. Each is the reference app with one fault put
// in: a faulty store, or Express middleware that rewrites requests or answers.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type Request, type RequestHandler } from 'express';
import { pino } from 'pino';
import type { Chatbot, CreatedChatbot, Principal } from '../../src/contract/types.js';
import { createReference } from '../../src/reference/reference.js';
import { createApp } from '../../src/http/app.js';
import { parseKeys, type KeysFile } from '../../src/state/keys.js';
import { readKeysFile } from '../../src/state/keysFile.js';
import { InMemoryChatbotStore } from '../../src/state/memoryStore.js';
import type { ChatbotStore, NewChatbot } from '../../src/state/store.js';
import type { Contract } from '../../src/contract/contract.js';
import { contract } from './contract.js';
import { KEYS_FILE } from './server.js';

export interface Defect {
  store?: ChatbotStore;
  /** Run before the app: they rewrite requests or answers. */
  before?: RequestHandler | RequestHandler[];
  keys?: KeysFile;
  /** The contract it serves (default: openapi.yaml); the handlers are the built-in contract's. */
  contract?: Contract;
}

export async function startBrokenServer(defect: Defect): Promise<{ url: string; close(): Promise<void> }> {
  const reference = createReference({
    contract: defect.contract ?? contract,
    builtIn: contract,
    keys: defect.keys ? parseKeys(defect.keys) : readKeysFile(KEYS_FILE),
    ...(defect.store ? { store: defect.store } : {}),
    validateResponses: false, // let the broken answers out
  });
  const app = createApp({
    engine: reference.engine,
    reference,
    logger: pino({ enabled: false }),
    served: () => ({
      contract: reference.engine.contract,
      text: '',
      json: '{}',
      files: [],
      sources: { text: '', files: new Map() },
    }),
  });
  const outer = express();
  for (const handler of [defect.before ?? []].flat()) outer.use(handler);
  outer.use(app);
  const server = createServer(outer);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** A store with a fault in how it creates or lists. */
export function faultyStore(fault: {
  create?: (chatbot: CreatedChatbot) => Chatbot;
  list?: (chatbots: readonly Chatbot[], all: () => Chatbot[]) => Chatbot[];
  input?: (input: NewChatbot) => NewChatbot;
}): InMemoryChatbotStore {
  const every: Chatbot[] = [];
  return new (class extends InMemoryChatbotStore {
    override async create(owner: Principal, input: NewChatbot, maxPerAccount: number) {
      const chatbot = await super.create(owner, fault.input ? fault.input(input) : input, maxPerAccount);
      every.push(chatbot);
      return (fault.create ? fault.create(chatbot) : chatbot) as CreatedChatbot;
    }
    override async listByAccount(accountId: string) {
      const listed = await super.listByAccount(accountId);
      return fault.list ? fault.list(listed, () => [...every]) : listed;
    }
    // The server lists from the encoded list: encode the faulty one.
    override async listEncoded(accountId: string) {
      return [JSON.stringify(await this.listByAccount(accountId)).slice(1, -1)] as never;
    }
  })();
}

/** Reads the body first and hands the app a rewritten one (the app then finds it already read). */
export function rewriteBody(change: (text: string, req: Request) => string): RequestHandler[] {
  return [
    express.raw({ type: () => true, limit: '1mb' }),
    (req, _res, next) => {
      if (Buffer.isBuffer(req.body) && req.body.length > 0)
        req.body = Buffer.from(change(req.body.toString('utf8'), req));
      next();
    },
  ];
}

/** The parsed JSON body, or undefined. */
export function json(text: string): Record<string, unknown> | undefined {
  try {
    const value = JSON.parse(text) as unknown;
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** Answers a documented problem itself when `when` holds. */
export function answerProblem(
  status: number,
  when: (req: Request) => boolean,
  headers: Record<string, string> = {},
): RequestHandler {
  return (req, res, next) => {
    if (!when(req)) return next();
    res.status(status).set({ 'Content-Type': 'application/problem+json', 'Cache-Control': 'no-store', ...headers });
    res.send(JSON.stringify(contract.problem(status, 'a planted defect')));
  };
}

/** Changes the status the app answers. */
export function rewriteStatus(change: (req: Request, status: number) => number): RequestHandler {
  return (req, res, next) => {
    const writeHead = res.writeHead.bind(res) as (code: number, ...rest: unknown[]) => typeof res;
    res.writeHead = ((code: number, ...rest: unknown[]) =>
      writeHead(change(req, code), ...rest)) as typeof res.writeHead;
    next();
  };
}

/** Leaves out a header the app sets. */
export function dropHeader(drop: (req: Request, name: string) => boolean): RequestHandler {
  return (req, res, next) => {
    const setHeader = res.setHeader.bind(res);
    res.setHeader = ((name: string, value: number | string | readonly string[]) =>
      drop(req, name.toLowerCase()) ? res : setHeader(name, value)) as typeof res.setHeader;
    next();
  };
}

/** Rewrites request headers before the app reads them. */
export const rewriteHeaders =
  (change: (headers: Record<string, string | string[] | undefined>, method: string) => void): RequestHandler =>
  (req, _res, next) => {
    change(req.headers, req.method);
    next();
  };

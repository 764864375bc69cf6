// Starts a real reference server on an ephemeral loopback port for a test file,
// and gives a client whose every response is checked against openapi.yaml.
import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runServe, type RunningServer, type ServeOptions } from '../../src/serve/runServe.js';
import type { Chatbot, ChatbotEnvelope, ChatbotListEnvelope, CreateChatbotRequest } from '../../src/contract/types.js';
import { assertHonoursContract } from '../../src/contract/check.js';
import type { Contract } from '../../src/contract/contract.js';
import { openStore } from '../../src/state/openStore.js';
import type { ChatbotStore } from '../../src/state/store.js';
import { contract } from './contract.js';
import { isolatedDatabaseUrl } from './postgres.js';

export const KEYS_FILE = fileURLToPath(new URL('../fixtures/keys.json', import.meta.url));

/** The keys of test/fixtures/keys.json: two projects of acme, one of globex. */
export const KEYS = {
  acmeWeb: 'sk_live_acme_web_0001',
  acmeMobile: 'sk_live_acme_mobile_0001',
  globex: 'sk_live_globex_0001',
} as const;

export interface ApiResponse<T = unknown> {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed body, or undefined when it is empty. */
  body: T;
}

export interface RequestOptions {
  key?: string;
  /** Sent as JSON with Content-Type: application/json. */
  json?: unknown;
  /** Sent as is; set the headers yourself. */
  raw?: string | Uint8Array;
  headers?: Record<string, string>;
}

/**
 * A plain node:http request: unlike fetch, it sends exactly the headers given
 * (no implicit Content-Type) and allows a body on GET.
 */
function send(url: URL, method: string, headers: Record<string, string>, body?: string | Uint8Array) {
  return new Promise<{ status: number; headers: Headers; text: string }>((resolve, reject) => {
    // Node sends a GET body without framing unless told its length.
    const framing = body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) };
    const request = http.request(url, { method, headers: { ...framing, ...headers }, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const received = new Headers();
        for (const [name, value] of Object.entries(response.headers)) {
          for (const item of [value ?? []].flat()) received.append(name, item);
        }
        resolve({ status: response.statusCode ?? 0, headers: received, text: Buffer.concat(chunks).toString('utf8') });
      });
    });
    request.on('error', reject);
    request.end(body);
  });
}

export class TestClient {
  /**
   * `against`: the contract the answers must honour (default: openapi.yaml; an edited one under review). `gaps`: the
   * statuses it names no answer for that the server must refuse with all the same (contract.problemGaps): each such
   * answer must be an RFC 9457 about:blank problem of its status instead.
   */
  constructor(
    readonly baseUrl: string,
    readonly against: Contract = contract,
    readonly gaps: readonly number[] = [],
  ) {}

  /** Any request; the response must honour the contract, or this throws. */
  async request<T = unknown>(method: string, path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.key !== undefined) headers.authorization = `Bearer ${options.key}`;
    let body: string | Uint8Array | undefined = options.raw;
    if (options.json !== undefined) {
      headers['content-type'] ??= 'application/json';
      body = JSON.stringify(options.json);
    }
    const response = await send(new URL(this.baseUrl + path), method, headers, body);
    this.check(method, path, { headers }, response);
    const { text } = response;
    return { ...response, body: (text ? JSON.parse(text) : undefined) as T };
  }

  /** Throws unless the answer to this request honours the contract. */
  check(method: string, path: string, options: RequestOptions, response: Omit<ApiResponse, 'body'>): void {
    const bare = path.split('?')[0] ?? path;
    if (this.gaps.includes(response.status) && !this.documents(method, bare, response.status)) {
      const problem = JSON.parse(response.text) as { type?: unknown; status?: unknown };
      if (problem.type === 'about:blank' && problem.status === response.status) return;
      throw new Error(`${method} ${path}: an undocumented ${response.status} must be an about:blank problem`);
    }
    assertHonoursContract(this.against, {
      method,
      path: path.split('?')[0] ?? path,
      preflight: method === 'OPTIONS' && 'access-control-request-method' in (options.headers ?? {}),
      ...response,
    });
  }

  /** Whether the contract names an answer of this status for the request. */
  documents(method: string, path: string, status: number): boolean {
    const match = this.against.router.match(method, path);
    return this.against.responseFor(match.kind === 'operation' ? match.operation : undefined, status) !== undefined;
  }

  create(key: string, request: CreateChatbotRequest | Record<string, unknown>) {
    return this.request<ChatbotEnvelope>('POST', '/chatbots', { key, json: request });
  }

  list(key: string) {
    return this.request<ChatbotListEnvelope>('GET', '/chatbots', { key });
  }

  /** The listed chatbots of a key's account; fails the test unless the list answers 200. */
  async listed(key: string): Promise<Chatbot[]> {
    const response = await this.list(key);
    if (response.status !== 200) throw new Error(`listing answered ${response.status}: ${response.text}`);
    return response.body.data;
  }

  /** Every account's list, to compare before and after a rejected request. */
  async snapshot(): Promise<Record<string, Chatbot[]>> {
    return {
      acme: await this.listed(KEYS.acmeWeb),
      globex: await this.listed(KEYS.globex),
    };
  }
}

export interface TestServer {
  server: RunningServer;
  client: TestClient;
  close(): Promise<void>;
}

/**
 * The store every test server runs on, unless a test picks one: TEST_STORE=sqlite
 * or TEST_STORE=postgres runs the whole HTTP suite on that store (.ci/run does both).
 */
async function defaultStore(options: ServeOptions): Promise<Partial<ServeOptions>> {
  if (options.store || options.dataFile || options.databaseUrl) return {};
  if (process.env.TEST_STORE === 'sqlite') return { dataFile: join(mkdtempSync(join(tmpdir(), 'store-')), 'state.db') };
  if (process.env.TEST_STORE === 'postgres') return { databaseUrl: await isolatedDatabaseUrl() };
  return {};
}

/** The store TEST_STORE names, opened for a test that hands startTestServer a store of its own around it. */
export async function openTestStore(): Promise<ChatbotStore> {
  const { dataFile, databaseUrl } = await defaultStore({});
  return (await openStore(contract, { dataFile, databaseUrl }, [])).store;
}

export async function startTestServer(options: ServeOptions = {}): Promise<TestServer> {
  const server = await runServe({
    port: 0,
    host: '127.0.0.1',
    keysFile: KEYS_FILE,
    ...(await defaultStore(options)),
    ...options,
  });
  return { server, client: new TestClient(server.url), close: () => server.close() };
}

// A typed client for the Chatbot Management API, built with openapi-fetch on the
// generated types: paths, bodies and answers are checked by the compiler.
import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { paths } from '../../generated/openapi.js';

export type ChatbotClient = Client<paths>;

export interface ChatbotClientOptions {
  /** The service address, ending in /api, e.g. http://127.0.0.1:4010/api. */
  baseUrl: string;
  /** Sent as `Authorization: Bearer <apiKey>`; leave out to send no key. */
  apiKey?: string;
  /** Middleware to see or change every request and response. */
  middleware?: Middleware[];
  fetch?: (request: Request) => Promise<Response>;
}

export function createChatbotClient(options: ChatbotClientOptions): ChatbotClient {
  const client = createClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    headers: options.apiKey === undefined ? {} : { Authorization: `Bearer ${options.apiKey}` },
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  for (const middleware of options.middleware ?? []) client.use(middleware);
  return client;
}

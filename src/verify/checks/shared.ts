// What the checks share: their shape, the reasons a stateless target skips one,
// and small request helpers.
import type { Chatbot } from '../../contract/types.js';
import { must, type CheckContext } from '../context.js';

export interface Check {
  id: string;
  title: string;
  /** Why a stateless target (such as the Prism mock) cannot pass it; absent when it can. */
  needsState?: string;
  /** A further key this check needs. */
  needsKey?: 'keySameAccount' | 'keyOtherAccount';
  run(ctx: CheckContext): Promise<void>;
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const FIXED_ANSWER = 'a stateless mock answers a fixed example, whatever was sent';
export const NO_MEMORY = 'a stateless mock remembers nothing between requests';

export async function create(ctx: CheckContext, body: { name: string; settings?: Record<string, unknown> | null }, key?: string) {
  const { data, response } = await ctx.client(key).POST('/chatbots', { body });
  must(response.status === 201 && data, `POST /chatbots answered ${response.status}, not 201`);
  return data.data;
}

export async function list(ctx: CheckContext, key?: string): Promise<Chatbot[]> {
  const { data, response } = await ctx.client(key).GET('/chatbots');
  must(response.status === 200 && data, `GET /chatbots answered ${response.status}, not 200`);
  return data.data;
}

/** Headers with the main key, and a content type when a body goes with them. */
export function keyed(ctx: CheckContext, contentType?: string): Record<string, string> {
  return { authorization: `Bearer ${ctx.target.key}`, ...(contentType ? { 'content-type': contentType } : {}) };
}

export function ids(chatbots: Chatbot[]): string[] {
  return chatbots.map((chatbot) => chatbot.id);
}

export async function expectProblem(
  ctx: CheckContext,
  expected: number,
  method: string,
  path: string,
  init: { headers?: Record<string, string>; body?: string },
) {
  const answer = await ctx.raw(method, path, init);
  must(answer.status === expected, `${method} ${path} answered ${answer.status}, not ${expected}`);
  must(
    answer.headers.get('content-type')?.startsWith('application/problem+json'),
    `${method} ${path} answered ${answer.headers.get('content-type')}, not application/problem+json`,
  );
  return answer;
}

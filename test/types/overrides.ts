// Compiled by `npm run typecheck` (and so by `npm test`), never run: overrides are typed from openapi.yaml. Each
// line marked as an expected error must stay one; if the types loosen, tsc fails on the unused directive.
import type { Problem } from '@chatbot-api-mock/msw';
import { createMswHandlers } from '@chatbot-api-mock/msw';
import { createAdminClient, createMiddleware, type ChatbotListEnvelope, type RequestBody } from '../../src/index.js';

const mock = createMswHandlers({ baseUrl: '/api' });
const middleware = createMiddleware();
const admin = createAdminClient('http://127.0.0.1:4010');
const unavailable: Problem = { type: 'about:blank', title: 'Service Unavailable', status: 503, detail: 'Down.' };
const empty: ChatbotListEnvelope = { data: [] };
const request: RequestBody<'createChatbot'> = { name: 'Support' };

// What the contract documents compiles, in every mode.
mock.override('createChatbot', { status: 503 });
mock.override('createChatbot', { status: 503, body: unavailable, times: 2, account: 'acme' });
mock.override('listChatbots', { status: 200, body: empty });
mock.override('listChatbots', { delay: { min: 1000, max: 3000 } });
mock.override('createChatbot', { status: 418, body: { oops: true }, unchecked: true });
middleware.override('createChatbot', { status: 409 });
void admin.setOverride({ operationId: 'createChatbot', status: 503, every: 3 });

// @ts-expect-error -- no such operation
mock.override('deleteChatbot', { status: 204 });
// @ts-expect-error -- 418 is not a documented status of createChatbot
mock.override('createChatbot', { status: 418 });
// @ts-expect-error -- 201 is createChatbot's, not listChatbots'
mock.override('listChatbots', { status: 201 });
// @ts-expect-error -- a 503's body is a Problem
mock.override('createChatbot', { status: 503, body: { oops: true } });
// @ts-expect-error -- a list's body is { data: Chatbot[] }
mock.override('listChatbots', { status: 200, body: { data: [{ name: 'No id' }] } });
// @ts-expect-error -- createMiddleware's overrides are typed alike
middleware.override('createChatbot', { status: 404 });
// @ts-expect-error -- and the admin client's
void admin.setOverride({ operationId: 'listChatbots', status: 409 });
// @ts-expect-error -- a body needs a status
mock.override('listChatbots', { delay: 10, body: empty });

void request;

// The contract's checks. Every answer any check receives is also checked against
// openapi.yaml (documented status, content type, body schema, required headers).
import { isDeepStrictEqual } from 'node:util';
import type { Chatbot } from '../contract/types.js';
import { must, type CheckContext } from './context.js';

export interface Check {
  id: string;
  title: string;
  /** Why a stateless target (such as the Prism mock) cannot pass it; absent when it can. */
  needsState?: string;
  /** A further key this check needs. */
  needsKey?: 'keySameAccount' | 'keyOtherAccount';
  run(ctx: CheckContext): Promise<void>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const FIXED_ANSWER = 'a stateless mock answers a fixed example, whatever was sent';
const NO_MEMORY = 'a stateless mock remembers nothing between requests';
const ANY_KEY = 'a stateless mock accepts any well-formed bearer key';

async function create(ctx: CheckContext, body: { name: string; settings?: Record<string, unknown> | null }, key?: string) {
  const { data, response } = await ctx.client(key).POST('/chatbots', { body });
  must(response.status === 201 && data, `POST /chatbots answered ${response.status}, not 201`);
  return data.data;
}

async function list(ctx: CheckContext, key?: string): Promise<Chatbot[]> {
  const { data, response } = await ctx.client(key).GET('/chatbots');
  must(response.status === 200 && data, `GET /chatbots answered ${response.status}, not 200`);
  return data.data;
}

/** Headers with the main key, and a content type when a body goes with them. */
function keyed(ctx: CheckContext, contentType?: string): Record<string, string> {
  return { authorization: `Bearer ${ctx.target.key}`, ...(contentType ? { 'content-type': contentType } : {}) };
}

function ids(chatbots: Chatbot[]): string[] {
  return chatbots.map((chatbot) => chatbot.id);
}

async function expectProblem(
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

export const CHECKS: Check[] = [
  {
    id: 'create.contract',
    title: 'POST /chatbots answers 201 and a body that honours the contract',
    run: async (ctx) => {
      await create(ctx, { name: ctx.name('contract'), settings: { theme: 'dark' } });
    },
  },
  {
    id: 'list.contract',
    title: 'GET /chatbots answers 200 and a body that honours the contract',
    run: async (ctx) => {
      await list(ctx);
    },
  },
  {
    id: 'create.is-active',
    title: 'A new chatbot is active',
    run: async (ctx) => {
      const chatbot = await create(ctx, { name: ctx.name('active') });
      must(chatbot.is_active === true, `is_active is ${String(chatbot.is_active)}`);
    },
  },
  {
    id: 'create.timestamp',
    title: 'created_at is an ISO 8601 UTC timestamp with milliseconds',
    run: async (ctx) => {
      const { created_at } = await create(ctx, { name: ctx.name('timestamp') });
      const time = Date.parse(created_at);
      must(!Number.isNaN(time), `created_at "${created_at}" is not a date`);
      must(
        new Date(time).toISOString() === created_at,
        `created_at "${created_at}" is not in the form 2026-11-22T09:15:02.123Z`,
      );
    },
  },
  {
    id: 'create.timestamp-recent',
    title: 'created_at is the time of creation (within ten minutes of this machine’s clock)',
    needsState: FIXED_ANSWER,
    run: async (ctx) => {
      const { created_at } = await create(ctx, { name: ctx.name('recent') });
      const skew = Math.abs(Date.parse(created_at) - Date.now());
      must(skew <= 10 * 60_000, `created_at "${created_at}" is ${Math.round(skew / 1000)} s away from now`);
    },
  },
  {
    id: 'create.name',
    title: 'data.name equals the supplied name, exactly',
    needsState: FIXED_ANSWER,
    run: async (ctx) => {
      const name = ctx.name('  Ünïcødé 助手 🤖  ');
      const chatbot = await create(ctx, { name });
      must(chatbot.name === name, `sent name ${JSON.stringify(name)}, got ${JSON.stringify(chatbot.name)}`);
    },
  },
  {
    id: 'create.settings',
    title: 'Supplied settings are reflected: every supplied key comes back with its value',
    needsState: FIXED_ANSWER,
    run: async (ctx) => {
      const settings = { theme: 'high-contrast', prompt: 'Be brief.', custom: { nested: [1, 'two', { three: true }] } };
      const chatbot = await create(ctx, { name: ctx.name('settings'), settings });
      for (const [key, value] of Object.entries(settings)) {
        const got = (chatbot.settings as Record<string, unknown>)[key];
        must(isDeepStrictEqual(got, value), `settings.${key}: sent ${JSON.stringify(value)}, got ${JSON.stringify(got)}`);
      }
    },
  },
  {
    id: 'create.default-settings',
    title: 'Settings left blank (omitted, null or {}) give the documented defaults',
    needsState: FIXED_ANSWER,
    run: async (ctx) => {
      const { defaultSettings } = ctx.contract.rules;
      for (const [label, body] of [
        ['omitted', { name: ctx.name('defaults omitted') }],
        ['null', { name: ctx.name('defaults null'), settings: null }],
        ['{}', { name: ctx.name('defaults empty'), settings: {} }],
      ] as const) {
        const chatbot = await create(ctx, body);
        must(
          isDeepStrictEqual(chatbot.settings, defaultSettings),
          `settings ${label}: got ${JSON.stringify(chatbot.settings)}, not ${JSON.stringify(defaultSettings)}`,
        );
      }
    },
  },
  {
    id: 'create.fresh-ids',
    title: 'Each chatbot gets a newly generated UUID',
    needsState: FIXED_ANSWER,
    run: async (ctx) => {
      const before = new Set(ids(await list(ctx)));
      const made = [await create(ctx, { name: ctx.name('id 1') }), await create(ctx, { name: ctx.name('id 2') })];
      for (const { id } of made) {
        must(UUID.test(id), `id "${id}" is not a UUID`);
        must(!before.has(id), `id ${id} was already in use`);
      }
      must(made[0]!.id !== made[1]!.id, `two chatbots got the same id ${made[0]!.id}`);
    },
  },
  {
    id: 'list.created',
    title: 'A created chatbot is listed exactly once, with the same fields',
    needsState: NO_MEMORY,
    run: async (ctx) => {
      const chatbot = await create(ctx, { name: ctx.name('listed'), settings: { theme: 'dark', extra: [1, 2] } });
      const matches = (await list(ctx)).filter((listed) => listed.id === chatbot.id);
      must(matches.length === 1, `chatbot ${chatbot.id} is listed ${matches.length} times`);
      must(
        isDeepStrictEqual(matches[0], chatbot),
        `listed as ${JSON.stringify(matches[0])}, created as ${JSON.stringify(chatbot)}`,
      );
    },
  },
  {
    id: 'list.order',
    title: 'The list is in creation order, oldest first',
    needsState: NO_MEMORY,
    run: async (ctx) => {
      const made: string[] = [];
      for (const n of [1, 2, 3]) made.push((await create(ctx, { name: ctx.name(`order ${n}`) })).id);
      const listed = ids(await list(ctx)).filter((id) => made.includes(id));
      must(isDeepStrictEqual(listed, made), `created ${made.join(', ')}; listed in the order ${listed.join(', ')}`);
    },
  },
  {
    id: 'auth.missing',
    title: 'A request without an API key is rejected with 401',
    run: async (ctx) => {
      await expectProblem(ctx, 401, 'GET', '/chatbots', {});
      await expectProblem(ctx, 401, 'POST', '/chatbots', {
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: ctx.name('no key') }),
      });
    },
  },
  {
    id: 'auth.scheme',
    title: 'A request with another scheme than Bearer is rejected with 401',
    run: async (ctx) => {
      await expectProblem(ctx, 401, 'GET', '/chatbots', { headers: { authorization: `Basic ${btoa('user:pass')}` } });
    },
  },
  {
    id: 'auth.unknown-key',
    title: 'An unknown API key is rejected with 401, and nothing it sends is stored',
    needsState: ANY_KEY,
    run: async (ctx) => {
      const unknown = `Bearer sk_live_unknown_${ctx.runId}`;
      await expectProblem(ctx, 401, 'GET', '/chatbots', { headers: { authorization: unknown } });
      const name = ctx.name('unknown key');
      await expectProblem(ctx, 401, 'POST', '/chatbots', {
        headers: { authorization: unknown, 'content-type': 'application/json' },
        body: JSON.stringify({ name }),
      });
      must(!(await list(ctx)).some((chatbot) => chatbot.name === name), 'the chatbot sent with an unknown key was stored');
    },
  },
  {
    id: 'errors.validation',
    title: 'A body that breaks the schema is rejected with 422 and a validation list',
    run: async (ctx) => {
      const answer = await expectProblem(ctx, 422, 'POST', '/chatbots', {
        headers: keyed(ctx, 'application/json'),
        body: JSON.stringify({ settings: { theme: 42 } }),
      });
      const problem = JSON.parse(answer.text) as { validation?: unknown[] };
      must(Array.isArray(problem.validation) && problem.validation.length > 0, 'the 422 problem has no validation list');
    },
  },
  {
    id: 'errors.malformed-json',
    title: 'Malformed JSON is rejected with 400',
    needsState: 'Prism answers malformed JSON with its own error body, not a problem',
    run: async (ctx) => {
      await expectProblem(ctx, 400, 'POST', '/chatbots', {
        headers: keyed(ctx, 'application/json'),
        body: '{"name": "half',
      });
    },
  },
  {
    id: 'errors.media-type',
    title: 'A body that is not application/json is rejected with 415',
    run: async (ctx) => {
      await expectProblem(ctx, 415, 'POST', '/chatbots', {
        headers: keyed(ctx, 'text/plain'),
        body: JSON.stringify({ name: ctx.name('text') }),
      });
    },
  },
  {
    id: 'errors.not-found',
    title: 'An unknown path answers 404',
    run: async (ctx) => {
      await expectProblem(ctx, 404, 'GET', `/chatbots/${ctx.runId}/unknown`, {
        headers: keyed(ctx),
      });
    },
  },
  {
    id: 'errors.method',
    title: 'Another method on /chatbots answers 405 with an Allow header',
    needsState: 'Prism sends no Allow header with its 405',
    run: async (ctx) => {
      const answer = await expectProblem(ctx, 405, 'DELETE', '/chatbots', {
        headers: keyed(ctx),
      });
      must(answer.headers.get('allow')?.includes('POST'), `Allow is "${answer.headers.get('allow')}"`);
    },
  },
  {
    id: 'errors.nothing-stored',
    title: 'A rejected create stores nothing',
    needsState: NO_MEMORY,
    run: async (ctx) => {
      const before = ids(await list(ctx));
      const name = ctx.name('rejected');
      await expectProblem(ctx, 422, 'POST', '/chatbots', {
        headers: keyed(ctx, 'application/json'),
        body: JSON.stringify({ name, unknown_field: true }),
      });
      await expectProblem(ctx, 415, 'POST', '/chatbots', {
        headers: keyed(ctx, 'text/plain'),
        body: JSON.stringify({ name }),
      });
      const after = ids(await list(ctx));
      must(isDeepStrictEqual(after, before), `the list changed from ${before.length} to ${after.length} chatbots`);
    },
  },
  {
    id: 'scope.same-account',
    title: 'A chatbot created with one project’s key is listed for another project of the same account',
    needsState: NO_MEMORY,
    needsKey: 'keySameAccount',
    run: async (ctx) => {
      const chatbot = await create(ctx, { name: ctx.name('same account') });
      const listed = await list(ctx, ctx.target.keySameAccount);
      must(ids(listed).includes(chatbot.id), `chatbot ${chatbot.id} is not listed for the other project's key`);
    },
  },
  {
    id: 'scope.other-account',
    title: 'No account lists another account’s chatbots',
    needsState: NO_MEMORY,
    needsKey: 'keyOtherAccount',
    run: async (ctx) => {
      const other = ctx.target.keyOtherAccount;
      const mine = await create(ctx, { name: ctx.name('mine') });
      const theirs = await create(ctx, { name: ctx.name('theirs') }, other);
      const theirList = ids(await list(ctx, other));
      const myList = ids(await list(ctx));
      must(!theirList.includes(mine.id), `chatbot ${mine.id} leaks to the other account`);
      must(!myList.includes(theirs.id), `the other account's chatbot ${theirs.id} leaks to this one`);
      must(theirList.includes(theirs.id), `the other account does not list its own chatbot ${theirs.id}`);
    },
  },
];

// Checks of creating and listing: the answer's shape and values, and the state behind them.
import { isDeepStrictEqual } from 'node:util';
import { must } from '../context.js';
import { create, FIXED_ANSWER, ids, list, NO_MEMORY, UUID, type Check } from './shared.js';

export const CREATION_CHECKS: Check[] = [

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
];

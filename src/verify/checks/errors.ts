// Checks of refusals: keys, malformed and invalid requests, unknown paths and
// methods, and tenancy.
import { isDeepStrictEqual } from 'node:util';
import { must } from '../context.js';
import { create, expectProblem, ids, keyed, list, NO_MEMORY, type Check } from './shared.js';

export const ERROR_CHECKS: Check[] = [
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
    title: 'An unknown API key is rejected with 401',
    run: async (ctx) => {
      const unknown = `Bearer sk_live_unknown_${ctx.runId}`;
      await expectProblem(ctx, 401, 'GET', '/chatbots', { headers: { authorization: unknown } });
      await expectProblem(ctx, 401, 'POST', '/chatbots', {
        headers: { authorization: unknown, 'content-type': 'application/json' },
        body: JSON.stringify({ name: ctx.name('unknown key') }),
      });
    },
  },
  {
    id: 'auth.unknown-key-stores-nothing',
    title: 'Nothing sent with an unknown API key is stored',
    needsState: NO_MEMORY,
    run: async (ctx) => {
      const name = ctx.name('unknown key');
      await expectProblem(ctx, 401, 'POST', '/chatbots', {
        headers: { authorization: `Bearer sk_live_unknown_${ctx.runId}`, 'content-type': 'application/json' },
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

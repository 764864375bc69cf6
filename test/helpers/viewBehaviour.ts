// One suite for every store's reads for the admin API and a seed, each of one account or of the ids asked for: a
// project's count and newest chatbots (the admin state), and the account holding each given id (a seed's own ids),
// kept as chatbots are created, replaced, removed and reset, and across a reopen by the stores that persist.
import { describe, expect, it } from 'vitest';
import type { StoredChatbot } from '../../src/state/store.js';
import { APP, B, KEYS, storeRunner, WEB, type StoreUnderTest } from './storeBehaviour.js';

const settings = { theme: 'dark' };
const seeded = (name: string, owner = WEB): StoredChatbot => ({
  ...owner,
  chatbot: { id: crypto.randomUUID(), name, settings, is_active: true, created_at: new Date().toISOString() },
});

export function describeViewBehaviour(kind: string, subject: StoreUnderTest) {
  const withStore = storeRunner(subject, KEYS);

  describe(`the ${kind} store's views of one account`, () => {
    it("gives a project's count and its newest chatbots, oldest first, and nothing of another project", () =>
      withStore(async (store) => {
        const web = [];
        for (let i = 0; i < 5; i++) web.push(await store.create(WEB, { name: `Web ${i}`, settings }));
        const app = await store.create(APP, { name: 'App', settings });
        await store.create(B, { name: 'Elsewhere', settings });
        expect(await store.newestOfProject('a', 'a-web', 3)).toEqual({ held: 5, newest: web.slice(2) });
        expect(await store.newestOfProject('a', 'a-web', 100)).toEqual({ held: 5, newest: web });
        expect(await store.newestOfProject('a', 'a-web', 0)).toEqual({ held: 5, newest: [] });
        expect(await store.newestOfProject('a', 'a-app', 100)).toEqual({ held: 1, newest: [app] });
        // A project is read in its own account only.
        expect(await store.newestOfProject('b', 'a-web', 100)).toEqual({ held: 0, newest: [] });
        expect(await store.newestOfProject('nobody', 'nothing', 100)).toEqual({ held: 0, newest: [] });
        await store.removeChatbot('a', web[4]!.id);
        expect(await store.newestOfProject('a', 'a-web', 2)).toEqual({ held: 4, newest: web.slice(2, 4) });
      }));

    it('tells which of the ids asked for are stored, and by which account, as chatbots come and go', () =>
      withStore(async (store) => {
        const mine = await store.create(WEB, { name: 'Mine', settings });
        const theirs = await store.create(B, { name: 'Theirs', settings });
        const owners = async (...ids: string[]) => Object.fromEntries(await store.ownersOf(ids));
        expect(await owners(mine.id, theirs.id, 'never-stored')).toEqual({ [mine.id]: 'a', [theirs.id]: 'b' });
        expect(await owners()).toEqual({});
        const replacing = seeded('Replacing', APP);
        await store.replaceAccount('a', [replacing]);
        expect(await owners(mine.id, replacing.chatbot.id)).toEqual({ [replacing.chatbot.id]: 'a' });
        await store.removeChatbot('b', theirs.id);
        expect(await owners(theirs.id)).toEqual({});
        const added = seeded('Added', B);
        await store.addChatbots([added]);
        expect(await owners(added.chatbot.id)).toEqual({ [added.chatbot.id]: 'b' });
        await store.reset(KEYS, [seeded('Reset')]);
        expect(await owners(replacing.chatbot.id, added.chatbot.id)).toEqual({});
      }));

    if (subject.persistent)
      it('gives the same views after a reopen', async () => {
        const first = await subject.open();
        let kept;
        try {
          await first.start(KEYS, []);
          kept = await first.create(APP, { name: 'Kept', settings });
        } finally {
          await first.close();
        }
        const second = await subject.open(true);
        try {
          expect(await second.newestOfProject('a', 'a-app', 100)).toEqual({ held: 1, newest: [kept] });
          expect(Object.fromEntries(await second.ownersOf([kept.id]))).toEqual({ [kept.id]: 'a' });
        } finally {
          await second.close();
        }
      });
  });
}

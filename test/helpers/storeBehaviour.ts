// One behaviour suite for every store (memory, SQLite, PostgreSQL), through the
// ChatbotStore interface: order, tenancy, keys, the seed, an atomic reset, one
// account replaced atomically, health, and (for the stores that persist) a reopen;
// then the edits' suite (recordBehaviour.ts), the refusals' (refusalBehaviour.ts) and the views of one account
// (viewBehaviour.ts).
import { describe, expect, it } from 'vitest';
import type { ApiKey } from '../../src/state/keys.js';
import type { ChatbotStore, StoredChatbot } from '../../src/state/store.js';
import { contract } from './contract.js';
import { describeRecordBehaviour } from './recordBehaviour.js';
import { describeRefusalBehaviour } from './refusalBehaviour.js';
import { describeViewBehaviour } from './viewBehaviour.js';

export interface StoreUnderTest {
  /** A new, empty store (the same one again when `again` is given, for persistent stores). */
  open(again?: boolean): Promise<ChatbotStore>;
  persistent: boolean;
}

/** Two projects of account a and one of account b, with a key each: the owners every store test uses. */
export const KEYS: ApiKey[] = [
  { key: 'sk_live_a_web', accountId: 'a', projectId: 'a-web' },
  { key: 'sk_live_a_app', accountId: 'a', projectId: 'a-app' },
  { key: 'sk_live_b', accountId: 'b', projectId: 'b-main' },
];
export const WEB = { accountId: 'a', projectId: 'a-web' };
export const APP = { accountId: 'a', projectId: 'a-app' };
export const B = { accountId: 'b', projectId: 'b-main' };
const settings = { theme: 'dark', prompt: 'Be brief.', nested: { list: [1, 'two', null], big: 12345678901234 } };
const seeded = (name: string, createdAt: string, owner = WEB): StoredChatbot => ({
  ...owner,
  chatbot: { id: crypto.randomUUID(), name, settings: { theme: 'light' }, is_active: true, created_at: createdAt },
});
const names = (chatbots: readonly { name: string }[]) => chatbots.map((chatbot) => chatbot.name);

/** Runs `work` on a new store started with these keys, and closes it in every outcome. */
export function storeRunner(subject: StoreUnderTest, keys: readonly ApiKey[]) {
  return async (work: (store: ChatbotStore) => Promise<void>) => {
    const store = await subject.open();
    try {
      await store.start(keys, [], contract.encodeChatbot);
      await work(store);
    } finally {
      await store.close();
    }
  };
}

export function describeStoreBehaviour(kind: string, subject: StoreUnderTest) {
  const withStore = storeRunner(subject, KEYS);

  describe(`the ${kind} store`, () => {
    it('lists an account’s chatbots across its projects, oldest first, and no other account’s', () =>
      withStore(async (store) => {
        const one = await store.create(WEB, { name: 'One', settings });
        const other = await store.create(B, { name: 'Elsewhere', settings });
        const two = await store.create(APP, { name: 'Two', settings });
        expect(await store.listByAccount('a')).toEqual([one, two]);
        expect(await store.listByAccount('b')).toEqual([other]);
        expect(await store.listByAccount('nobody')).toEqual([]);
        expect((await store.all()).map((record) => [record.projectId, record.chatbot.id])).toEqual([
          ['a-web', one.id],
          ['b-main', other.id],
          ['a-app', two.id],
        ]);
        expect(one).toMatchObject({ name: 'One', settings, is_active: true });
        expect(one.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
        expect(Date.parse(two.created_at)).toBeGreaterThanOrEqual(Date.parse(one.created_at));
      }));

    it('keeps every one of many concurrent creates, each once, in the order they were committed', () =>
      withStore(async (store) => {
        const created = await Promise.all(
          Array.from({ length: 50 }, (_, i) => store.create(i % 2 ? WEB : APP, { name: `C${i}`, settings })),
        );
        const listed = await store.listByAccount('a');
        expect(new Set(listed.map((c) => c.id))).toEqual(new Set(created.map((c) => c.id)));
        expect(listed).toHaveLength(50);
        const times = listed.map((c) => Date.parse(c.created_at));
        expect(times).toEqual([...times].sort((x, y) => x - y));
      }));

    it('knows the keys it was started with and the ones added since, and refuses to move a project', () =>
      withStore(async (store) => {
        expect(await store.principalOf('sk_live_a_app')).toEqual({ accountId: 'a', projectId: 'a-app' });
        expect(await store.principalOf('sk_live_nobody')).toBeUndefined();
        await store.addKeys([{ key: 'sk_live_c', accountId: 'c', projectId: 'c-main' }]);
        expect(await store.principalOf('sk_live_c')).toEqual({ accountId: 'c', projectId: 'c-main' });
        expect((await store.keys()).map((k) => k.key)).toEqual([
          'sk_live_a_web',
          'sk_live_a_app',
          'sk_live_b',
          'sk_live_c',
        ]);
        await expect(store.addKeys([{ key: 'sk_live_d', accountId: 'other', projectId: 'a-web' }])).rejects.toThrow(
          /belongs to account "a"/,
        );
      }));

    it('takes the seed only when it holds no chatbot', async () => {
      const store = await subject.open();
      try {
        await store.start(KEYS, [seeded('Seeded', '2026-01-01T00:00:00.000Z')]);
        await store.start(KEYS, [seeded('Again', '2026-01-02T00:00:00.000Z')]);
        expect((await store.listByAccount('a')).map((c) => c.name)).toEqual(['Seeded']);
      } finally {
        await store.close();
      }
    });

    it('resets atomically: creates racing a reset land before or after it, and nothing older comes back', () =>
      withStore(async (store) => {
        await store.addKeys([{ key: 'sk_live_c', accountId: 'c', projectId: 'c-main' }]);
        for (let i = 0; i < 20; i++) await store.create(WEB, { name: `Old ${i}`, settings });
        const racing = Array.from({ length: 20 }, (_, i) =>
          store.create(WEB, { name: `Racing ${i}`, settings }).catch(() => undefined),
        );
        await store.reset(KEYS, [seeded('Seed', '2026-01-01T00:00:00.000Z')]);
        const after = await store.create(WEB, { name: 'After', settings });
        await Promise.all(racing);
        const names = (await store.listByAccount('a')).map((c) => c.name);
        expect(names.filter((name) => name.startsWith('Old'))).toEqual([]);
        expect(names[0]).toBe('Seed');
        expect(names).toContain(after.name);
        expect(await store.principalOf('sk_live_c')).toBeUndefined();
      }));

    it("replaces one account's chatbots with those given, counted against its limit, and leaves the rest alone", () =>
      withStore(async (store) => {
        await store.create(WEB, { name: 'Old web', settings });
        await store.create(APP, { name: 'Old app', settings });
        await store.create(B, { name: 'Elsewhere', settings });
        const now = new Date().toISOString();
        await store.replaceAccount('a', [seeded('New web', now), seeded('New app', now, APP)]);
        expect(names(await store.listByAccount('a'))).toEqual(['New web', 'New app']);
        expect(names(await store.listByAccount('b'))).toEqual(['Elsewhere']);
        expect((await store.all()).map((record) => record.chatbot.name).sort()).toEqual([
          'Elsewhere',
          'New app',
          'New web',
        ]);
        const encoded = (await store.listEncoded('a')).map((item) => Buffer.from(item).toString('utf8')).join('');
        expect(JSON.parse(`[${encoded}]`)).toEqual(await store.listByAccount('a'));
        expect((await store.keys()).map((key) => key.key)).toEqual(KEYS.map((key) => key.key));
        expect(await store.health()).toMatchObject({ chatbots: 3 });
        // The limit counts what the account holds now: two, not four.
        await store.create(WEB, { name: 'Third', settings }, 3);
        await expect(store.create(WEB, { name: 'Fourth', settings }, 3)).rejects.toThrow(/most/);
        await store.replaceAccount('a', []);
        expect(await store.listByAccount('a')).toEqual([]);
        await store.create(WEB, { name: 'Room again', settings }, 1);
      }));

    it('replaces an account atomically: creates racing it land before (and are gone) or after (and are kept)', () =>
      withStore(async (store) => {
        for (let i = 0; i < 10; i++) await store.create(WEB, { name: `Old ${i}`, settings });
        const racing = Array.from({ length: 20 }, (_, i) =>
          store.create(i % 2 ? WEB : B, { name: `Racing ${i}`, settings }).catch(() => undefined),
        );
        await store.replaceAccount('a', [seeded('Seed', new Date().toISOString())]);
        const after = await store.create(APP, { name: 'After', settings });
        const created = await Promise.all(racing);
        const listed = names(await store.listByAccount('a'));
        expect(listed[0]).toBe('Seed');
        expect(listed.filter((name) => name.startsWith('Old'))).toEqual([]);
        expect(listed).toContain(after.name);
        // Every racing create of b answered, and is kept: another account is never touched.
        expect(names(await store.listByAccount('b'))).toHaveLength(10);
        expect(created.filter((chatbot) => chatbot === undefined)).toEqual([]);
      }));

    it("refuses to replace an account with another account's chatbot, and changes nothing", () =>
      withStore(async (store) => {
        await store.create(WEB, { name: 'Kept', settings });
        const now = new Date().toISOString();
        await expect(store.replaceAccount('a', [seeded('Mine', now), seeded('Theirs', now, B)])).rejects.toThrow(
          /belongs to account "b", not "a"/,
        );
        expect(names(await store.listByAccount('a'))).toEqual(['Kept']);
        expect(await store.listByAccount('b')).toEqual([]);
      }));

    it("adds chatbots after those stored, counted against the account's limit, and keeps them on a reopen", () =>
      withStore(async (store) => {
        await store.create(WEB, { name: 'First', settings });
        const added = seeded('Added', new Date().toISOString());
        await store.addChatbots([added, { ...B, chatbot: { ...added.chatbot, id: crypto.randomUUID(), name: 'B' } }]);
        expect((await store.listByAccount('a')).map((c) => c.name)).toEqual(['First', 'Added']);
        expect((await store.listByAccount('b')).map((c) => c.name)).toEqual(['B']);
        await expect(store.create(WEB, { name: 'Third', settings }, 2)).rejects.toThrow(/most/);
        expect(await store.health()).toMatchObject({ chatbots: 3 });
      }));

    it('gives the same list encoded, tricky strings and numbers included', () =>
      withStore(async (store) => {
        const tricky = {
          name: 'Quote " backslash \\ tab \t émoji 🤖 \u001f NUL \u0000 lone \ud800 end',
          settings: { theme: 'x', n: [0.1, 1e21, 12.5, -3], s: '</script>' },
        };
        await store.create(WEB, tricky);
        await store.create(APP, { name: 'Second', settings });
        const text = async (accountId: string) => {
          const items = await store.listEncoded(accountId);
          return `[${Buffer.concat(items.map((item) => Buffer.from(item))).toString('utf8')}]`;
        };
        expect(JSON.parse(await text('a'))).toEqual(await store.listByAccount('a'));
        expect(await text('nobody')).toBe('[]');
      }));

    it('reports its kind and that it can write', () =>
      withStore(async (store) => {
        await store.create(B, { name: 'Counted', settings });
        expect(await store.health()).toMatchObject({ store: store.kind, writable: true, chatbots: 1 });
      }));

    // Only the stores that persist have a reopen to test.
    if (subject.persistent)
      it('keeps everything across a reopen', async () => {
        let created;
        const first = await subject.open();
        try {
          await first.start(KEYS, []);
          await first.addKeys([{ key: 'sk_live_c', accountId: 'c', projectId: 'c-main' }]);
          // A NUL and a lone surrogate: neither survives a store that keeps the name as plain text.
          created = await first.create(APP, { name: 'Kept \u0000 \ud800 é', settings });
          await first.create(B, { name: 'Replaced', settings });
          await first.replaceAccount('b', [seeded('Replacement', new Date().toISOString(), B)]);
        } finally {
          await first.close();
        }
        const second = await subject.open(true);
        try {
          expect(await second.listByAccount('a')).toEqual([created]);
          expect(names(await second.listByAccount('b'))).toEqual(['Replacement']);
          expect(await second.principalOf('sk_live_c')).toEqual({ accountId: 'c', projectId: 'c-main' });
        } finally {
          await second.close();
        }
      });
  });
  describeRecordBehaviour(kind, subject);
  describeRefusalBehaviour(kind, subject);
  describeViewBehaviour(kind, subject);
}

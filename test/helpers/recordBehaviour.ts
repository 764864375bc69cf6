// One suite for every store's edits: a chatbot found, changed and removed in
// its own account only, and the records of the contract's other resources
// (inserted, listed in order, replaced, removed with everything below them),
// kept across a reopen by the stores that persist.
import { describe, expect, it } from 'vitest';
import type { ApiKey } from '../../src/state/keys.js';
import type { StoredRecord } from '../../src/state/recordStore.js';
import { StoreFullError } from '../../src/state/store.js';
import { contract } from './contract.js';
import { storeRunner, type StoreUnderTest } from './storeBehaviour.js';

const KEYS: ApiKey[] = [
  { key: 'sk_live_a_web', accountId: 'a', projectId: 'a-web' },
  { key: 'sk_live_b', accountId: 'b', projectId: 'b-main' },
];
const A = { accountId: 'a', projectId: 'a-web' };
const B = { accountId: 'b', projectId: 'b-main' };
const NOW = '2026-11-22T09:15:02.123Z';
const record = (collection: string, id: string, body: Record<string, unknown>, owner = A): StoredRecord => ({
  ...owner,
  collection,
  id,
  body,
});

export function describeRecordBehaviour(kind: string, subject: StoreUnderTest) {
  const withStore = storeRunner(subject, KEYS);

  describe(`the ${kind} store's edits`, () => {
    it('finds, changes and removes a chatbot of its own account only, and a removal frees room', () =>
      withStore(async (store) => {
        const one = await store.create(A, { name: 'One', settings: { theme: 'dark' } }, 2);
        const two = await store.create(A, { name: 'Two', settings: { theme: 'dark' } }, 2);
        expect(await store.findChatbot('a', one.id)).toEqual(one);
        expect(await store.findChatbot('b', one.id)).toBeUndefined();
        const renamed = { ...one, name: 'Renamed', is_active: false };
        expect(await store.updateChatbot('b', renamed)).toBe(false);
        expect(await store.updateChatbot('a', renamed)).toBe(true);
        expect(await store.listByAccount('a')).toEqual([renamed, two]);
        expect(JSON.parse(`[${new TextDecoder().decode(join(await store.listEncoded('a')))}]`)).toEqual([renamed, two]);
        // A chatbot the contract refuses is never stored.
        await expect(store.updateChatbot('a', { ...two, name: '' })).rejects.toThrow();
        expect(await store.findChatbot('a', two.id)).toEqual(two);
        expect(await store.removeChatbot('b', two.id)).toBe(false);
        expect(await store.removeChatbot('a', two.id)).toBe(true);
        expect(await store.removeChatbot('a', two.id)).toBe(false);
        expect(await store.listByAccount('a')).toEqual([renamed]);
        await expect(store.create(A, { name: 'Three', settings: { theme: 'dark' } }, 2)).resolves.toMatchObject({
          name: 'Three',
        });
      }));

    it('keeps records per account and collection, in order, and removes one with everything below it', () =>
      withStore(async (store) => {
        const { records } = store;
        await records.insertRecord(record('/pets', '1', { id: 1, name: 'Rex' }));
        await records.insertRecord(record('/pets', '2', { id: 2, name: 'Tom' }));
        await records.insertRecord(record('/pets', '1', { id: 1, name: 'Other' }, B));
        await records.insertRecord(record('/pets/1/toys', 't', { id: 't' }));
        await records.insertRecord(record('/pets/10/toys', 'u', { id: 'u' }));
        expect((await records.listRecords('a', '/pets')).map((found) => found.body.name)).toEqual(['Rex', 'Tom']);
        expect((await records.findRecord('b', '/pets', '1'))?.body).toEqual({ id: 1, name: 'Other' });
        expect(await records.findRecord('b', '/pets', '2')).toBeUndefined();
        expect(await records.replaceRecord('a', '/pets', '2', { id: 2, name: 'Tommy' })).toBe(true);
        expect(await records.replaceRecord('b', '/pets', '2', { id: 2, name: 'Stolen' })).toBe(false);
        expect((await records.listRecords('a', '/pets')).map((found) => found.body.name)).toEqual(['Rex', 'Tommy']);
        expect(await records.removeRecord('a', '/pets', '1')).toBe(true);
        expect(await records.removeRecord('a', '/pets', '1')).toBe(false);
        expect(await records.listRecords('a', '/pets/1/toys')).toEqual([]);
        expect(await records.listRecords('a', '/pets/10/toys')).toHaveLength(1);
        expect(await records.findRecord('b', '/pets', '1')).toBeDefined();
        await records.removeBelow('a', '/pets/10');
        expect(await records.listRecords('a', '/pets/10/toys')).toEqual([]);
      }));

    it("refuses a record past the account's limit in its collection, and clears one account or all", () =>
      withStore(async (store) => {
        const { records } = store;
        await records.insertRecord(record('/pets', '1', { id: 1 }), 1);
        await expect(records.insertRecord(record('/pets', '2', { id: 2 }), 1)).rejects.toThrow(/already holds 1/);
        await records.insertRecord(record('/pets', '2', { id: 2 }, B), 1);
        await records.clearRecords('a');
        expect(await records.listRecords('a', '/pets')).toEqual([]);
        expect(await records.listRecords('b', '/pets')).toHaveLength(1);
        await records.clearRecords();
        expect(await records.listRecords('b', '/pets')).toEqual([]);
      }));

    it("refuses a record past the account's cap in all its collections, and counts what removals give back", () =>
      withStore(async (store) => {
        const { records } = store;
        for (const parent of ['x', 'y', 'z']) await records.insertRecord(record(`/u/${parent}/notes`, '1', {}), 2, 3);
        await expect(records.insertRecord(record('/u/w/notes', '1', {}), 2, 3)).rejects.toThrow(/3 records in all/);
        await records.insertRecord(record('/u/w/notes', '1', {}, B), 2, 3);
        await records.replaceRecord('a', '/u/x/notes', '1', { changed: true });
        await expect(records.insertRecord(record('/u/w/notes', '1', {}), 2, 3)).rejects.toThrow(/in all/);
        await records.removeRecord('a', '/u/x/notes', '1');
        await records.insertRecord(record('/u/w/notes', '1', {}), 2, 3);
        await records.insertRecord(record('/u/w/notes/1/tags', 't', {}), 5, 5);
        await records.removeBelow('a', '/u/w');
        await records.clearRecords('b');
        // Left: /u/y and /u/z of a.
        await records.insertRecord(record('/u/v/notes', '1', {}), 2, 3);
        await expect(records.insertRecord(record('/u/v/notes', '2', {}), 2, 3)).rejects.toThrow(/in all/);
        expect(await records.listRecords('a', '/u/v/notes')).toHaveLength(1);
      }));

    it('refuses a chatbot or a record past the cap on all it holds, every account together, and counts removals', () =>
      withStore(async (store) => {
        const { records } = store;
        const bot = (owner = A) => store.create(owner, { name: 'Bot', settings: { theme: 'dark' } }, 10, 3);
        const kept = await bot();
        await records.insertRecord(record('/pets', '1', {}, B), 10, 10, 3);
        await bot(B);
        expect([await store.stored(), await store.stored('a'), await store.stored('b')]).toEqual([3, 1, 2]);
        await expect(bot()).rejects.toThrow(StoreFullError);
        await expect(records.insertRecord(record('/pets', '2', {}), 10, 10, 3)).rejects.toThrow(/server is full/);
        // Refused, nothing stored: the count is as it was.
        expect(await store.stored()).toBe(3);
        expect(await records.listRecords('a', '/pets')).toEqual([]);
        expect(await records.removeRecord('b', '/pets', '1')).toBe(true);
        await records.insertRecord(record('/pets/1/toys', 't', {}), 10, 10, 3);
        await records.insertRecord(record('/pets/1/toys/t/tags', 'x', {}), 10, 10, 4);
        await expect(bot(B)).rejects.toThrow(StoreFullError);
        await records.removeBelow('a', '/pets/1');
        expect(await store.stored()).toBe(2);
        expect(await store.removeChatbot('a', kept.id)).toBe(true);
        await store.replaceAccount('b', []);
        expect(await store.stored()).toBe(0);
        for (let i = 0; i < 3; i++) await bot(i % 2 ? A : B);
        await store.reset(KEYS, []);
        expect(await store.stored()).toBe(0);
      }));

    it('keeps exactly the cap of many creates racing in several accounts, chatbots and records alike', () =>
      withStore(async (store) => {
        const creates = Array.from({ length: 30 }, (_, i) =>
          i % 3
            ? store.create(i % 2 ? A : B, { name: `C${i}`, settings: { theme: 'dark' } }, 100, 10)
            : store.records.insertRecord(record(`/u/${i}/notes`, '1', {}, i % 2 ? A : B), 100, 100, 10),
        );
        const settled = await Promise.allSettled(creates);
        expect(settled.filter((one) => one.status === 'fulfilled')).toHaveLength(10);
        for (const one of settled) if (one.status === 'rejected') expect(one.reason).toBeInstanceOf(StoreFullError);
        expect(await store.stored()).toBe(10);
        const held = (await store.listByAccount('a')).length + (await store.listByAccount('b')).length;
        expect(held).toBeLessThanOrEqual(10);
      }));

    it('keeps exactly the cap when accounts are replaced or seeded at once, racing, and refuses the rest whole', () =>
      withStore(async (store) => {
        const tenants = Array.from({ length: 6 }, (_, i) => `t${i}`);
        await store.addKeys(tenants.map((accountId) => ({ key: `sk_${accountId}`, accountId, projectId: accountId })));
        const seeds = (accountId: string, count: number) =>
          Array.from({ length: count }, (_, i) => ({
            accountId,
            projectId: accountId,
            chatbot: {
              id: crypto.randomUUID(),
              name: `S${i}`,
              settings: { theme: 'light' },
              is_active: true,
              created_at: NOW,
            },
          }));
        await store.create(A, { name: 'Held', settings: { theme: 'dark' } });
        await store.records.insertRecord(record('/pets', '1', {}, B));
        // Two held, a cap of 10: room for two tenants' three chatbots, not for a third's.
        const replaced = await Promise.allSettled(tenants.map((id) => store.replaceAccount(id, seeds(id, 3), 10)));
        expect(replaced.filter((one) => one.status === 'fulfilled')).toHaveLength(2);
        for (const one of replaced) if (one.status === 'rejected') expect(one.reason).toBeInstanceOf(StoreFullError);
        expect(await store.stored()).toBe(8);
        const held = async () => (await Promise.all(tenants.map((id) => store.listByAccount(id)))).flat().length;
        expect(await held()).toBe(6);
        // Seeds racing: the two places left, and no more; a refused seed adds none of its chatbots.
        const added = await Promise.allSettled(tenants.map((id) => store.addChatbots(seeds(id, 1), 10)));
        expect(added.filter((one) => one.status === 'fulfilled')).toHaveLength(2);
        for (const one of added) if (one.status === 'rejected') expect(one.reason).toBeInstanceOf(StoreFullError);
        await expect(store.addChatbots(seeds('t0', 1), 10)).rejects.toThrow(/would hold 11 records.*10/);
        expect([await store.stored(), await held()]).toEqual([10, 8]);
        // What an account's replacement removes counts as room: 'a' holds one, and takes one again.
        await store.replaceAccount(
          'a',
          seeds('a', 1).map((one) => ({ ...one, projectId: 'a-web' })),
          10,
        );
        expect(await store.stored()).toBe(10);
      }));

    it("removes an account's records with its chatbots when it is replaced, and every record on a reset", () =>
      withStore(async (store) => {
        const { records } = store;
        await records.insertRecord(record('/pets', '1', { id: 1 }));
        await records.insertRecord(record('/pets', '1', { id: 1 }, B));
        await store.replaceAccount('a', []);
        expect(await records.listRecords('a', '/pets')).toEqual([]);
        expect(await records.listRecords('b', '/pets')).toHaveLength(1);
        await store.reset(KEYS, []);
        expect(await records.listRecords('b', '/pets')).toEqual([]);
      }));

    if (subject.persistent)
      it('keeps edited chatbots and records across a reopen', async () => {
        const first = await subject.open();
        let kept;
        try {
          await first.start(KEYS, [], contract.encodeChatbot);
          const gone = await first.create(A, { name: 'Gone', settings: { theme: 'dark' } });
          kept = { ...(await first.create(A, { name: 'Kept', settings: { theme: 'dark' } })), name: 'Edited' };
          await first.updateChatbot('a', kept);
          await first.removeChatbot('a', gone.id);
          await first.records.insertRecord(record('/pets', '1', { id: 1, name: 'Rex', n: 1234567890123 }));
          await first.records.insertRecord(record('/pets', '2', { id: 2 }));
          await first.records.replaceRecord('a', '/pets', '1', { id: 1, name: 'Rex II' });
          await first.records.removeRecord('a', '/pets', '2');
        } finally {
          await first.close();
        }
        const second = await subject.open(true);
        try {
          await second.start(KEYS, [], contract.encodeChatbot);
          expect(await second.listByAccount('a')).toEqual([kept]);
          expect((await second.records.listRecords('a', '/pets')).map((found) => found.body)).toEqual([
            { id: 1, name: 'Rex II' },
          ]);
        } finally {
          await second.close();
        }
      });
  });
}

function join(parts: readonly (string | Uint8Array)[]): Uint8Array {
  const encoder = new TextEncoder();
  const bytes = parts.map((part) => (typeof part === 'string' ? encoder.encode(part) : part));
  const joined = new Uint8Array(bytes.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of bytes) joined.set(part, (at += part.length) - part.length);
  return joined;
}

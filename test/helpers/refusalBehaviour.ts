// One suite for every store: a chatbot the contract's encoder refuses (a name
// the Chatbot schema forbids, a value JSON cannot write) is refused before
// anything is committed. A create is refused alone, the others of its batch
// answered; a batch of chatbots (added, seeded, reset to, an account replaced)
// is refused whole. Nothing is left unhandled, and nothing of it is stored,
// across a reopen too.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApiKey } from '../../src/state/keys.js';
import type { ChatbotStore, StoredChatbot } from '../../src/state/store.js';
import { contract } from './contract.js';
import { storeRunner, type StoreUnderTest } from './storeBehaviour.js';

const KEYS: ApiKey[] = [{ key: 'sk_live_a_web', accountId: 'a', projectId: 'a-web' }];
const WEB = { accountId: 'a', projectId: 'a-web' };
const settings = { theme: 'dark' };
const stored = (name: string, extra: object = {}): StoredChatbot => ({
  ...WEB,
  chatbot: { id: crypto.randomUUID(), name, settings: { ...settings, ...extra }, is_active: true, created_at: now() },
});
const now = () => new Date().toISOString();
const names = async (store: ChatbotStore) => (await store.listByAccount('a')).map((chatbot) => chatbot.name).sort();

export function describeRefusalBehaviour(kind: string, subject: StoreUnderTest) {
  const withStore = storeRunner(subject, KEYS);
  /** The last store, opened again, holds these names (a store that does not persist has nothing to read again). */
  const keptAcrossReopen = async (expected: string[]): Promise<void> => {
    if (!subject.persistent) return;
    const store = await subject.open(true);
    try {
      await store.start(KEYS, [], contract.encodeChatbot);
      expect(await names(store)).toEqual(expected);
    } finally {
      await store.close();
    }
  };
  // Every rejection and exception the process did not handle while a test ran.
  let unhandled: unknown[] = [];
  const record = (reason: unknown) => unhandled.push(reason);
  beforeEach(() => {
    unhandled = [];
    process.on('unhandledRejection', record);
    process.on('uncaughtException', record);
  });
  afterEach(() => {
    process.off('unhandledRejection', record);
    process.off('uncaughtException', record);
  });

  describe(`the ${kind} store, given a chatbot the encoder refuses`, () => {
    it('refuses that create alone, answers the others of its batch, and stores none of it', async () => {
      await withStore(async (store) => {
        const create = (name: string, extra: object = {}) =>
          store.create(WEB, { name, settings: { ...settings, ...extra } });
        // Created together: SQLite commits them in one transaction.
        const first = await Promise.allSettled([create('One'), create(''), create('Two')]);
        const second = await Promise.allSettled([create('Three'), create('Big', { n: 10n }), create('Four')]);
        expect([...first, ...second].map((outcome) => outcome.status)).toEqual([
          'fulfilled',
          'rejected',
          'fulfilled',
          'fulfilled',
          'rejected',
          'fulfilled',
        ]);
        expect(await names(store)).toEqual(['Four', 'One', 'Three', 'Two']);
      });
      await keptAcrossReopen(['Four', 'One', 'Three', 'Two']);
      expect(unhandled).toEqual([]);
    });

    it('refuses a batch that holds one (added, reset to, an account replaced), and changes nothing', async () => {
      await withStore(async (store) => {
        await store.create(WEB, { name: 'Kept', settings });
        for (const broken of [stored(''), stored('Big', { n: 10n })]) {
          const batch = [stored('Good'), broken];
          await expect(store.addChatbots(batch)).rejects.toThrow();
          await expect(store.reset(KEYS, batch)).rejects.toThrow();
          await expect(store.replaceAccount('a', batch)).rejects.toThrow();
        }
        expect(await names(store)).toEqual(['Kept']);
        expect(await store.principalOf('sk_live_a_web')).toEqual(WEB);
      });
      await keptAcrossReopen(['Kept']);
      expect(unhandled).toEqual([]);
    });

    it('refuses a record JSON cannot write, inserted or replacing one, and keeps what it held', async () => {
      const record = (id: string, body: Record<string, unknown>) => ({ ...WEB, collection: '/notes', id, body });
      await withStore(async (store) => {
        await store.records.insertRecord(record('1', { text: 'kept' }));
        await expect(store.records.insertRecord(record('2', { n: 10n }))).rejects.toThrow();
        await expect(store.records.replaceRecord('a', '/notes', '1', { n: 10n })).rejects.toThrow();
        const held = async () => (await store.records.listRecords('a', '/notes')).map((found) => found.body);
        expect(await held()).toEqual([{ text: 'kept' }]);
        await store.records.insertRecord(record('2', { text: 'room' }), 2, 2);
      });
      expect(unhandled).toEqual([]);
    });

    it('refuses a seed that holds one, storing nothing', async () => {
      const store = await subject.open();
      try {
        await expect(store.start(KEYS, [stored('Good'), stored('')], contract.encodeChatbot)).rejects.toThrow();
        expect(await store.all()).toEqual([]);
        await store.start(KEYS, [stored('Seed')], contract.encodeChatbot);
        expect(await names(store)).toEqual(['Seed']);
      } finally {
        await store.close();
      }
      expect(unhandled).toEqual([]);
    });
  });
}

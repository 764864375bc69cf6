// What a seed for one account reads of the store: that account and the ids it gives, never every tenant's chatbots
// (one tenant's load must not cost what all the others hold).
import { describe, expect, it } from 'vitest';
import { contract } from '../../test/helpers/contract.js';
import type { ApiKey } from '../state/keys.js';
import { InMemoryChatbotStore } from '../state/memoryStore.js';
import { seedRecords, storeState } from './seeding.js';

const KEYS: ApiKey[] = [
  { key: 'sk_live_mine', accountId: 'mine', projectId: 'mine-main' },
  { key: 'sk_live_other', accountId: 'other', projectId: 'other-main' },
];
const settings = { theme: 'dark' };

/** A memory store that records which accounts' chatbots are read, and refuses to hand out every account's. */
class WatchedStore extends InMemoryChatbotStore {
  readonly read: string[] = [];
  override all(): never {
    throw new Error('every account was read');
  }
  override listByAccount(accountId: string) {
    this.read.push(accountId);
    return super.listByAccount(accountId);
  }
}

async function filled() {
  const store = new WatchedStore();
  await store.start(KEYS, [], contract.encodeChatbot);
  const theirs = [];
  for (let i = 0; i < 50; i++)
    theirs.push(await store.create({ accountId: 'other', projectId: 'other-main' }, { name: `Other ${i}`, settings }));
  const mine = await store.create({ accountId: 'mine', projectId: 'mine-main' }, { name: 'Mine', settings });
  return { store, theirs, mine };
}

describe('storeState', () => {
  it("reads the account replaced no further than the ids it is given, and refuses another's id", async () => {
    const { store, theirs, mine } = await filled();
    const given = [{ name: 'Reused', id: mine.id }, { name: 'Taken', id: theirs[0]!.id }, { name: 'Fresh' }];
    const state = await storeState(store, 'mine', given, { replacing: true });
    expect([...state.ids]).toEqual([theirs[0]!.id]);
    expect(store.read).toEqual([]);
    expect(() => seedRecords(contract, state, 'mine', given.slice(0, 1), { limit: 10 })).not.toThrow();
    expect(() => seedRecords(contract, state, 'mine', given.slice(1), { limit: 10 })).toThrow(/is used already/);
  });

  it('reads the count and the newest chatbot of the account added to, and no other account', async () => {
    const { store, mine } = await filled();
    const state = await storeState(store, 'mine', [{ name: 'More' }]);
    expect(state.accounts).toEqual(new Map([['mine', { held: 1, newest: mine.created_at }]]));
    expect(store.read).toEqual(['mine']);
    expect(() => seedRecords(contract, state, 'mine', [{ name: 'One too many' }], { limit: 1 })).toThrow(
      /holds 1 chatbots; 1 more would pass its limit of 1/,
    );
  });
});

// The in-memory store: the default, and the index the SQLite store keeps in front of its file. One append-only list
// per account (memoryIndex.ts): listing, limiting or replacing one account never looks at other tenants, and
// insertion order is creation order. Each chatbot is kept once, as the bytes the contract's encoder made of it
// (checked then), appended to its account's bytes: a list is those bytes, sent as they are, and objects are made
// again from them only on demand. Every chatbot of a write is encoded before anything changes: one the encoder
// refuses refuses the write whole. Its count, and the records', are what the cap on all it holds reads.
import { BrokenChatbotError, encodeUnchecked, type ChatbotEncoder } from '../contract/encoder.js';
import type { Chatbot, Principal } from '../contract/types.js';
import { ByteList } from './byteList.js';
import type { ApiKey } from './keys.js';
import { KeptIndex, type Kept } from './memoryIndex.js';
import { MemoryKeys } from './memoryKeys.js';
import { MemoryRecords } from './memoryRecords.js';
import {
  AccountFullError,
  checkOneAccount,
  encodeEach,
  newChatbot,
  type ChatbotStore,
  type EncodedChatbot,
  type NewChatbot,
  type ProjectChatbots,
  type StoredChatbot,
  type StoreHealth,
} from './store.js';

export interface MemoryStoreContents {
  keys?: readonly ApiKey[];
  chatbots?: readonly StoredChatbot[];
}

export class InMemoryChatbotStore implements ChatbotStore {
  readonly kind: ChatbotStore['kind'] = 'memory';
  readonly records: MemoryRecords = new MemoryRecords(() => this.countOf());
  #index = new KeptIndex();
  // What all() hands out, built once per change.
  #allSnapshot: readonly StoredChatbot[] | undefined;
  // What listByAccount hands out, built once per change of the account.
  #snapshots = new Map<string, readonly Chatbot[]>();
  // Each account's chatbots as UTF-8 JSON, comma-joined, appended to in place as they are
  // created: a list after a create costs that chatbot's bytes, not the whole list's.
  #encoded = new Map<string, ByteList>();
  #keys = new MemoryKeys();
  // Accounts holding a chatbot read from storage that breaks the contract: their lists are refused.
  #broken = new Map<string, BrokenChatbotError>();
  // The contract's encoder, from start(); until then, JSON unchecked.
  #encode: ChatbotEncoder = encodeUnchecked;

  /** Chatbots only (an array, the older form), or keys and chatbots. */
  constructor(contents: readonly StoredChatbot[] | MemoryStoreContents = {}) {
    const { keys = [], chatbots = [] } = Array.isArray(contents)
      ? { chatbots: contents }
      : (contents as MemoryStoreContents);
    this.insertKeys(keys);
    this.append(this.encoded(chatbots));
  }

  async create(owner: Principal, input: NewChatbot, maxPerAccount = Infinity, maxStored = Infinity) {
    if (this.countOf(owner.accountId) >= maxPerAccount) throw new AccountFullError(owner.accountId, maxPerAccount);
    this.records.checkFull(maxStored);
    const chatbot = newChatbot(input);
    this.append(this.encoded([{ accountId: owner.accountId, projectId: owner.projectId, chatbot }]));
    return chatbot;
  }

  /** The same frozen array until the account changes. */
  async listByAccount(accountId: string): Promise<readonly Chatbot[]> {
    let snapshot = this.#snapshots.get(accountId);
    if (!snapshot) {
      snapshot = Object.freeze(this.#index.of(accountId).map((kept) => this.#chatbotOf(kept)));
      this.#snapshots.set(accountId, snapshot);
    }
    return snapshot;
  }

  async listEncoded(accountId: string): Promise<readonly Uint8Array[]> {
    const broken = this.#broken.get(accountId);
    if (broken) throw broken;
    return this.#encoded.get(accountId)?.views() ?? [];
  }

  async stored(accountId?: string): Promise<number> {
    return this.countOf(accountId) + this.records.count(accountId);
  }

  async all(): Promise<readonly StoredChatbot[]> {
    this.#allSnapshot ??= Object.freeze(this.#index.inOrder().map((kept) => this.#recordOf(kept)));
    return this.#allSnapshot;
  }

  async ownersOf(ids: readonly string[]): Promise<ReadonlyMap<string, string>> {
    return this.#index.owners(ids);
  }

  /** Reads the account's index, and decodes only the chatbots shown. */
  async newestOfProject(accountId: string, projectId: string, count: number): Promise<ProjectChatbots> {
    const { held, newest } = this.#index.newestOf(accountId, projectId, count);
    return { held, newest: newest.map((kept) => this.#chatbotOf(kept)) };
  }

  async findChatbot(accountId: string, id: string): Promise<Chatbot | undefined> {
    return (await this.listByAccount(accountId)).find((chatbot) => chatbot.id === id);
  }

  async updateChatbot(accountId: string, chatbot: Chatbot): Promise<boolean> {
    return swapped(this.editing(accountId, chatbot.id, (record) => [{ ...record, chatbot }]));
  }

  async removeChatbot(accountId: string, id: string): Promise<boolean> {
    return swapped(this.editing(accountId, id, () => []));
  }

  async start(keys: readonly ApiKey[], seed: readonly StoredChatbot[], encode?: ChatbotEncoder): Promise<void> {
    if (encode) this.useEncoder(encode);
    const seeding = this.encoded(this.#index.size === 0 ? seed : []);
    this.insertKeys(keys);
    this.append(seeding);
  }

  async addKeys(keys: readonly ApiKey[]): Promise<void> {
    this.insertKeys(keys);
  }

  async addChatbots(chatbots: readonly StoredChatbot[], maxStored = Infinity): Promise<void> {
    this.records.checkStored(chatbots.length, maxStored);
    this.append(this.encoded(chatbots));
  }

  async principalOf(key: string): Promise<Principal | undefined> {
    return this.#keys.principalOf(key);
  }

  async keys(): Promise<readonly ApiKey[]> {
    return this.#keys.all();
  }

  async replaceAccount(accountId: string, chatbots: readonly StoredChatbot[], maxStored = Infinity): Promise<void> {
    this.records.checkStored(chatbots.length, maxStored, this.countOf(accountId) + this.records.count(accountId));
    this.replacing(accountId, chatbots)();
    this.records.forget(accountId);
  }

  async reset(keys: readonly ApiKey[], chatbots: readonly StoredChatbot[]): Promise<void> {
    this.resetNow(keys, this.encoded(chatbots));
    this.records.forget();
  }

  async health(): Promise<StoreHealth> {
    return { store: this.kind, writable: true, chatbots: this.#index.size };
  }

  async close(): Promise<void> {}

  /** A chatbot made again from its bytes: each is kept once, as its JSON. */
  #chatbotOf(kept: Kept): Chatbot {
    // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- append() kept its bytes before the chatbot
    const bytes = this.#encoded.get(kept.accountId)!;
    return JSON.parse(decoder.decode(bytes.slice(kept.start, kept.end))) as Chatbot;
  }

  #recordOf(kept: Kept): StoredChatbot {
    return { accountId: kept.accountId, projectId: kept.projectId, chatbot: this.#chatbotOf(kept) };
  }

  /** How many chatbots are kept: in every account, or in one. */
  protected countOf(accountId?: string): number {
    return accountId === undefined ? this.#index.size : this.#index.of(accountId).length;
  }

  /** From now on, chatbots are encoded (and checked) by `encode`; those already held are encoded again by it. */
  protected useEncoder(encode: ChatbotEncoder): void {
    if (encode === this.#encode) return;
    const held = this.#index.inOrder().map((kept) => this.#recordOf(kept));
    const broken = this.#broken;
    this.#encode = encode;
    this.resetNow(this.#keys.all(), []);
    // An account refused for a chatbot read broken stays refused: that chatbot is not held to be encoded again.
    this.#broken = broken;
    for (const record of held) this.load(record);
  }

  protected resetNow(keys: readonly ApiKey[], chatbots: readonly EncodedChatbot[]): void {
    this.#broken = new Map();
    this.#index = new KeptIndex();
    this.#allSnapshot = undefined;
    this.#snapshots = new Map();
    this.#encoded = new Map();
    this.#keys = new MemoryKeys();
    this.insertKeys(keys);
    this.append(chatbots);
  }

  /** The swap that puts `edit`'s chatbots in place of the account's chatbot `id` (checked first); none without it. */
  protected editing(
    accountId: string,
    id: string,
    edit: (record: StoredChatbot) => StoredChatbot[],
  ): (() => void) | undefined {
    const records = this.#index.of(accountId).map((kept) => this.#recordOf(kept));
    const at = records.findIndex((record) => record.chatbot.id === id);
    const found = records[at];
    if (!found) return undefined;
    return this.replacing(accountId, [...records.slice(0, at), ...edit(found), ...records.slice(at + 1)]);
  }

  /** Checks and encodes an account's new chatbots, throwing before anything changes, and gives the swap that puts
   * them in place of the account's others (a list already handed out keeps its bytes). */
  protected replacing(accountId: string, chatbots: readonly StoredChatbot[]): () => void {
    checkOneAccount(accountId, chatbots);
    const encoded = this.encoded(chatbots);
    return () => {
      this.#index.dropAccount(accountId);
      this.#allSnapshot = undefined;
      this.#encoded.delete(accountId);
      this.#snapshots.delete(accountId);
      this.#broken.delete(accountId); // a chatbot read broken is replaced too
      this.append(encoded);
    };
  }

  protected insertKeys(keys: readonly ApiKey[]): void {
    this.#keys.add(keys);
  }

  /** A chatbot read from storage: one that breaks the contract is not kept, and its account's list is refused. */
  protected load(record: StoredChatbot): void {
    try {
      this.append(this.encoded([record]));
    } catch (error) {
      if (!(error instanceof BrokenChatbotError)) throw error;
      if (!this.#broken.has(record.accountId)) this.#broken.set(record.accountId, error);
    }
  }

  /** Every chatbot encoded, before anything is kept: throws (BrokenChatbotError) if one breaks the contract. */
  protected encoded(chatbots: readonly StoredChatbot[]): EncodedChatbot[] {
    return encodeEach(chatbots, this.#encode);
  }

  /** Keeps chatbots encoded already, after those held: nothing here can refuse one. */
  protected append(chatbots: readonly EncodedChatbot[]): void {
    for (const { record, bytes: encoded } of chatbots) {
      const bytes = this.#encoded.get(record.accountId) ?? new ByteList();
      this.#encoded.set(record.accountId, bytes);
      if (bytes.length > 0) bytes.append(COMMA);
      const start = bytes.length;
      bytes.append(encoded);
      const { accountId, projectId, chatbot } = record;
      this.#index.add({ accountId, projectId, id: chatbot.id, start, end: bytes.length });
      this.#allSnapshot = undefined;
      this.#snapshots.delete(accountId);
    }
  }
}

const swapped = (swap: (() => void) | undefined): boolean => (swap?.(), swap !== undefined); // made, if any

const decoder = new TextDecoder();
const COMMA = new TextEncoder().encode(',');

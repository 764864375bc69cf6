// Where chatbots and tenants live. The interface is narrow on purpose: the
// handlers create and list; the authenticator looks keys up; the admin API
// reads each project's count and newest chatbots, adds tenants, replaces one account's chatbots and resets. Nothing a
// request asks for of one account reads another's chatbots: one tenant never slows another by what it stores. Three
// stores implement it: in memory (memoryStore.ts), SQLite (sqliteStore.ts) and PostgreSQL (postgresStore.ts).
import type { ChatbotEncoder } from '../contract/encoder.js';
import type { Chatbot, ChatbotSettings, CreatedChatbot, Principal } from '../contract/types.js';
import type { ApiKey } from './keys.js';
import type { RecordStore } from './recordStore.js';

export interface NewChatbot {
  name: string;
  settings: ChatbotSettings;
}

/** A stored chatbot with the account and project it belongs to. */
export interface StoredChatbot extends Principal {
  chatbot: Chatbot;
}

/** A chatbot to store, with the bytes the contract's encoder made of it: every store encodes each chatbot of a write
 * before anything is committed, so that one the encoder refuses refuses the write, with nothing stored. */
export interface EncodedChatbot {
  record: StoredChatbot;
  bytes: Uint8Array;
}

/** Every chatbot encoded: throws (BrokenChatbotError, or JSON's own error) at the first one the encoder refuses. */
export function encodeEach(chatbots: readonly StoredChatbot[], encode: ChatbotEncoder): EncodedChatbot[] {
  return chatbots.map((record) => ({ record, bytes: encode(record.chatbot) }));
}

/** What the admin state shows of a project: how many chatbots it holds, and its newest, oldest first. */
export interface ProjectChatbots {
  held: number;
  newest: readonly Chatbot[];
}

export type StoreKind = 'memory' | 'sqlite' | 'postgres';

export interface StoreHealth {
  store: StoreKind;
  /** Whether a write would be committed now. */
  writable: boolean;
  /** Why not, when it would not. */
  detail?: string;
  /** How many chatbots are stored, in all accounts; absent when the store cannot say. */
  chatbots?: number;
}

export interface ChatbotStore {
  readonly kind: StoreKind;
  /** Stores a new chatbot for the caller's project; resolves once it is committed.
   * Rejects with AccountFullError when the account already holds `maxPerAccount`, and with StoreFullError when the
   * store holds `maxStored` (see stored), storing nothing. */
  create(owner: Principal, input: NewChatbot, maxPerAccount?: number, maxStored?: number): Promise<CreatedChatbot>;
  /** Every chatbot of the account, across its projects, oldest first. A store may
   * hand out the same (frozen) array until the account changes. */
  listByAccount(accountId: string): Promise<readonly Chatbot[]>;
  /** The account's chatbots, oldest first, as the encoder the store was started with made them (each
   * checked once: when it was created, or first read), in parts to send one after another: the items of a
   * JSON array with their commas, without its brackets. Rejects with BrokenChatbotError when a stored
   * chatbot breaks the contract (changed behind the server's back): it is never handed out. */
  listEncoded(accountId: string): Promise<readonly (string | Uint8Array)[]>;
  /** Every chatbot of every account, oldest first: for a test or a tool, never a request (it reads every tenant). */
  all(): Promise<readonly StoredChatbot[]>;
  /** Which of these ids are stored, each with the account that holds it (a seed's own ids, checked before it is
   * written), without reading any chatbot. */
  ownersOf(ids: readonly string[]): Promise<ReadonlyMap<string, string>>;
  /** How many chatbots the project holds, and its newest `count` of them, oldest first: read from its account alone. */
  newestOfProject(accountId: string, projectId: string, count: number): Promise<ProjectChatbots>;
  /** The account's chatbot of that id. */
  findChatbot(accountId: string, id: string): Promise<Chatbot | undefined>;
  /** Replaces the account's chatbot of the same id (checked by the encoder); false when it holds none. */
  updateChatbot(accountId: string, chatbot: Chatbot): Promise<boolean>;
  /** Removes the account's chatbot of that id (not the records below it); false when it held none. */
  removeChatbot(accountId: string, id: string): Promise<boolean>;
  /** The records of the contract's other resources, in the same store. Reset clears them. */
  readonly records: RecordStore;
  /** How many chatbots and records of the contract's other resources are stored together, in every account (what the
   * cap on all a server stores counts), or in one: kept as they are written, never counted row by row in all. */
  stored(accountId?: string): Promise<number>;
  /** At start: adds the keys not stored yet (the keys file's), and the seed to a store that holds no chatbot yet.
   * `encode` is the contract's encoder (contract.encodeChatbot): every chatbot the store hands out is its work. */
  start(keys: readonly ApiKey[], seed: readonly StoredChatbot[], encode?: ChatbotEncoder): Promise<void>;
  /** Adds the keys (with their projects and accounts) that are not stored yet: a new tenant. */
  addKeys(keys: readonly ApiKey[]): Promise<void>;
  /** Adds chatbots as they are (a test's seed), after those stored, in one commit. Their projects' keys are stored,
   * and no id is stored already (the caller checks both). Rejects with StoreFullError, storing nothing, when the
   * store would then hold more than `maxStored` (see stored), decided in the same step as the write. */
  addChatbots(chatbots: readonly StoredChatbot[], maxStored?: number): Promise<void>;
  /** Whom a key stands for; undefined for an unknown key. */
  principalOf(key: string): Promise<Principal | undefined>;
  /** Every stored key, in the order they were added. */
  keys(): Promise<readonly ApiKey[]>;
  /** Replaces every chatbot of the account with these (a scenario loaded for it), in one commit, atomically against
   * concurrent creates: one committed before is gone, one after is kept. Keys and other accounts are left alone.
   * Every chatbot is the account's (else it rejects, changing nothing), its project's key is stored, and no id is
   * stored in another account (the caller checks both). The account's records are removed with its chatbots.
   * Rejects with StoreFullError, changing nothing, when the store would then hold more than `maxStored`, decided in
   * the same step as the write: loads racing in several accounts never pass it together. */
  replaceAccount(accountId: string, chatbots: readonly StoredChatbot[], maxStored?: number): Promise<void>;
  /** Replaces every key and chatbot with these, and removes every record, atomically against concurrent creates (the
   * admin reset). */
  reset(keys: readonly ApiKey[], chatbots: readonly StoredChatbot[]): Promise<void>;
  health(): Promise<StoreHealth>;
  close(): Promise<void>;
}

/** A store cannot be used at start (a locked or unwritable file, an unreachable database): one line to stop on. */
export class StoreOpenError extends Error {
  override name = 'StoreOpenError';
}

/** A stored chatbot as a database row holds it (SQLite and PostgreSQL alike). */
export interface ChatbotRow {
  id: string;
  account_id: string;
  project_id: string;
  name: string;
  settings: string;
  is_active: boolean | number;
  created_at: string;
}

export function fromRow(row: ChatbotRow): StoredChatbot {
  return {
    accountId: row.account_id,
    projectId: row.project_id,
    chatbot: {
      id: row.id,
      name: row.name,
      settings: JSON.parse(row.settings) as ChatbotSettings,
      is_active: row.is_active === true || row.is_active === 1,
      created_at: row.created_at,
    },
  };
}

/** The account holds the most chatbots it may: nothing was stored. */
export class AccountFullError extends Error {
  override name = 'AccountFullError';
  constructor(
    readonly accountId: string,
    readonly limit: number,
    what = 'chatbots',
  ) {
    super(`The account ${accountId} already holds ${limit} ${what}, the most it may hold.`);
  }
}

/** The most records (chatbots and the contract's other records together) a server stores in all its accounts by
 * default: room for ordinary chatbots well within a default Node heap (docs/configuration.md). */
export const DEFAULT_MAX_RECORDS = 1_000_000;

/** The store holds the most records it may in all its accounts (or a write of many, `wouldHold` given, would leave it
 * holding more): nothing was stored. Not the account's limit. */
export class StoreFullError extends Error {
  override name = 'StoreFullError';
  constructor(
    readonly limit: number,
    readonly wouldHold?: number,
  ) {
    super(
      wouldHold === undefined
        ? `The server is full: it holds ${limit} records of all accounts together, the most it may hold.`
        : `The server would hold ${wouldHold} records of all accounts together, more than the ${limit} it may hold.`,
    );
  }
}

/** The store cannot commit now (a full disk, a lost database): the client may retry. */
export class StoreUnavailableError extends Error {
  override name = 'StoreUnavailableError';
}

export function newChatbot(input: NewChatbot, createdAt = new Date()): CreatedChatbot {
  return {
    id: crypto.randomUUID(), // Web Crypto: the same in Node and in a browser
    name: input.name,
    settings: input.settings,
    is_active: true,
    created_at: createdAt.toISOString(),
  };
}

/** Fails when a chatbot given to replace an account's belongs to another account. */
export function checkOneAccount(accountId: string, chatbots: readonly StoredChatbot[]): void {
  const other = chatbots.find((record) => record.accountId !== accountId);
  if (other) throw new Error(`chatbot ${other.chatbot.id} belongs to account "${other.accountId}", not "${accountId}"`);
}

/** Fails when a project would belong to two accounts. */
export function checkKeyOwners(stored: ReadonlyMap<string, string>, keys: readonly ApiKey[]): void {
  for (const { projectId, accountId } of keys) {
    const owner = stored.get(projectId);
    if (owner !== undefined && owner !== accountId) {
      throw new Error(`project "${projectId}" belongs to account "${owner}", not "${accountId}"`);
    }
  }
}

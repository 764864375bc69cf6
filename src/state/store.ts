// Where chatbots live. The interface is narrow on purpose: the handlers only
// create and list; the admin API also reads everything and resets.
import type { Chatbot, ChatbotSettings, CreatedChatbot, Principal } from '../contract/types.js';

export interface NewChatbot {
  name: string;
  settings: ChatbotSettings;
}

/** A stored chatbot with the account and project it belongs to. */
export interface StoredChatbot extends Principal {
  chatbot: Chatbot;
}

export interface ChatbotStore {
  /** Stores a new chatbot for the caller's project; resolves once it is stored. */
  create(owner: Principal, input: NewChatbot): Promise<CreatedChatbot>;
  /** Every chatbot of the account, across its projects, oldest first. The same
   * (frozen) array is returned until the account changes, so callers may cache by it. */
  listByAccount(accountId: string): Promise<readonly Chatbot[]>;
  /** Every chatbot of every account, oldest first. */
  all(): readonly StoredChatbot[];
  /** Replaces everything (the admin reset); resolves once it is stored. */
  replaceAll(records: readonly StoredChatbot[]): Promise<void>;
}

export class InMemoryChatbotStore implements ChatbotStore {
  // One append-only list per account: listing never looks at other tenants,
  // and insertion order is creation order.
  #byAccount = new Map<string, StoredChatbot[]>();
  #all: StoredChatbot[] = [];
  // What listByAccount hands out, built once per change of the account.
  #snapshots = new Map<string, readonly Chatbot[]>();

  constructor(initial: readonly StoredChatbot[] = []) {
    for (const record of initial) this.insert(record);
  }

  async create(owner: Principal, input: NewChatbot): Promise<CreatedChatbot> {
    const chatbot = newChatbot(input);
    this.insert({ accountId: owner.accountId, projectId: owner.projectId, chatbot });
    return chatbot;
  }

  async listByAccount(accountId: string): Promise<readonly Chatbot[]> {
    let snapshot = this.#snapshots.get(accountId);
    if (!snapshot) {
      snapshot = Object.freeze(this.#byAccount.get(accountId)?.map((record) => record.chatbot) ?? []);
      this.#snapshots.set(accountId, snapshot);
    }
    return snapshot;
  }

  all(): readonly StoredChatbot[] {
    return this.#all;
  }

  async replaceAll(records: readonly StoredChatbot[]): Promise<void> {
    this.#byAccount = new Map();
    this.#all = [];
    this.#snapshots = new Map();
    for (const record of records) this.insert(record);
  }

  protected insert(record: StoredChatbot): void {
    const list = this.#byAccount.get(record.accountId);
    if (list) list.push(record);
    else this.#byAccount.set(record.accountId, [record]);
    this.#all.push(record);
    this.#snapshots.delete(record.accountId);
  }
}

export function newChatbot(input: NewChatbot): CreatedChatbot {
  return {
    id: crypto.randomUUID(), // Web Crypto: the same in Node and in a browser
    name: input.name,
    settings: input.settings,
    is_active: true,
    created_at: new Date().toISOString(),
  };
}
